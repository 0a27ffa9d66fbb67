import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw';
import { outbox, type StoredAttachment } from './mail.schema';

export type OutboxRow = typeof outbox.$inferSelect;

export async function insertOutboxMail(
  executor: Db,
  mail: { to: string; subject: string; text: string; links: string[]; attachments: StoredAttachment[] },
): Promise<string> {
  const [row] = await executor.insert(outbox).values(mail).returning({ id: outbox.id });
  return row.id;
}

/**
 * Takes the mail to 'sending' in one statement: a second delivery of the same job (after a crash
 * between sending and recording) finds it 'sent' and gets nothing.
 */
export async function claimOutboxMail(executor: Db, outboxId: string) {
  const [row] = await queryRows<{
    id: string;
    to: string;
    subject: string;
    text: string;
    links: string[];
    attachments: StoredAttachment[];
  }>(
    executor,
    sql`
    update ${outbox} set status = 'sending', claimed_at = now()
    where id = ${outboxId} and status in ('pending', 'sending', 'failed')
    returning id, "to", subject, text, links, attachments`,
  );
  return row;
}

export async function markOutboxFailed(executor: Db, outboxId: string, error: string): Promise<void> {
  await executor.update(outbox).set({ status: 'failed', error }).where(eq(outbox.id, outboxId));
}

export async function markOutboxDone(executor: Db, outboxId: string, status: 'sent' | 'logged'): Promise<void> {
  await executor.update(outbox).set({ status, sentAt: new Date(), error: null }).where(eq(outbox.id, outboxId));
}

export function findRecentOutboxMail(executor: Db, limit: number): Promise<OutboxRow[]> {
  return executor
    .select()
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(sql`ctid`))
    .limit(limit);
}
