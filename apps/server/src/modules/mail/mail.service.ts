import { desc, eq, sql } from 'drizzle-orm';
import type { MailTransport } from '../../adapters/mail/mail-transport';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/jobs';
import { queryRows } from '../../db/raw';
import { outbox } from './mail.schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Links in the mail, listed separately so the development mailbox and log can show them. */
  links?: string[];
}

export interface MailService {
  /** Writes the mail to the outbox and queues its delivery, both in the caller's transaction. */
  enqueue(executor: Db, mail: OutgoingMail): Promise<void>;
  listRecent(limit: number): Promise<Array<{ to: string; subject: string; text: string; links: string[]; status: string; created_at: string }>>;
  stop(): void;
}

export const DELIVER_MAIL_JOB = 'mail.deliver';

/**
 * The outbox: each mail is a row written with the change that caused it, and a delivery job
 * queued in the same transaction, so a rolled-back change sends nothing and a committed one is
 * delivered even if this process dies first (the job is retried with backoff; decision 0006).
 */
export function createMailService(deps: { db: Db; jobs: Jobs; transport: MailTransport; logLink: (to: string, link: string) => void }): MailService {
  async function deliver({ outboxId }: { outboxId: string }) {
    // Taking the row to 'sending' in one statement: a second delivery of the same job (after a
    // crash between sending and recording) finds it 'sent' and does nothing.
    const [row] = await queryRows<{ id: string; to: string; subject: string; text: string; links: string[] }>(deps.db, sql`
      update ${outbox} set status = 'sending', claimed_at = now()
      where id = ${outboxId} and status in ('pending', 'sending', 'failed')
      returning id, "to", subject, text, links`);
    if (!row) return;
    try {
      await deps.transport.deliver({ to: row.to, subject: row.subject, text: row.text });
    } catch (error) {
      await deps.db
        .update(outbox)
        .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
        .where(eq(outbox.id, row.id));
      throw error;
    }
    if (deps.transport.kind === 'log') for (const link of row.links) deps.logLink(row.to, link);
    await deps.db
      .update(outbox)
      .set({ status: deps.transport.kind === 'smtp' ? 'sent' : 'logged', sentAt: new Date(), error: null })
      .where(eq(outbox.id, row.id));
  }

  deps.jobs.define<{ outboxId: string }>({
    name: DELIVER_MAIL_JOB,
    // A mail server that is down for a while: 5 tries over about two and a half minutes.
    options: { retryLimit: 5, retryDelaySeconds: 5, pollingIntervalSeconds: 0.5, expireInSeconds: 120 },
    handle: deliver,
  });

  return {
    async enqueue(executor, mail) {
      const [row] = await executor.insert(outbox).values({ to: mail.to, subject: mail.subject, text: mail.text, links: mail.links ?? [] }).returning({ id: outbox.id });
      await deps.jobs.enqueue(executor, DELIVER_MAIL_JOB, { outboxId: row.id });
    },
    async listRecent(limit) {
      const rows = await deps.db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(sql`ctid`)).limit(limit);
      return rows.map((row) => ({
        to: row.to,
        subject: row.subject,
        text: row.text,
        links: row.links,
        status: row.status,
        created_at: row.createdAt.toISOString(),
      }));
    },
    stop() {
      deps.transport.close();
    },
  };
}
