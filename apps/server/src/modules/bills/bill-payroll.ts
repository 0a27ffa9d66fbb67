import type { BillPayroll, PayeSource, PayrollVersionRef, PreviousPayeBill } from '@levy/contracts';
import type { Db } from '../../db/client';
import type { Caller, UploadedFile } from '../../http/route';
import { refuseFederalPaye, type StatesService } from '../states/states.service';
import { naira } from './bill-format';
import * as payrollRepo from './bill-payroll.repo';
import * as repo from './bills.repo';

/** The payroll module's versions, as bills read them (index.ts hands them over from the payroll module). */
export interface PayrollVersionPorts {
  /** The registration's payroll version on file; null when none was kept. */
  payrollVersionOnFile(registrationId: string): Promise<PayrollVersionRef | null>;
  payrollVersionsByIds(ids: string[]): Promise<Map<string, PayrollVersionRef>>;
}

/** What a PAYE bill is made from: its file's content, and where that came from. */
export interface PayeBillFile extends Pick<UploadedFile, 'content'> {
  source: PayeSource;
  /** The payroll version on file when the employees were read. */
  versionId: string | null;
}

/**
 * A PAYE bill's payroll (docs/decisions/0047): the payroll version it was made from, recorded
 * with the bill, and the previous bill its summary compares the employees with.
 */
export function createBillPayroll(
  deps: { db: Db; states: Pick<StatesService, 'findRegistration'> } & PayrollVersionPorts,
) {
  const { db } = deps;

  /**
   * The payroll on file with the version it is: read between two looks at the version, so a
   * payroll replaced meanwhile is never recorded as the version before it.
   */
  async function onFileWithVersion(
    registrationId: string,
    read: () => Promise<Buffer | null>,
  ): Promise<{ content: Buffer; versionId: string | null } | null> {
    const before = await deps.payrollVersionOnFile(registrationId);
    const content = await read();
    const after = await deps.payrollVersionOnFile(registrationId);
    if (!content || before?.id !== after?.id) return null;
    return { content, versionId: after?.id ?? null };
  }

  /** The payroll version on file when a bill is made from a file sent with it. */
  async function versionIdOnFile(registrationId: string): Promise<string | null> {
    return (await deps.payrollVersionOnFile(registrationId))?.id ?? null;
  }

  /** Each PAYE bill's payroll, by bill id; bills made before it was recorded, and WHT bills, are absent. */
  async function payrollOf(billIds: string[]): Promise<Map<string, BillPayroll>> {
    const sources = await payrollRepo.findBillPayrollSources(db, billIds);
    const versionIds = [...sources.values()].flatMap((row) => (row.payrollVersionId ? [row.payrollVersionId] : []));
    const versions = await deps.payrollVersionsByIds(versionIds);
    return new Map(
      [...sources.values()].map((row) => [
        row.billId,
        {
          source: row.source,
          version: row.payrollVersionId ? (versions.get(row.payrollVersionId) ?? null) : null,
        },
      ]),
    );
  }

  return {
    onFileWithVersion,
    versionIdOnFile,
    payrollOf,

    /** Records, in the bill's transaction, where a PAYE bill's employees came from. */
    record: (executor: Db, billId: string, file: PayeBillFile) =>
      payrollRepo.insertBillPayrollSource(executor, {
        billId,
        source: file.source,
        payrollVersionId: file.versionId,
      }),

    /** The PAYE bill before `month` for a corporation's state, with every employee it paid. */
    async previous(
      caller: Caller,
      params: { corporation_id: string; state: string; start_date: string },
    ): Promise<PreviousPayeBill> {
      const { corporation, state } = await deps.states.findRegistration(
        db,
        caller,
        params.corporation_id,
        params.state,
        'read',
      );
      refuseFederalPaye(state, 'PAYE');
      const bill = await payrollRepo.findPreviousPayeBill(db, {
        organisationId: corporation.organisationId,
        corporationId: corporation.id,
        stateId: state.id,
        month: params.start_date,
      });
      if (!bill) return { bill: null, employees: [] };
      const [items, payroll] = await Promise.all([repo.listBillItems(db, bill.id), payrollOf([bill.id])]);
      return {
        bill: {
          id: bill.id,
          reference: bill.reference,
          period_start: bill.periodStart,
          status: bill.status,
          recipient_count: bill.recipientCount,
          payroll: payroll.get(bill.id) ?? null,
        },
        employees: items.map((item) => ({
          tax_payer_number: item.taxPayerNumber,
          name: item.name,
          gross_income: naira(item.amountKobo ?? item.taxPayableKobo),
          tax_payable: naira(item.taxPayableKobo),
        })),
      };
    },
  };
}

export type BillPayrollRecords = ReturnType<typeof createBillPayroll>;
