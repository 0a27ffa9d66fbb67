import { useQuery } from '@tanstack/react-query';
import * as calls from '@levy/contracts/public-calls';
import { callApi } from '../lib/api-client';

/** What kind of deployment this is; it does not change while the app runs. */
export function useDeployment() {
  return useQuery({
    queryKey: ['deployment'],
    queryFn: () => callApi(calls.getDeployment, { quiet: true }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
