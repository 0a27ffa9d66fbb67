import type { MailTransport } from '../../adapters/mail/mail-transport';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/jobs';
import { developmentMailboxRoutes } from './mail.routes';
import { createMailService } from './mail.service';

export type { MailService, OutgoingMail } from './mail.service';

/** The outbox and its delivery job; outside production, the development mailbox's calls too. */
export function mailModule(deps: {
  db: Db;
  jobs: Jobs;
  transport: MailTransport;
  logLink: (to: string, link: string) => void;
  production: boolean;
}) {
  const mail = createMailService(deps);
  return { ...mail, routes: deps.production ? [] : developmentMailboxRoutes(mail) };
}

export type MailModule = ReturnType<typeof mailModule>;
