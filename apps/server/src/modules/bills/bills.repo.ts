import type { Kobo } from '@levy/tax';
import { and, asc, between, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { copyRows } from '../../db/copy';
import { queryRows } from '../../db/raw';
import { billEvents, billItems, bills, billSerial, whtCalcPages, whtCalcRecords, type WhtCalcItemTuple } from './bills.schema';

/** The bills module's queries: every one takes the executor (the database or a transaction). */

export type BillRow = typeof bills.$inferSelect;
export type NewBill = typeof bills.$inferInsert;
export type NewBillItem = typeof billItems.$inferInsert;
export type BillStatus = BillRow['status'];

export async function nextBillSerial(executor: Db): Promise<number> {
  const [row] = await queryRows<{ serial: string }>(executor, sql`select nextval(${sql.raw(`'${billSerial.seqName}'`)}) as serial`);
  return Number(row.serial);
}

/** Inserts the bill unless one with its idempotency key exists (then null: the first one stands). */
export async function insertBill(executor: Db, bill: NewBill): Promise<BillRow | null> {
  const [row] = await executor
    .insert(bills)
    .values(bill)
    .onConflictDoNothing({ target: [bills.organisationId, bills.idempotencyKey], where: sql`${bills.idempotencyKey} is not null` })
    .returning();
  return row ?? null;
}

/** A bill's recipients, by COPY: a PAYE file may carry 100,000 of them. */
export async function insertBillItems(tx: Db, billId: string, items: Array<Omit<NewBillItem, 'billId'>>) {
  await copyRows(tx, billItems, items, {
    bill_id: () => billId,
    row_number: (item) => item.rowNumber,
    tax_payer_number: (item) => item.taxPayerNumber,
    name: (item) => item.name,
    amount_kobo: (item) => item.amountKobo ?? null,
    tax_payable_kobo: (item) => item.taxPayableKobo,
    expected_tax_kobo: (item) => item.expectedTaxKobo ?? null,
    nationality: (item) => item.nationality ?? null,
    designation: (item) => item.designation ?? null,
    incomes_kobo: (item) => item.incomesKobo ?? null,
  });
}

export async function insertBillEvent(executor: Db, event: { billId: string; status: string; note: string }) {
  await executor.insert(billEvents).values(event);
}

export async function findBillByIdempotencyKey(executor: Db, organisationId: string, key: string): Promise<BillRow | null> {
  const [row] = await executor
    .select()
    .from(bills)
    .where(and(eq(bills.organisationId, organisationId), eq(bills.idempotencyKey, key)));
  return row ?? null;
}

export async function findBill(executor: Db, id: string): Promise<BillRow | null> {
  const [row] = await executor.select().from(bills).where(eq(bills.id, id));
  return row ?? null;
}

/** Moves a bill from one of `from` to `status`; false when another process moved it first. */
export async function transitionBill(executor: Db, id: string, from: BillStatus[], changes: Partial<NewBill> & { status: BillStatus }): Promise<boolean> {
  const moved = await executor
    .update(bills)
    .set(changes)
    .where(and(eq(bills.id, id), inArray(bills.status, from)))
    .returning({ id: bills.id });
  return moved.length === 1;
}

export async function listBills(executor: Db, input: { where: SQL | undefined; order: SQL; limit: number; offset: number }): Promise<{ rows: BillRow[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    executor.select().from(bills).where(input.where).orderBy(input.order, desc(bills.reference)).limit(input.limit).offset(input.offset),
    executor.select({ total: count() }).from(bills).where(input.where),
  ]);
  return { rows, total };
}

export async function listBillEvents(executor: Db, billId: string) {
  return executor.select().from(billEvents).where(eq(billEvents.billId, billId)).orderBy(asc(billEvents.sequence));
}

export async function listBillItems(executor: Db, billId: string, window: { search: string | null; limit: number; offset: number }) {
  const where = and(eq(billItems.billId, billId), window.search ? sql`(${ilike(billItems.name, window.search)} or ${ilike(billItems.taxPayerNumber, window.search)})` : undefined);
  const [rows, [{ total }]] = await Promise.all([
    executor.select().from(billItems).where(where).orderBy(asc(billItems.rowNumber)).limit(window.limit).offset(window.offset),
    executor.select({ total: count() }).from(billItems).where(where),
  ]);
  return { rows, total };
}

/** PAYE items whose declared tax differs from the engine's by more than the tolerance. */
export async function listDifferingItems(executor: Db, billId: string, toleranceKobo: number, limit: number) {
  return executor
    .select()
    .from(billItems)
    .where(and(eq(billItems.billId, billId), sql`abs(${billItems.taxPayableKobo} - ${billItems.expectedTaxKobo}) > ${toleranceKobo}`))
    .orderBy(asc(billItems.rowNumber))
    .limit(limit);
}

/** A calculated payee: the file's row, who, and the amount with the tax on it. */
export interface WhtCalcItem {
  rowNumber: number;
  taxPayerNumber: string;
  name: string;
  amountKobo: Kobo;
  taxPayableKobo: Kobo;
}

/** Payees stored per `wht_calc_pages` row. */
export const WHT_CALC_PAGE_SIZE = 1_000;

export async function insertWhtCalcRecord(tx: Db, record: typeof whtCalcRecords.$inferInsert, items: readonly WhtCalcItem[]) {
  const [row] = await tx.insert(whtCalcRecords).values(record).returning();
  const pages = Array.from({ length: Math.ceil(items.length / WHT_CALC_PAGE_SIZE) }, (_, page) => page);
  // COPY with the JSON text written here: an INSERT of the same 100 values took seconds in the driver.
  await copyRows(tx, whtCalcPages, pages, {
    record_id: () => row.id,
    page: (page) => page,
    items: (page) => {
      const tuples = items.slice(page * WHT_CALC_PAGE_SIZE, (page + 1) * WHT_CALC_PAGE_SIZE).map((item): WhtCalcItemTuple => [item.rowNumber, item.taxPayerNumber, item.name, item.amountKobo, item.taxPayableKobo]);
      return JSON.stringify(tuples);
    },
  });
  return row;
}

export async function findWhtCalcRecord(executor: Db, where: { id?: string; reference?: string }) {
  const [row] = await executor
    .select()
    .from(whtCalcRecords)
    .where(where.id ? eq(whtCalcRecords.id, where.id) : eq(whtCalcRecords.reference, where.reference ?? ''));
  return row ?? null;
}

/** The payees from `offset` on, at most `limit` of them, reading only the stored pages that hold them. */
export async function listWhtCalcItems(executor: Db, recordId: string, window: { limit: number; offset: number }): Promise<WhtCalcItem[]> {
  if (window.limit <= 0) return [];
  const first = Math.floor(window.offset / WHT_CALC_PAGE_SIZE);
  const last = Math.floor((window.offset + window.limit - 1) / WHT_CALC_PAGE_SIZE);
  const pages = await executor
    .select({ items: whtCalcPages.items })
    .from(whtCalcPages)
    .where(and(eq(whtCalcPages.recordId, recordId), between(whtCalcPages.page, first, last)))
    .orderBy(asc(whtCalcPages.page));
  const skip = window.offset - first * WHT_CALC_PAGE_SIZE;
  return pages
    .flatMap((page) => page.items)
    .slice(skip, skip + window.limit)
    .map(([rowNumber, taxPayerNumber, name, amountKobo, taxPayableKobo]) => ({ rowNumber, taxPayerNumber, name, amountKobo, taxPayableKobo }));
}

/** Bills an organisation has generated, whatever became of them (the onboarding summary's count). */
export async function countBills(executor: Db, organisationId: string): Promise<number> {
  const [row] = await executor.select({ total: count() }).from(bills).where(eq(bills.organisationId, organisationId));
  return row.total;
}

/** Every bill of an organisation reduced to what deadlines need: who, where, which month, status, amount, when paid. */
export function billPeriodsOfOrganisation(executor: Db, organisationId: string) {
  return executor
    .select({ corporationId: bills.corporationId, stateId: bills.stateId, type: bills.type, periodStart: bills.periodStart, status: bills.status, amountDueKobo: bills.amountDueKobo, paidAt: bills.paidAt, createdAt: bills.createdAt })
    .from(bills)
    .where(eq(bills.organisationId, organisationId))
    .orderBy(asc(bills.periodStart));
}

/** The organisation's paid bills with the figures a bank debit can be matched on. */
export function paidBillsOfOrganisation(executor: Db, organisationId: string) {
  return executor
    .select({ id: bills.id, reference: bills.reference, type: bills.type, periodStart: bills.periodStart, amountDueKobo: bills.amountDueKobo, totalKobo: bills.totalKobo, paidAt: bills.paidAt })
    .from(bills)
    .where(and(eq(bills.organisationId, organisationId), eq(bills.status, 'payment_paid')))
    .orderBy(asc(bills.paidAt));
}
