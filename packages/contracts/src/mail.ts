import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';

/** A message of the development mailbox. */
export const mailboxMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  attachments: z
    .array(z.object({ filename: z.string(), content_type: z.string(), bytes: z.number() }))
    .describe('Documents sent with the mail, by name and size'),
  created_at: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessage>;

/** Development only (not served in production): the outbox, newest first. */
export const listDevelopmentMailbox = defineContract(calls.listDevelopmentMailbox, {
  summary: 'Development only: the outbox, newest first',
  response: z.array(mailboxMessage),
});
