import { asKobo, type Kobo } from '@levy/tax';
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { copyRows } from '../../db/copy';
import type { Db } from '../../db/client';
import { readPage, totalRows, type PageWindow } from '../../db/pagination';
import { creditNotes, vendors } from './vendors.schema';

/** The vendors module's queries: every one takes the executor (the database or a transaction). */

export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type VendorRow = typeof vendors.$inferSelect;

/** Vendors upserted per statement: a bill may pay thousands of payees. */
const VENDORS_PER_INSERT = 1_000;

/**
 * A paid WHT bill's payees as credit notes, and each payee as a vendor (the name on this bill
 * replaces an older one; an email set by the organisation stays), in the caller's transaction.
 */
export async function recordCreditNotes(tx: Db, notes: readonly CreditNoteRow[]): Promise<void> {
  if (notes.length === 0) return;
  await copyRows(tx, creditNotes, notes, {
    bill_id: (note) => note.billId,
    row_number: (note) => note.rowNumber,
    organisation_id: (note) => note.organisationId,
    corporation_id: (note) => note.corporationId,
    tax_payer_number: (note) => note.taxPayerNumber,
    name: (note) => note.name,
    bill_reference: (note) => note.billReference,
    wht_type: (note) => note.whtType,
    period_start: (note) => note.periodStart,
    gross_kobo: (note) => note.grossKobo,
    tax_kobo: (note) => note.taxKobo,
    paid_at: (note) => note.paidAt.toISOString(),
  });
  // The last row of a Tax ID in the file names the vendor.
  const latest = [...new Map(notes.map((note) => [note.taxPayerNumber, note])).values()];
  for (let start = 0; start < latest.length; start += VENDORS_PER_INSERT) {
    await tx
      .insert(vendors)
      .values(
        latest.slice(start, start + VENDORS_PER_INSERT).map((note) => ({
          organisationId: note.organisationId,
          taxPayerNumber: note.taxPayerNumber,
          name: note.name,
        })),
      )
      .onConflictDoUpdate({
        target: [vendors.organisationId, vendors.taxPayerNumber],
        set: { name: sql`excluded.name`, updatedAt: sql`now()` },
      });
  }
}

export interface VendorListRow {
  taxPayerNumber: string;
  name: string;
  email: string | null;
  /** The WHT type most of the vendor's notes are of (the latest, on a tie). */
  usualWhtType: string;
}

const ownNotes = sql`c.organisation_id = ${vendors.organisationId} and c.tax_payer_number = ${vendors.taxPayerNumber}`;
const usualWhtType = sql<string>`(select c.wht_type from ${creditNotes} c where ${ownNotes} group by c.wht_type order by count(*) desc,
  max(c.period_start) desc limit 1)`;

/** A page of the organisation's vendors by name: those whose name or Tax ID matches `search`, or the one of `taxPayerNumber`. */
export async function listVendors(
  executor: Db,
  organisationId: string,
  filter: { search?: string | null; taxPayerNumber?: string },
  window: PageWindow,
): Promise<{ rows: VendorListRow[]; total: number }> {
  const { search, taxPayerNumber } = filter;
  const where = and(
    eq(vendors.organisationId, organisationId),
    search ? or(ilike(vendors.name, search), ilike(vendors.taxPayerNumber, search)) : undefined,
    taxPayerNumber === undefined ? undefined : eq(vendors.taxPayerNumber, taxPayerNumber),
  );
  return readPage(
    (page) =>
      executor
        .select({
          taxPayerNumber: vendors.taxPayerNumber,
          name: vendors.name,
          email: vendors.email,
          usualWhtType,
          total: totalRows(),
        })
        .from(vendors)
        .where(where)
        .orderBy(asc(sql`lower(${vendors.name})`), asc(vendors.taxPayerNumber))
        .limit(page.limit)
        .offset(page.offset),
    window,
  );
}

export interface VendorYear {
  taxPayerNumber: string;
  year: number;
  /** Null when a note of the year has no gross amount (tax declared by hand). */
  grossKobo: Kobo | null;
  taxKobo: Kobo;
  notes: number;
}

/** Each vendor's notes summed per year of their period, latest year first. */
export async function vendorYears(
  executor: Db,
  organisationId: string,
  taxPayerNumbers: string[],
): Promise<VendorYear[]> {
  if (taxPayerNumbers.length === 0) return [];
  const year = sql<number>`cast(substr(${creditNotes.periodStart}, 1, 4) as integer)`.mapWith(Number);
  const rows = await executor
    .select({
      taxPayerNumber: creditNotes.taxPayerNumber,
      year,
      grossKobo: sql<
        string | null
      >`case when bool_and(${creditNotes.grossKobo} is not null) then sum(${creditNotes.grossKobo}) end`,
      taxKobo: sql<string>`sum(${creditNotes.taxKobo})`,
      notes: sql<number>`count(*)`.mapWith(Number),
    })
    .from(creditNotes)
    .where(and(eq(creditNotes.organisationId, organisationId), inArray(creditNotes.taxPayerNumber, taxPayerNumbers)))
    .groupBy(creditNotes.taxPayerNumber, year)
    .orderBy(desc(year));
  return rows.map((row) => ({
    ...row,
    grossKobo: row.grossKobo === null ? null : asKobo(Number(row.grossKobo)),
    taxKobo: asKobo(Number(row.taxKobo)),
  }));
}

/** WHT withheld through Levy, summed per payee (name and Tax ID as the bills gave them) and month (YYYY-MM). */
export async function withheldByPayeeAndMonth(
  executor: Db,
  organisationId: string,
): Promise<Array<{ name: string; taxPayerNumber: string; month: string; taxKobo: Kobo }>> {
  const month = sql<string>`substr(${creditNotes.periodStart}, 1, 7)`;
  const rows = await executor
    .select({
      name: creditNotes.name,
      taxPayerNumber: creditNotes.taxPayerNumber,
      month,
      taxKobo: sql<string>`sum(${creditNotes.taxKobo})`,
    })
    .from(creditNotes)
    .where(eq(creditNotes.organisationId, organisationId))
    .groupBy(creditNotes.name, creditNotes.taxPayerNumber, month);
  return rows.map((row) => ({ ...row, taxKobo: asKobo(Number(row.taxKobo)) }));
}

/** A vendor's credit notes, latest period first. */
export function notesOfVendor(executor: Db, organisationId: string, taxPayerNumber: string): Promise<CreditNoteRow[]> {
  return executor
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.organisationId, organisationId), eq(creditNotes.taxPayerNumber, taxPayerNumber)))
    .orderBy(desc(creditNotes.periodStart), desc(creditNotes.paidAt), asc(creditNotes.rowNumber));
}

export async function findVendor(
  executor: Db,
  organisationId: string,
  taxPayerNumber: string,
): Promise<VendorRow | null> {
  const [row] = await executor
    .select()
    .from(vendors)
    .where(and(eq(vendors.organisationId, organisationId), eq(vendors.taxPayerNumber, taxPayerNumber)));
  return row ?? null;
}

export async function setVendorEmail(
  executor: Db,
  organisationId: string,
  taxPayerNumber: string,
  email: string | null,
): Promise<VendorRow | null> {
  const [row] = await executor
    .update(vendors)
    .set({ email, updatedAt: new Date() })
    .where(and(eq(vendors.organisationId, organisationId), eq(vendors.taxPayerNumber, taxPayerNumber)))
    .returning();
  return row ?? null;
}
