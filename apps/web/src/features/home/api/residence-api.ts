import { useQuery } from '@tanstack/react-query';
import type { CorporationResidence } from '@levy/contracts';
import { callApi } from '../../../lib/api-client';
import * as calls from '@levy/contracts/calls';

export type { CorporationResidence };

/** Per corporation, the states its employees live in (PAYE is owed there) and whether each is registered. */
export function usePayeByResidence(organisationId: string | undefined) {
  return useQuery({
    queryKey: ['paye-by-residence', organisationId],
    queryFn: () => callApi(calls.payeByResidence, { params: { id: organisationId! } }),
    enabled: Boolean(organisationId),
  });
}
