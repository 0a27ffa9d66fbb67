import type { PriorPayePayment } from '@levy/contracts';
import {
  ANNUAL_RETURN_INCOME_COLUMNS,
  EARLIEST_SUPPORTED_PERIOD,
  firstDayOfPeriod,
  isValidIsoDate,
  koboToNairaString,
  lagosDate,
  parseNaira,
  ZERO_KOBO,
  type AnnualReturnBill,
  type AnnualReturnBillRow,
  type Kobo,
} from '@levy/tax';
import type { Db } from '../../db/client';
import { AppError, invalidInput, notFound } from '../../errors';
import type { Caller, UploadedFile } from '../../http/route';
import { recordAudit } from '../audit/audit.service';
import { refuseFederalPaye, type StatesService } from '../states/states.service';
import { monthName } from '@levy/tax';
import * as repo from './annual-returns.repo';

/** A PAYE bill of the month that stands for it: paid, being paid or waiting for approval (the bills module's). */
interface StandingBill {
  reference: string;
  status: string;
}

export interface PriorPaymentsDeps {
  db: Db;
  states: Pick<StatesService, 'findRegistration' | 'lockRegistration'>;
  /**
   * The bills module: the month's PAYE bill that is paid, being paid or waiting for approval, read with
   * the executor given (inside the transaction that holds the registration's lock); null when none.
   */
  standingPayeBill(
    executor: Db,
    month: { corporationId: string; stateId: number; period: string },
  ): Promise<StandingBill | null>;
  /** The payroll module: a PAYE template CSV read and checked as an upload is, for a month. */
  readPayeFile(
    file: UploadedFile,
    taxMonth: string,
  ): Promise<{
    amountDueKobo: Kobo;
    employees: Array<{
      taxPayerNumber: string;
      name: string;
      designation: string;
      grossIncomeKobo: Kobo;
      taxPayableKobo: Kobo;
      allowancesKobo: Record<string, Kobo>;
    }>;
  }>;
  people(userIds: string[]): Promise<Array<{ id: string; firstName: string; lastName: string }>>;
  now?: () => Date;
}

export interface PriorPaymentInput {
  tax_month: string;
  amount: string;
  agency_reference: string;
  paid_on: string;
}

/**
 * PAYE months paid on the state's portal before the corporation used Levy (docs/decisions/0038):
 * recorded so the year's annual return and tax cards cover the whole year and alerts stop counting
 * them as unpaid. Levy never pays them.
 */
export function createPriorPaymentsService(deps: PriorPaymentsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function registrationOf(caller: Caller, corporationId: string, stateCode: string, access: 'read' | 'write') {
    const found = await deps.states.findRegistration(db, caller, corporationId, stateCode, access);
    refuseFederalPaye(found.state, 'PAYE paid before Levy');
    return found;
  }

  /** The years whose annual return is filed for the corporation and state: their months are fixed. */
  async function filedYears(corporationId: string, stateId: number, years: number[]): Promise<Set<number>> {
    const filed = await Promise.all(
      years.map(async (year) =>
        (await repo.findVersions(db, { corporationId, stateId, year })).length > 0 ? year : null,
      ),
    );
    return new Set(filed.filter((year) => year !== null));
  }

  async function views(
    rows: repo.PriorPaymentRow[],
    corporationId: string,
    stateId: number,
  ): Promise<PriorPayePayment[]> {
    const [people, filed] = await Promise.all([
      deps.people([...new Set(rows.flatMap((row) => (row.recordedBy ? [row.recordedBy] : [])))]),
      filedYears(corporationId, stateId, [...new Set(rows.map((row) => Number(row.taxMonth.slice(0, 4))))]),
    ]);
    const nameOf = new Map(people.map((person) => [person.id, `${person.firstName} ${person.lastName}`.trim()]));
    return rows.map((row) => ({
      id: row.id,
      tax_month: row.taxMonth,
      amount: koboToNairaString(row.amountKobo),
      agency_reference: row.agencyReference,
      paid_on: row.paidOn,
      file_name: row.fileName,
      employees: row.rows?.length ?? null,
      recorded_by: (row.recordedBy && nameOf.get(row.recordedBy)) || 'A former member',
      recorded_at: row.recordedAt.toISOString(),
      removable: !filed.has(Number(row.taxMonth.slice(0, 4))),
    }));
  }

  return {
    async list(caller: Caller, corporationId: string, stateCode: string): Promise<PriorPayePayment[]> {
      const { corporation, state } = await registrationOf(caller, corporationId, stateCode, 'read');
      return views(
        await repo.findPriorPayments(db, { corporationId: corporation.id, stateId: state.id }),
        corporation.id,
        state.id,
      );
    },

    async record(
      caller: Caller,
      corporationId: string,
      stateCode: string,
      input: PriorPaymentInput,
      uploads: UploadedFile[],
      ip: string,
    ): Promise<PriorPayePayment> {
      const { corporation, state } = await registrationOf(caller, corporationId, stateCode, 'write');
      const today = lagosDate(now());
      const { tax_month: taxMonth, paid_on: paidOn } = input;
      const year = Number(taxMonth.slice(0, 4));
      const errors: Record<string, string> = {};
      if (taxMonth > today.slice(0, 7)) errors.tax_month = 'The tax month cannot be in the future';
      else if (taxMonth < EARLIEST_SUPPORTED_PERIOD)
        errors.tax_month = `Levy keeps PAYE from ${monthName(EARLIEST_SUPPORTED_PERIOD)}: the tax month cannot be earlier`;
      const amountKobo = parseNaira(input.amount);
      if (amountKobo === null || amountKobo <= 0) errors.amount = 'Amount must be more than ₦0.00';
      if (!isValidIsoDate(paidOn)) errors.paid_on = 'Paid on must be a real date';
      else if (paidOn > today) errors.paid_on = 'Paid on cannot be in the future';
      else if (paidOn < firstDayOfPeriod(taxMonth))
        errors.paid_on = `Paid on cannot be before ${monthName(taxMonth)} began`;
      if (Object.keys(errors).length > 0) throw invalidInput(errors);

      if ((await filedYears(corporation.id, state.id, [year])).size > 0) {
        throw new AppError(
          'CONFLICT',
          `The ${year} annual return for ${state.name} is filed: its months can no longer be changed.`,
        );
      }
      const month = { corporationId: corporation.id, stateId: state.id, period: taxMonth };
      /** A month a Levy PAYE bill stands for cannot also be paid outside Levy (docs/decisions/0046). */
      const refuseBilledMonth = (standing: StandingBill | null) => {
        if (!standing) return;
        const what = standing.status === 'payment_paid' ? 'was paid' : 'is being paid';
        throw new AppError(
          'CONFLICT',
          `PAYE bill ${standing.reference} for ${monthName(taxMonth)} ${what} through Levy: the month cannot also be recorded as paid before Levy.`,
        );
      };
      // Said before the file is read, and decided again under the registration's lock below.
      refuseBilledMonth(await deps.standingPayeBill(db, month));

      const file = uploads.find((upload) => upload.field === 'file');
      const payroll = file ? await deps.readPayeFile(file, taxMonth) : null;
      const rows: AnnualReturnBillRow[] | null = payroll
        ? payroll.employees.map((employee) => ({
            taxPayerNumber: employee.taxPayerNumber,
            name: employee.name,
            designation: employee.designation,
            grossKobo: employee.grossIncomeKobo,
            taxKobo: employee.taxPayableKobo,
            expectedTaxKobo: null,
            incomesKobo: ANNUAL_RETURN_INCOME_COLUMNS.map((column) => employee.allowancesKobo[column] ?? ZERO_KOBO),
          }))
        : null;

      const stored = await db.transaction(async (tx) => {
        // The lock a PAYE bill of the month takes too: one of the two waits for the other and then sees it.
        await deps.states.lockRegistration(tx, corporation.id, state.id);
        refuseBilledMonth(await deps.standingPayeBill(tx, month));
        const inserted = await repo.insertPriorPayment(tx, {
          organisationId: corporation.organisationId,
          corporationId: corporation.id,
          stateId: state.id,
          taxMonth,
          amountKobo: amountKobo!,
          agencyReference: input.agency_reference,
          paidOn,
          rows,
          fileName: file?.filename ?? null,
          recordedBy: caller.userId,
        });
        if (!inserted)
          throw new AppError(
            'CONFLICT',
            `${monthName(taxMonth)} is already recorded as paid before Levy in ${state.name}.`,
          );
        await recordAudit(tx, {
          organisationId: corporation.organisationId,
          actorUserId: caller.userId,
          action: 'paye.prior_payment_recorded',
          resourceType: 'prior_paye_payment',
          resourceId: inserted.id,
          details: {
            corporation_id: corporation.id,
            state: state.code,
            tax_month: taxMonth,
            amount: koboToNairaString(inserted.amountKobo),
            agency_reference: inserted.agencyReference,
            employees: rows?.length ?? null,
          },
          ipAddress: ip,
        });
        return inserted;
      });
      const [view] = await views([stored], corporation.id, state.id);
      return view;
    },

    async remove(
      caller: Caller,
      corporationId: string,
      stateCode: string,
      taxMonth: string,
      ip: string,
    ): Promise<{ removed: true }> {
      const { corporation, state } = await registrationOf(caller, corporationId, stateCode, 'write');
      const year = Number(taxMonth.slice(0, 4));
      if ((await filedYears(corporation.id, state.id, [year])).size > 0) {
        throw new AppError(
          'CONFLICT',
          `The ${year} annual return for ${state.name} is filed with ${monthName(taxMonth)} in it: amend the return instead of removing the month.`,
        );
      }
      await db.transaction(async (tx) => {
        const removed = await repo.deletePriorPayment(tx, {
          corporationId: corporation.id,
          stateId: state.id,
          taxMonth,
        });
        if (!removed) throw notFound(`${monthName(taxMonth)} is not recorded as paid before Levy in ${state.name}.`);
        await recordAudit(tx, {
          organisationId: corporation.organisationId,
          actorUserId: caller.userId,
          action: 'paye.prior_payment_removed',
          resourceType: 'prior_paye_payment',
          resourceId: removed.id,
          details: {
            corporation_id: corporation.id,
            state: state.code,
            tax_month: taxMonth,
            amount: koboToNairaString(removed.amountKobo),
            agency_reference: removed.agencyReference,
          },
          ipAddress: ip,
        });
      });
      return { removed: true };
    },

    /** Each month an organisation recorded as paid before Levy: the alerts module closes these PAYE months. */
    paidMonths: (organisationId: string) => repo.priorPaidMonthsOfOrganisation(db, organisationId),
  };
}

export type PriorPaymentsService = ReturnType<typeof createPriorPaymentsService>;

/**
 * The month recorded as paid outside Levy for a corporation and state, or null: what refuses a PAYE
 * bill of that month (docs/decisions/0046). Read with the executor given, so a bill's transaction that
 * holds the registration's lock sees a record made just before it.
 */
export async function priorPaymentOfMonth(
  executor: Db,
  key: { corporationId: string; stateId: number; taxMonth: string },
): Promise<{ taxMonth: string; paidOn: string; agencyReference: string } | null> {
  const row = await repo.findPriorPayment(executor, key);
  return row ? { taxMonth: row.taxMonth, paidOn: row.paidOn, agencyReference: row.agencyReference } : null;
}

/** A year's months paid before Levy as the annual return reads them: one paid bill each, marked. */
export async function priorPaymentsAsBills(
  executor: Db,
  key: { corporationId: string; stateId: number; year: number },
): Promise<AnnualReturnBill[]> {
  const rows = await repo.findPriorPayments(executor, key);
  return rows
    .filter((row) => row.taxMonth.startsWith(`${key.year}-`))
    .map((row) => ({
      reference: `${row.agencyReference} (paid outside Levy)`,
      period: row.taxMonth,
      supplementary: false,
      supplementaryReason: null,
      amountDueKobo: row.amountKobo,
      rows: row.rows ?? [],
      paidOutsideLevy: { agencyReference: row.agencyReference },
    }));
}
