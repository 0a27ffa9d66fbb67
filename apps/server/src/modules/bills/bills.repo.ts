import type { Kobo, PayeDeclaredReliefs } from '@levy/tax';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readPage, totalRows } from '../../db/pagination';
import { preparedQuery } from '../../db/prepared';
import { queryRows } from '../../db/raw';
import { readItemPages, writeItemPages, type ItemPages } from '../../db/item-pages';
import {
  billEvents,
  billItemPages,
  billNumbers,
  bills,
  creditNoteSends,
  receiptVerificationAttempts,
  whtCalcPages,
  whtCalcRecords,
  type BillItemTuple,
  type WhtCalcItemTuple,
} from './bills.schema';

/** The bills module's queries: every one takes the executor (the database or a transaction). */

export type BillRow = typeof bills.$inferSelect;
export type NewBill = typeof bills.$inferInsert;
export type BillStatus = BillRow['status'];

/** What a bill's number and its month's other bills are counted by. */
export interface BillMonth {
  corporationId: string;
  stateId: number;
  type: 'paye' | 'wht';
  /** YYYY-MM */
  period: string;
}

/**
 * Takes the month's next bill number in the caller's transaction. The counter's row stays locked
 * until the transaction ends, so bills of one corporation, state, tax and month are stored one at
 * a time (the duplicate check after it sees the bill stored before it), and a rollback returns
 * the number: numbers have no gaps.
 */
export async function takeBillNumber(tx: Db, month: BillMonth): Promise<number> {
  const [row] = await tx
    .insert(billNumbers)
    .values({ ...month, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [billNumbers.corporationId, billNumbers.stateId, billNumbers.type, billNumbers.period],
      set: { lastNumber: sql`${billNumbers.lastNumber} + 1` },
    })
    .returning({ lastNumber: billNumbers.lastNumber });
  return row.lastNumber;
}

/** Bills in these statuses hold their month: a second one is a duplicate unless made supplementary. */
export const MONTH_HOLDING_STATUSES: BillStatus[] = [
  'pending',
  'awaiting_approval',
  'awaiting_payment_confirmation',
  'payment_pending',
  'payment_paid',
];

/** The month's PAYE bill that is paid, being paid or waiting for approval (the oldest), or null. */
export async function standingPayeBill(
  executor: Db,
  month: Omit<BillMonth, 'type'>,
): Promise<{ reference: string; status: BillStatus } | null> {
  const [bill] = await findMonthBills(executor, { ...month, type: 'paye' });
  return bill ? { reference: bill.reference, status: bill.status } : null;
}

const monthBills = preparedQuery((executor) =>
  executor
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.corporationId, sql.placeholder('corporationId')),
        eq(bills.stateId, sql.placeholder('stateId')),
        eq(bills.periodStart, sql.placeholder('periodStart')),
        eq(bills.type, sql.placeholder('type')),
        inArray(bills.status, MONTH_HOLDING_STATUSES),
      ),
    )
    .orderBy(asc(bills.createdAt))
    .prepare('month_bills'),
);

/** The month's bills that are paid, being paid or waiting for approval, oldest first; every bill made asks, so it is prepared. */
export function findMonthBills(executor: Db, month: BillMonth): Promise<BillRow[]> {
  return monthBills(executor, {
    corporationId: month.corporationId,
    stateId: month.stateId,
    periodStart: `${month.period}-01`,
    type: month.type,
  });
}

/** Inserts the bill unless one with its idempotency key exists (then null: the first one stands). */
export async function insertBill(executor: Db, bill: NewBill): Promise<BillRow | null> {
  const [row] = await executor
    .insert(bills)
    .values(bill)
    .onConflictDoNothing({
      target: [bills.organisationId, bills.idempotencyKey],
      where: sql`${bills.idempotencyKey} is not null`,
    })
    .returning();
  return row ?? null;
}

/** One recipient of a bill: an employee (PAYE) or a payee (WHT), money in kobo (see BillItemTuple). */
export interface BillItem {
  rowNumber: number;
  taxPayerNumber: string;
  name: string;
  amountKobo: Kobo | null;
  taxPayableKobo: Kobo;
  expectedTaxKobo: Kobo | null;
  nationality: string | null;
  designation: string | null;
  incomesKobo: Kobo[] | null;
  /** PAYE: the reliefs the employee declared, only those; null when none was (the defaults apply). */
  declaredReliefs: PayeDeclaredReliefs | null;
}

const BILL_ITEM_PAGES: ItemPages = { table: billItemPages, parentColumn: 'bill_id' };

/** A bill's recipients as item pages of BillItemTuple (bill-items.ts), in the bill's transaction: a PAYE file may carry 100,000 of them. */
export async function insertBillItemPages(
  tx: Db,
  billId: string,
  pages: Iterable<string> | AsyncIterable<string>,
): Promise<void> {
  await writeItemPages(tx, BILL_ITEM_PAGES, billId, pages);
}

/** A waiting bill's recipients written again, re-priced at approval, in the approval's transaction. */
export async function replaceBillItemPages(tx: Db, billId: string, pages: Iterable<string>): Promise<void> {
  await tx.delete(billItemPages).where(eq(billItemPages.billId, billId));
  await writeItemPages(tx, BILL_ITEM_PAGES, billId, pages);
}

/** A bill's recipients in file order: those in the window, or all of them. */
export async function listBillItems(
  executor: Db,
  billId: string,
  window?: { limit: number; offset: number },
): Promise<BillItem[]> {
  const tuples = await readItemPages<BillItemTuple>(executor, BILL_ITEM_PAGES, billId, window);
  return tuples.map(
    ([
      rowNumber,
      taxPayerNumber,
      name,
      amountKobo,
      taxPayableKobo,
      expectedTaxKobo,
      nationality,
      designation,
      incomesKobo,
      declaredReliefs,
    ]) => ({
      rowNumber,
      taxPayerNumber,
      name,
      amountKobo,
      taxPayableKobo,
      expectedTaxKobo,
      nationality,
      designation,
      incomesKobo,
      declaredReliefs: declaredReliefs ?? null,
    }),
  );
}

const billEvent = preparedQuery((executor) =>
  executor
    .insert(billEvents)
    .values({ billId: sql.placeholder('billId'), status: sql.placeholder('status'), note: sql.placeholder('note') })
    .prepare('insert_bill_event'),
);

/** A line of the bill's status history; every step of every bill writes one, so it is prepared. */
export async function insertBillEvent(executor: Db, event: { billId: string; status: string; note: string }) {
  await billEvent(executor, event);
}

const billByIdempotencyKey = preparedQuery((executor) =>
  executor
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.organisationId, sql.placeholder('organisationId')),
        eq(bills.idempotencyKey, sql.placeholder('key')),
      ),
    )
    .prepare('bill_by_idempotency_key'),
);

/** The bill a Generate with this key made; every Generate asks first, so it is prepared. */
export async function findBillByIdempotencyKey(
  executor: Db,
  organisationId: string,
  key: string,
): Promise<BillRow | null> {
  const [row] = await billByIdempotencyKey(executor, { organisationId, key });
  return row ?? null;
}

const billById = preparedQuery((executor) =>
  executor
    .select()
    .from(bills)
    .where(eq(bills.id, sql.placeholder('id')))
    .prepare('bill_by_id'),
);

/** A bill by id; every step of making, paying and showing a bill asks, so it is prepared. */
export async function findBill(executor: Db, id: string): Promise<BillRow | null> {
  const [row] = await billById(executor, { id });
  return row ?? null;
}

/** Moves a bill from one of `from` to `status`; false when another process moved it first. */
export async function transitionBill(
  executor: Db,
  id: string,
  from: BillStatus[],
  changes: Partial<NewBill> & { status: BillStatus },
): Promise<boolean> {
  const moved = await executor
    .update(bills)
    .set(changes)
    .where(and(eq(bills.id, id), inArray(bills.status, from)))
    .returning({ id: bills.id });
  return moved.length === 1;
}

/** The statuses in which the wallet has paid and the agency has not yet answered. */
export const SETTLING_STATUSES: BillStatus[] = ['awaiting_payment_confirmation', 'payment_pending'];

/** A settling bill that no attempt to settle holds now. */
const settlementFree = () =>
  and(
    inArray(bills.status, SETTLING_STATUSES),
    sql`(${bills.settlingUntil} is null or ${bills.settlingUntil} < now())`,
  );

/** Nothing reached the gateway, or it holds no payment under the notification: the wallet's money may come back. */
const gatewayHoldsNothing = () => sql`(${bills.gatewayOutcome} is null or ${bills.gatewayOutcome} = 'absent')`;

/**
 * Marks an attempt to settle with the agency as under way for `seconds` (a cancellation waits for
 * it); null when the bill is not settling or another attempt holds it.
 */
export async function claimSettlement(executor: Db, id: string, seconds: number): Promise<BillRow | null> {
  const [row] = await executor
    .update(bills)
    .set({ settlingUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(and(eq(bills.id, id), settlementFree()))
    .returning();
  return row ?? null;
}

export async function releaseSettlement(executor: Db, id: string): Promise<void> {
  await executor.update(bills).set({ settlingUntil: null }).where(eq(bills.id, id));
}

/** Cancels a settling bill unless an attempt to settle it is under way or the gateway may hold its payment; false when it could not. */
export async function cancelSettlingBill(executor: Db, id: string, changes: Partial<NewBill>): Promise<boolean> {
  const moved = await executor
    .update(bills)
    .set({ ...changes, status: 'cancelled' })
    .where(and(eq(bills.id, id), settlementFree(), gatewayHoldsNothing()))
    .returning({ id: bills.id });
  return moved.length === 1;
}

export async function setBillJournals(
  executor: Db,
  id: string,
  journals: { paymentJournalId?: string; refundJournalId?: string },
): Promise<void> {
  await executor.update(bills).set(journals).where(eq(bills.id, id));
}

export async function listBills(
  executor: Db,
  input: { where: SQL | undefined; order: SQL; limit: number; offset: number },
): Promise<{ rows: BillRow[]; total: number }> {
  return readPage(
    (page) =>
      executor
        .select({ ...getTableColumns(bills), total: totalRows() })
        .from(bills)
        .where(input.where)
        .orderBy(input.order, desc(bills.reference))
        .limit(page.limit)
        .offset(page.offset),
    input,
  );
}

const billEventsOf = preparedQuery((executor) =>
  executor
    .select()
    .from(billEvents)
    .where(eq(billEvents.billId, sql.placeholder('billId')))
    .orderBy(asc(billEvents.sequence))
    .prepare('bill_events_of_bill'),
);

/** A bill's status history, oldest first; every bill shown asks, so it is prepared. */
export function listBillEvents(executor: Db, billId: string) {
  return billEventsOf(executor, { billId });
}

/** A calculated payee: the file's row, who, and the amount with the tax on it. */
export interface WhtCalcItem {
  rowNumber: number;
  taxPayerNumber: string;
  name: string;
  amountKobo: Kobo;
  taxPayableKobo: Kobo;
}

const WHT_CALC_PAGES: ItemPages = { table: whtCalcPages, parentColumn: 'record_id' };

/** A calculation with its payees as item pages of WhtCalcItemTuple (bill-items.ts). */
export async function insertWhtCalcRecord(
  tx: Db,
  record: typeof whtCalcRecords.$inferInsert,
  pages: Iterable<string> | AsyncIterable<string>,
) {
  const [row] = await tx.insert(whtCalcRecords).values(record).returning();
  await writeItemPages(tx, WHT_CALC_PAGES, row.id, pages);
  return row;
}

export async function findWhtCalcRecord(executor: Db, where: { id?: string; reference?: string }) {
  const [row] = await executor
    .select()
    .from(whtCalcRecords)
    .where(where.id ? eq(whtCalcRecords.id, where.id) : eq(whtCalcRecords.reference, where.reference ?? ''));
  return row ?? null;
}

/** A calculation's payees in file order: those in the window, or all of them. */
export async function listWhtCalcItems(
  executor: Db,
  recordId: string,
  window?: { limit: number; offset: number },
): Promise<WhtCalcItem[]> {
  const tuples = await readItemPages<WhtCalcItemTuple>(executor, WHT_CALC_PAGES, recordId, window);
  return tuples.map(([rowNumber, taxPayerNumber, name, amountKobo, taxPayableKobo]) => ({
    rowNumber,
    taxPayerNumber,
    name,
    amountKobo,
    taxPayableKobo,
  }));
}

/** Bills an organisation has generated, whatever became of them (the onboarding summary's count). */
export async function countBills(executor: Db, organisationId: string): Promise<number> {
  const [row] = await executor.select({ total: count() }).from(bills).where(eq(bills.organisationId, organisationId));
  return row.total;
}

const billPeriods = preparedQuery((executor) =>
  executor
    .select({
      id: bills.id,
      reference: bills.reference,
      corporationId: bills.corporationId,
      stateId: bills.stateId,
      type: bills.type,
      periodStart: bills.periodStart,
      status: bills.status,
      amountDueKobo: bills.amountDueKobo,
      paidAt: bills.paidAt,
      createdAt: bills.createdAt,
    })
    .from(bills)
    .where(eq(bills.organisationId, sql.placeholder('organisationId')))
    .orderBy(asc(bills.periodStart))
    .prepare('bill_periods_of_organisation'),
);

/**
 * Every bill of an organisation reduced to what deadlines need: who, where, which month, status,
 * amount, when paid. The dashboard, alerts and sign-in all ask, so it is prepared.
 */
export function billPeriodsOfOrganisation(executor: Db, organisationId: string) {
  return billPeriods(executor, { organisationId });
}

/** A corporation's paid PAYE bills in a state for the tax months of a year, oldest first. */
export function paidPayeBillsOfYear(executor: Db, key: { corporationId: string; stateId: number; year: number }) {
  return executor
    .select({
      id: bills.id,
      reference: bills.reference,
      periodStart: bills.periodStart,
      supplementary: bills.supplementary,
      supplementaryReason: bills.supplementaryReason,
      amountDueKobo: bills.amountDueKobo,
    })
    .from(bills)
    .where(
      and(
        eq(bills.corporationId, key.corporationId),
        eq(bills.stateId, key.stateId),
        eq(bills.type, 'paye'),
        eq(bills.status, 'payment_paid'),
        gte(bills.periodStart, `${key.year}-01-01`),
        lte(bills.periodStart, `${key.year}-12-31`),
      ),
    )
    .orderBy(asc(bills.periodStart), asc(bills.createdAt));
}

/** The organisation's paid bills with the figures a bank debit can be matched on. */
export function paidBillsOfOrganisation(executor: Db, organisationId: string) {
  return executor
    .select({
      id: bills.id,
      reference: bills.reference,
      type: bills.type,
      periodStart: bills.periodStart,
      amountDueKobo: bills.amountDueKobo,
      totalKobo: bills.totalKobo,
      paidAt: bills.paidAt,
    })
    .from(bills)
    .where(and(eq(bills.organisationId, organisationId), eq(bills.status, 'payment_paid')))
    .orderBy(asc(bills.paidAt));
}

/**
 * Counts a verify-page lookup for the address unless it already has `max` within the window
 * (decision 0009, as the calculator's share limit): null when it has, else the reservation's id.
 * An advisory lock per address (namespace 4), held to the end of the caller's transaction, makes
 * parallel lookups from one address count one at a time in every process.
 */
export async function reserveVerificationAttempt(
  executor: Db,
  attempt: { address: string; at: Date; windowMs: number; max: number },
): Promise<string | null> {
  const at = attempt.at.toISOString();
  const since = new Date(attempt.at.getTime() - attempt.windowMs).toISOString();
  await executor.execute(sql`select pg_advisory_xact_lock(4, hashtext(${attempt.address}))`);
  await executor
    .delete(receiptVerificationAttempts)
    .where(
      and(
        eq(receiptVerificationAttempts.ipAddress, attempt.address),
        lte(receiptVerificationAttempts.createdAt, sql`${since}::timestamptz`),
      ),
    );
  const rows = await queryRows<{ id: string }>(
    executor,
    sql`
    insert into ${receiptVerificationAttempts} (ip_address, created_at)
    select ${attempt.address}, ${at}::timestamptz
    where (select count(*) from ${receiptVerificationAttempts} where ip_address = ${attempt.address} and created_at > ${since}::timestamptz) < ${attempt.max}
    returning id`,
  );
  return rows[0]?.id ?? null;
}

/** Gives a reservation back: the lookup it counted found a genuine receipt. */
export async function releaseVerificationAttempt(executor: Db, id: string): Promise<void> {
  await executor.delete(receiptVerificationAttempts).where(eq(receiptVerificationAttempts.id, id));
}

/** The limits on mailing credit notes: how many sends a user may make, and how often one note may go. */
export interface CreditNoteSendLimits {
  perUser: { max: number; windowMs: number };
  perNote: { max: number; windowMs: number };
}

/**
 * Counts a credit note's send unless the user or the note has reached its limit (decision 0042,
 * counted as decision 0009 counts sign-ins): 'user' or 'note' names the limit reached, else null
 * and the send is counted. Advisory locks on the user (namespace 5), then the note (namespace 6),
 * always in that order, make parallel sends count one at a time in every process.
 */
export async function reserveCreditNoteSend(
  executor: Db,
  send: { userId: string; billId: string; row: number; at: Date; limits: CreditNoteSendLimits },
): Promise<'user' | 'note' | null> {
  const { perUser, perNote } = send.limits;
  const userSince = new Date(send.at.getTime() - perUser.windowMs).toISOString();
  const noteSince = new Date(send.at.getTime() - perNote.windowMs).toISOString();
  const oldest = new Date(send.at.getTime() - Math.max(perUser.windowMs, perNote.windowMs)).toISOString();
  await executor.execute(sql`select pg_advisory_xact_lock(5, hashtext(${send.userId}))`);
  await executor.execute(sql`select pg_advisory_xact_lock(6, hashtext(${`${send.billId}:${send.row}`}))`);
  await executor
    .delete(creditNoteSends)
    .where(and(eq(creditNoteSends.userId, send.userId), lte(creditNoteSends.createdAt, sql`${oldest}::timestamptz`)));
  const [counts] = await queryRows<{ by_user: number; by_note: number }>(
    executor,
    sql`
    select
      (select count(*)::int from ${creditNoteSends} where user_id = ${send.userId} and created_at > ${userSince}::timestamptz) as by_user,
      (select count(*)::int from ${creditNoteSends} where bill_id = ${send.billId} and row_number = ${send.row}
        and created_at > ${noteSince}::timestamptz) as by_note`,
  );
  if (counts.by_user >= perUser.max) return 'user';
  if (counts.by_note >= perNote.max) return 'note';
  await executor
    .insert(creditNoteSends)
    .values({ userId: send.userId, billId: send.billId, rowNumber: send.row, createdAt: send.at });
  return null;
}

/** Bills paid at or after an instant, oldest payment first: what a new MPR row could reach. */
/** Paid bills for tax months starting on or after `periodStart` (YYYY-MM-DD), with what their charge was computed from. */
export function paidBillsForPeriodsFrom(executor: Db, periodStart: string) {
  return executor
    .select({
      reference: bills.reference,
      type: bills.type,
      periodStart: bills.periodStart,
      amountDueKobo: bills.amountDueKobo,
      recipientCount: bills.recipientCount,
      paidAt: bills.paidAt,
    })
    .from(bills)
    .where(and(eq(bills.status, 'payment_paid'), gte(bills.periodStart, periodStart)))
    .orderBy(asc(bills.periodStart), asc(bills.reference));
}

/** WHT bills whose money has been taken (paid, or settling with the agency), of tax months from `periodStart` on. */
export function chargedWhtBillsForPeriodsFrom(executor: Db, periodStart: string) {
  return executor
    .select({
      reference: bills.reference,
      whtType: bills.whtType,
      stateId: bills.stateId,
      periodStart: bills.periodStart,
    })
    .from(bills)
    .where(
      and(
        eq(bills.type, 'wht'),
        inArray(bills.status, ['payment_pending', 'payment_paid']),
        gte(bills.periodStart, periodStart),
      ),
    )
    .orderBy(asc(bills.periodStart), asc(bills.reference));
}

export function billsPaidSince(executor: Db, since: Date) {
  return executor
    .select({
      reference: bills.reference,
      type: bills.type,
      stateId: bills.stateId,
      periodStart: bills.periodStart,
      amountDueKobo: bills.amountDueKobo,
      paidAt: bills.paidAt,
    })
    .from(bills)
    .where(and(eq(bills.status, 'payment_paid'), gte(bills.paidAt, since)))
    .orderBy(asc(bills.paidAt));
}

/** What the gateway last said of a bill's payment, and when; `confirmedAt` only when it said paid. */
export async function recordGatewayStatus(
  executor: Db,
  id: string,
  said: { outcome: NonNullable<BillRow['gatewayOutcome']>; status: string; at: Date; transactionId?: string },
): Promise<void> {
  await executor
    .update(bills)
    .set({
      gatewayOutcome: said.outcome,
      gatewayStatus: said.status,
      gatewayCheckedAt: said.at,
      ...(said.outcome === 'paid' ? { gatewayConfirmedAt: said.at } : {}),
      ...(said.transactionId ? { gatewayTransactionId: said.transactionId } : {}),
    })
    .where(eq(bills.id, id));
}

/**
 * The bills whose payment the gateway is asked about again: paid since `since`, or paid from the
 * wallet and still waiting for the gateway's final word (a notification was sent).
 */
export function billsToReconcile(executor: Db, since: Date): Promise<BillRow[]> {
  return executor
    .select()
    .from(bills)
    .where(
      and(
        isNotNull(bills.gatewayTransactionId),
        or(and(eq(bills.status, 'payment_paid'), gte(bills.paidAt, since)), inArray(bills.status, SETTLING_STATUSES)),
      ),
    )
    .orderBy(asc(bills.createdAt));
}
