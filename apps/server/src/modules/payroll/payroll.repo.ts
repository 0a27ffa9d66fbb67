import { asKobo, type Kobo } from '@levy/tax';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, isNull, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readPage, totalRows } from '../../db/pagination';
import { isAnyOf, preparedQuery } from '../../db/prepared';
import { payrollEmployees, payrollUploads } from './payroll.schema';

const INSERT_BATCH_ROWS = 1_000;

export async function insertUpload(executor: Db, upload: typeof payrollUploads.$inferInsert) {
  const [row] = await executor.insert(payrollUploads).values(upload).returning();
  return row;
}

/** Replaces a registration's employee list, in batches the database accepts. */
export async function replaceEmployees(
  executor: Db,
  corporationStateId: string,
  employees: Array<typeof payrollEmployees.$inferInsert>,
): Promise<void> {
  await executor.delete(payrollEmployees).where(eq(payrollEmployees.corporationStateId, corporationStateId));
  for (let start = 0; start < employees.length; start += INSERT_BATCH_ROWS) {
    await executor.insert(payrollEmployees).values(employees.slice(start, start + INSERT_BATCH_ROWS));
  }
}

/** One page of a registration's employees, searched by name or Tax ID, in file order. */
export async function findEmployeesPage(
  executor: Db,
  corporationStateId: string,
  query: { search: string | null; limit: number; offset: number },
) {
  const where = and(
    eq(payrollEmployees.corporationStateId, corporationStateId),
    query.search
      ? or(ilike(payrollEmployees.name, query.search), ilike(payrollEmployees.taxPayerNumber, query.search))
      : undefined,
  );
  return readPage(
    (page) =>
      executor
        .select({ ...getTableColumns(payrollEmployees), total: totalRows() })
        .from(payrollEmployees)
        .where(where)
        .orderBy(asc(payrollEmployees.rowNumber))
        .limit(page.limit)
        .offset(page.offset),
    query,
  );
}

/** The monthly PAYE on each registration's payroll on file (registrations without one are absent). */
const taxOnFileOf = preparedQuery((executor) =>
  executor
    .select({ id: payrollEmployees.corporationStateId, tax: sql<string>`sum(${payrollEmployees.taxPayableKobo})` })
    .from(payrollEmployees)
    .where(isAnyOf(payrollEmployees.corporationStateId, 'ids'))
    .groupBy(payrollEmployees.corporationStateId)
    .prepare('payroll_tax_on_file'),
);

/** Every alert and deadline call reads it, so it is prepared. */
export async function taxOnFile(executor: Db, corporationStateIds: string[]): Promise<Map<string, Kobo>> {
  if (corporationStateIds.length === 0) return new Map();
  const rows = await taxOnFileOf(executor, { ids: corporationStateIds });
  return new Map(rows.map((row) => [row.id, asKobo(Number(row.tax))]));
}

/** What a registration's payroll holds: its employees, its files and when the latest was uploaded. */
export interface PayrollOnFile {
  employees: number;
  files: number;
  updatedAt: Date | null;
}

/** Employees and payroll files per registration; every id asked for is present. */
export async function countContents(executor: Db, corporationStateIds: string[]): Promise<Map<string, PayrollOnFile>> {
  const contents = new Map<string, PayrollOnFile>();
  if (corporationStateIds.length === 0) return contents;
  const [employees, files] = await Promise.all([
    executor
      .select({ id: payrollEmployees.corporationStateId, n: count() })
      .from(payrollEmployees)
      .where(inArray(payrollEmployees.corporationStateId, corporationStateIds))
      .groupBy(payrollEmployees.corporationStateId),
    executor
      .select({ id: payrollUploads.corporationStateId, n: count(), latest: max(payrollUploads.createdAt) })
      .from(payrollUploads)
      .where(inArray(payrollUploads.corporationStateId, corporationStateIds))
      .groupBy(payrollUploads.corporationStateId),
  ]);
  for (const id of corporationStateIds) contents.set(id, { employees: 0, files: 0, updatedAt: null });
  for (const row of employees) contents.get(row.id)!.employees = row.n;
  for (const row of files)
    Object.assign(contents.get(row.id)!, { files: row.n, updatedAt: row.latest ? new Date(row.latest) : null });
  return contents;
}

export type EmployeeRow = typeof payrollEmployees.$inferSelect;

/** Every employee of a registration's payroll on file, in file order. */
export function findEmployees(executor: Db, corporationStateId: string) {
  return executor
    .select()
    .from(payrollEmployees)
    .where(eq(payrollEmployees.corporationStateId, corporationStateId))
    .orderBy(asc(payrollEmployees.rowNumber));
}

/** When the payroll on file was uploaded; null when there is none. */
export async function latestUploadAt(executor: Db, corporationStateId: string): Promise<Date | null> {
  const [row] = await executor
    .select({ at: max(payrollUploads.createdAt) })
    .from(payrollUploads)
    .where(eq(payrollUploads.corporationStateId, corporationStateId));
  return row?.at ? new Date(row.at) : null;
}

/** The Tax IDs on the payrolls of these registrations, with the registration holding each. */
export async function findTaxIdsOnPayrolls(executor: Db, corporationStateIds: string[]) {
  if (corporationStateIds.length === 0) return [];
  return executor
    .select({
      taxPayerNumber: payrollEmployees.taxPayerNumber,
      corporationStateId: payrollEmployees.corporationStateId,
    })
    .from(payrollEmployees)
    .where(inArray(payrollEmployees.corporationStateId, corporationStateIds));
}

export type PayrollUploadRow = typeof payrollUploads.$inferSelect;

/** The latest payroll file of a registration: what the revenue service was last given. */
export async function findLatestUpload(
  executor: Db,
  corporationStateId: string,
): Promise<PayrollUploadRow | undefined> {
  const [row] = await executor
    .select()
    .from(payrollUploads)
    .where(eq(payrollUploads.corporationStateId, corporationStateId))
    .orderBy(desc(payrollUploads.createdAt))
    .limit(1);
  return row;
}

/** Records the portal's acknowledgement of a manual filing, once: undefined when it is already recorded. */
export async function recordAcknowledgement(
  executor: Db,
  uploadId: string,
  acknowledgement: { reference: string; recordedBy: string },
): Promise<PayrollUploadRow | undefined> {
  const [row] = await executor
    .update(payrollUploads)
    .set({
      agencyReference: acknowledgement.reference,
      acknowledgementRecordedBy: acknowledgement.recordedBy,
      acknowledgementRecordedAt: sql`now()`,
    })
    .where(
      and(
        eq(payrollUploads.id, uploadId),
        eq(payrollUploads.filedManually, true),
        isNull(payrollUploads.agencyReference),
      ),
    )
    .returning();
  return row;
}

/** Employees of these registrations counted by registration and state of residence (null: not given). */
export function countByResidence(executor: Db, corporationStateIds: string[]) {
  if (corporationStateIds.length === 0) return Promise.resolve([]);
  return executor
    .select({
      corporationStateId: payrollEmployees.corporationStateId,
      residenceStateId: payrollEmployees.residenceStateId,
      n: count(),
    })
    .from(payrollEmployees)
    .where(inArray(payrollEmployees.corporationStateId, corporationStateIds))
    .groupBy(payrollEmployees.corporationStateId, payrollEmployees.residenceStateId);
}
