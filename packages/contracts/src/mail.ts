import { z } from './zod';
import { defineContract } from './api';

/** A message of the development mailbox. */
export const mailboxMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  created_at: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessage>;

/** Development only (not served in production): the outbox, newest first. */
export const listDevelopmentMailbox = defineContract({
  method: 'GET',
  namespace: 'public',
  path: 'dev/mailbox',
  response: z.array(mailboxMessage),
});
