import type { Db } from '../../db/client';
import { deadlineDigests } from './alerts.schema';

/** Records the day's digest; false when one was already recorded for the organisation that day. */
export async function claimDigestDay(executor: Db, input: { organisationId: string; day: string; alertCount: number; recipientCount: number }): Promise<boolean> {
  const rows = await executor.insert(deadlineDigests).values(input).onConflictDoNothing().returning({ id: deadlineDigests.id });
  return rows.length > 0;
}
