import { desc, eq, sql } from 'drizzle-orm';
import type { MailTransport } from '../../adapters/mail/mail-transport';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw';
import { outbox } from '../../db/schema/index';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Links in the mail, listed separately so the development mailbox and log can show them. */
  links?: string[];
}

export interface MailService {
  /** Writes the mail to the outbox in the caller's transaction; it goes out after commit. */
  enqueue(executor: Db, mail: OutgoingMail): Promise<void>;
  /** Sends whatever is pending; called after a commit and by a periodic sweep. */
  dispatchPending(): Promise<number>;
  listRecent(limit: number): Promise<Array<{ to: string; subject: string; text: string; links: string[]; status: string; created_at: string }>>;
  start(): void;
  stop(): Promise<void>;
}

// The attempt right after enqueue can run before the enqueuing transaction commits (on PostgreSQL
// it uses another connection), so a short sweep bounds how long any mail waits.
const SWEEP_INTERVAL_MS = 1_000;

export function createMailService(deps: { db: Db; transport: MailTransport; logLink: (to: string, link: string) => void }): MailService {
  let sweep: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function dispatchOnce(): Promise<number> {
    // Claim in a short statement, deliver outside any transaction (a slow SMTP server must not hold
    // the database), then record the outcome. SKIP LOCKED lets several processes share the outbox;
    // a claim older than five minutes belongs to a process that died and is taken over.
    const claimed = await queryRows<{ id: string; to: string; subject: string; text: string; links: string[] }>(deps.db, sql`
      update ${outbox} set status = 'sending', claimed_at = now()
      where id in (
        select id from ${outbox}
        where status = 'pending' or (status = 'sending' and claimed_at < now() - interval '5 minutes')
        order by created_at limit 20 for update skip locked)
      returning id, "to", subject, text, links`);
    for (const row of claimed) {
      try {
        await deps.transport.deliver({ to: row.to, subject: row.subject, text: row.text });
        if (deps.transport.kind === 'log') for (const link of row.links) deps.logLink(row.to, link);
        await deps.db
          .update(outbox)
          .set({ status: deps.transport.kind === 'smtp' ? 'sent' : 'logged', sentAt: new Date(), error: null })
          .where(eq(outbox.id, row.id));
      } catch (error) {
        await deps.db
          .update(outbox)
          .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
          .where(eq(outbox.id, row.id));
      }
    }
    return claimed.length;
  }

  const service: MailService = {
    async enqueue(executor, mail) {
      await executor.insert(outbox).values({ to: mail.to, subject: mail.subject, text: mail.text, links: mail.links ?? [] });
      // After the caller's transaction commits; a mail enqueued in a rolled-back transaction never existed.
      setImmediate(() => void service.dispatchPending().catch(() => undefined));
    },
    async dispatchPending() {
      if (running) return running;
      running = dispatchOnce().finally(() => {
        running = null;
      });
      return running;
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
    start() {
      sweep = setInterval(() => void service.dispatchPending().catch(() => undefined), SWEEP_INTERVAL_MS);
      sweep.unref();
    },
    async stop() {
      if (sweep) clearInterval(sweep);
      await running;
      deps.transport.close();
    },
  };
  return service;
}
