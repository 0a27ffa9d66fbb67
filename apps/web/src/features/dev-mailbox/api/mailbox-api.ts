import { useQuery } from '@tanstack/react-query';
import { callGateway } from '../../../lib/api-client';

export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  links: string[];
  created_at: string;
}

/** The development mailbox; the call fails quietly where the server does not offer it (production). */
export function useDevelopmentMailbox({ refetchInterval }: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: () => callGateway<MailboxMessage[]>({ method: 'GET', namespace: 'public', path: 'dev/mailbox', quiet: true }),
    refetchInterval,
  });
}
