import { useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api-client';
import * as calls from '@levy/contracts/calls';

export type { MailboxMessage } from '@levy/contracts';

/** The development mailbox; the call fails quietly where the server does not offer it (production). */
export function useDevelopmentMailbox({ refetchInterval }: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: () => callApi(calls.listDevelopmentMailbox, { quiet: true }),
    refetchInterval,
  });
}
