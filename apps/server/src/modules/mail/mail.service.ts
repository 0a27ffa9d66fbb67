import type { MailAttachment, MailTransport } from '../../adapters/mail/mail-transport';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/jobs';
import * as repo from './mail.repo';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Links in the mail, listed separately so the development mailbox and log can show them. */
  links?: string[];
  /** Small documents only: they are kept in the outbox row until delivered. */
  attachments?: MailAttachment[];
}

export interface MailService {
  /** Writes the mail to the outbox and queues its delivery, both in the caller's transaction. */
  enqueue(executor: Db, mail: OutgoingMail): Promise<void>;
  listRecent(limit: number): Promise<
    Array<{
      to: string;
      subject: string;
      text: string;
      links: string[];
      attachments: Array<{ filename: string; content_type: string; bytes: number }>;
      status: string;
      created_at: string;
    }>
  >;
  stop(): void;
}

export const DELIVER_MAIL_JOB = 'mail.deliver';

/**
 * The outbox: each mail is a row written with the change that caused it, and a delivery job
 * queued in the same transaction, so a rolled-back change sends nothing and a committed one is
 * delivered even if this process dies first (the job is retried with backoff; decision 0006).
 */
export function createMailService(deps: {
  db: Db;
  jobs: Jobs;
  transport: MailTransport;
  logLink: (to: string, link: string) => void;
}): MailService {
  async function deliver({ outboxId }: { outboxId: string }) {
    const row = await repo.claimOutboxMail(deps.db, outboxId);
    if (!row) return;
    try {
      const attachments = row.attachments.map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: Buffer.from(attachment.base64, 'base64'),
      }));
      await deps.transport.deliver({ to: row.to, subject: row.subject, text: row.text, attachments });
    } catch (error) {
      await repo.markOutboxFailed(deps.db, row.id, error instanceof Error ? error.message : String(error));
      throw error;
    }
    if (deps.transport.kind === 'log') for (const link of row.links) deps.logLink(row.to, link);
    await repo.markOutboxDone(deps.db, row.id, deps.transport.kind === 'smtp' ? 'sent' : 'logged');
  }

  deps.jobs.define<{ outboxId: string }>({
    name: DELIVER_MAIL_JOB,
    // A mail server that is down for a while: 5 tries over about two and a half minutes.
    options: { retryLimit: 5, retryDelaySeconds: 5, pollingIntervalSeconds: 0.5, expireInSeconds: 120 },
    handle: deliver,
  });

  return {
    async enqueue(executor, mail) {
      const attachments = (mail.attachments ?? []).map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        base64: attachment.content.toString('base64'),
      }));
      const outboxId = await repo.insertOutboxMail(executor, {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        links: mail.links ?? [],
        attachments,
      });
      await deps.jobs.enqueue(executor, DELIVER_MAIL_JOB, { outboxId });
    },
    async listRecent(limit) {
      const rows = await repo.findRecentOutboxMail(deps.db, limit);
      return rows.map((row) => ({
        to: row.to,
        subject: row.subject,
        text: row.text,
        links: row.links,
        attachments: row.attachments.map((attachment) => ({
          filename: attachment.filename,
          content_type: attachment.contentType,
          bytes: Buffer.byteLength(attachment.base64, 'base64'),
        })),
        status: row.status,
        created_at: row.createdAt.toISOString(),
      }));
    },
    stop() {
      deps.transport.close();
    },
  };
}
