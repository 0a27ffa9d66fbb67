import { listDevelopmentMailbox } from '@levy/contracts';
import { defineRoute } from '../../http/route';
import type { MailService } from './mail.service';

/** The development mailbox: only registered when NODE_ENV is not production. */
export function developmentMailboxRoutes(mail: MailService) {
  return [
    defineRoute({
      contract: listDevelopmentMailbox,
      handler: async () =>
        (await mail.listRecent(100)).map(({ to, subject, text, links, attachments, created_at }) => ({
          to,
          subject,
          text,
          links,
          attachments,
          created_at,
        })),
    }),
  ];
}
