import { createHash } from 'node:crypto';
import type { PayrollChanges, PayrollVersionRef } from '@levy/contracts';
import { koboToNairaString, type Kobo, type PayrollDiff, type PayrollDiffLine } from '@levy/tax';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db/errors';
import type { PayrollVersionEmployee } from './payroll-versions.schema';
import * as repo from './payroll-versions.repo';

/** An employee as the payroll registers it: every column it keeps goes into the version's hash. */
interface RegisteredEmployee {
  taxPayerNumber: string;
  name: string;
  nationality: string;
  designation: string;
  grossIncomeKobo: Kobo;
  taxPayableKobo: Kobo;
  allowancesKobo: Record<string, Kobo>;
  reliefsKobo: Partial<Record<string, Kobo>> | null;
  residenceStateId: number | null;
}

const sorted = (record: Partial<Record<string, Kobo>> | null) =>
  record === null ? null : Object.entries(record).sort(([a], [b]) => a.localeCompare(b));

/**
 * SHA-256 of a payroll's employees in file order, every registered column with its object keys
 * sorted: two versions with one hash register the same payroll.
 */
export function payrollHash(employees: readonly RegisteredEmployee[]): string {
  const hash = createHash('sha256');
  for (const employee of employees) {
    hash.update(
      `${JSON.stringify([
        employee.taxPayerNumber,
        employee.name,
        employee.nationality,
        employee.designation,
        employee.grossIncomeKobo,
        employee.taxPayableKobo,
        sorted(employee.allowancesKobo),
        sorted(employee.reliefsKobo),
        employee.residenceStateId,
      ])}\n`,
    );
  }
  return hash.digest('hex');
}

const nairaOrNull = (amount: Kobo | null) => (amount === null ? null : koboToNairaString(amount));

function changeOf(line: PayrollDiffLine) {
  return {
    tax_payer_number: line.taxPayerNumber,
    name: line.name,
    gross_before: nairaOrNull(line.grossBefore),
    gross_after: nairaOrNull(line.grossAfter),
    tax_before: nairaOrNull(line.taxBefore),
    tax_after: nairaOrNull(line.taxAfter),
  };
}

/** A diff as the API answers it, against the version (or the payroll on file) it was taken from. */
export function payrollChangesOf(
  diff: PayrollDiff,
  previous: { version: number | null; uploadedAt: Date | null },
): PayrollChanges {
  return {
    previous_version: previous.version,
    previous_uploaded_at: previous.uploadedAt?.toISOString() ?? null,
    joiner_count: diff.joinerCount,
    leaver_count: diff.leaverCount,
    pay_changed_count: diff.changedCount,
    joiners: diff.joiners.map(changeOf),
    leavers: diff.leavers.map(changeOf),
    pay_changed: diff.changed.map(changeOf),
  };
}

type VersionHead = Awaited<ReturnType<typeof repo.versionsByIds>>[number];

/** The payroll versions of registrations (docs/decisions/0047): kept at each upload, named by bills. */
export function createPayrollVersions(deps: {
  db: Db;
  /** People by user id (the identity module's): who uploaded each version. */
  people(userIds: string[]): Promise<Array<{ id: string; firstName: string; lastName: string }>>;
}) {
  const { db } = deps;

  async function refsOf(heads: readonly VersionHead[]): Promise<PayrollVersionRef[]> {
    const uploaders = [...new Set(heads.flatMap((head) => (head.uploadedBy ? [head.uploadedBy] : [])))];
    const names = new Map(
      (await deps.people(uploaders)).map((person) => [person.id, `${person.firstName} ${person.lastName}`.trim()]),
    );
    return heads.map((head) => ({
      id: head.id,
      number: head.number,
      uploaded_at: head.createdAt.toISOString(),
      uploaded_by: head.uploadedBy ? (names.get(head.uploadedBy) ?? null) : null,
      employee_count: head.employeeCount,
      hash: head.hash,
    }));
  }

  return {
    /**
     * Keeps an accepted payroll as the registration's next version, in the upload's transaction;
     * `refOf` names it once that is committed (on the embedded database the transaction holds the
     * only connection, so who uploaded it is read after).
     */
    async record(
      executor: Db,
      input: {
        registrationId: string;
        uploadId: string;
        uploadedBy: string;
        totalTaxPayableKobo: Kobo;
        employees: readonly RegisteredEmployee[];
      },
    ): Promise<VersionHead> {
      const employees: PayrollVersionEmployee[] = input.employees.map((employee) => [
        employee.taxPayerNumber,
        employee.name,
        employee.grossIncomeKobo,
        employee.taxPayableKobo,
      ]);
      const row = await repo.insertVersion(executor, {
        corporationStateId: input.registrationId,
        number: await repo.nextVersionNumber(executor, input.registrationId),
        uploadId: input.uploadId,
        employeeCount: employees.length,
        totalTaxPayableKobo: input.totalTaxPayableKobo,
        hash: payrollHash(input.employees),
        employees,
        uploadedBy: input.uploadedBy,
      });
      return row;
    },

    refOf: async (head: VersionHead): Promise<PayrollVersionRef> => (await refsOf([head]))[0],

    /** The registration's latest version: the payroll on file; null when none was kept. */
    async onFile(registrationId: string): Promise<PayrollVersionRef | null> {
      const head = await repo.latestVersion(db, registrationId);
      return head ? (await refsOf([head]))[0] : null;
    },

    /** Versions by id; ids not found are absent. */
    async byIds(ids: string[]): Promise<Map<string, PayrollVersionRef>> {
      const refs = await refsOf(await repo.versionsByIds(db, [...new Set(ids)]));
      return new Map(refs.map((ref) => [ref.id, ref]));
    },
  };
}

export type PayrollVersions = ReturnType<typeof createPayrollVersions>;

/** Two uploads that took one version number at once: the later one is refused and its transaction undone. */
export function versionConflict(error: unknown, stateName: string): unknown {
  return isUniqueViolation(error)
    ? new AppError('CONFLICT', `Another payroll for ${stateName} was uploaded at the same time. Upload yours again.`)
    : error;
}
