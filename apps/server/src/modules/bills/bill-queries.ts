import type {
  BillDetail,
  BillPayroll,
  BillRemittance,
  BillStatus,
  BillSummary,
  BillWarning,
  CollectorKind,
  ListParams,
} from '@levy/contracts';
import {
  describePayeMismatch,
  lagosDate as lagosIsoDate,
  regimeForPeriod,
  residenceMessage,
  type MprTable,
  type WhtRateTables,
} from '@levy/tax';
import { and, asc, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { filterConditions, type FilterField } from '../../db/list-filters';
import { containsPattern, pageWindow, toPage } from '../../db/pagination';
import { invalidInput, notFound } from '../../errors';
import type { Caller } from '../../http/route';
import type { CorporationsService } from '../corporations/corporations.service';
import { whtTypeOfBill } from './bill-collector';
import { naira } from './bill-format';
import { differsFromEngine, MAX_WARNINGS } from './bill-items';
import { latenessOf } from './bill-lateness';
import type { StateInfo } from './bill-ports';
import { billTypeByCode } from './bill-types';
import * as repo from './bills.repo';
import { BILL_STATUS_VALUES, bills } from './bills.schema';
import type { ReceiptCodes } from './receipt-verification';

/** Bills that ended without paying anything: no lateness is theirs. */
const UNPAID_FOR_GOOD: readonly BillStatus[] = ['failed', 'declined', 'cancelled'];

const LIST_FILTERS: Record<string, FilterField> = {
  type: { kind: 'in', column: bills.type, values: ['paye', 'wht'] },
  status: { kind: 'in', column: bills.status, values: [...BILL_STATUS_VALUES] },
  created_at: { kind: 'date', column: bills.createdAt },
  corporation_id: {
    kind: 'custom',
    condition: (values) =>
      values.every((value) => /^[0-9a-f-]{36}$/i.test(value))
        ? inArray(bills.corporationId, values)
        : invalidFilter('corporation_id'),
  },
  state_id: {
    kind: 'custom',
    condition: (values) =>
      values.every((value) => /^\d+$/.test(value))
        ? inArray(bills.stateId, values.map(Number))
        : invalidFilter('state_id'),
  },
};

function invalidFilter(field: string): never {
  throw invalidInput({ filters: `${field} is not a valid filter value` });
}

const SORT_COLUMNS = { created_at: bills.createdAt, total: bills.totalKobo, period_start: bills.periodStart } as const;

/** Bills as people read them: the list, one bill with its history, warnings and lateness, its rows. */
/** The gateway's part of a bill, as the list, the drawer and the receipt show it. */
export function remittanceOf(bill: repo.BillRow): BillRemittance {
  return {
    gateway: 'remita',
    rrr: bill.agencyReference,
    payment_reference: bill.status === 'payment_paid' ? bill.receiptNumber : null,
    gateway_charge: naira(bill.gatewayChargeKobo),
    last_status: bill.gatewayStatus,
    checked_at: bill.gatewayCheckedAt?.toISOString() ?? null,
    confirmed_at: bill.gatewayConfirmedAt?.toISOString() ?? null,
    unconfirmed: bill.status === 'payment_paid' && bill.gatewayOutcome !== null && bill.gatewayOutcome !== 'paid',
  };
}

export function createBillQueries(deps: {
  db: Db;
  /** Each PAYE bill's payroll source and version (bill-payroll.ts), by bill id. */
  payrollOf(billIds: string[]): Promise<Map<string, BillPayroll>>;
  corporations: Pick<CorporationsService, 'allOfOrganisation'>;
  listStates(): Promise<StateInfo[]>;
  receiptCodes: ReceiptCodes;
  /** The engine's MPR and WHT rates as the server knows them (reference-data, decision 0025). */
  referenceTables(): Promise<MprTable & WhtRateTables>;
  now: () => Date;
}) {
  const { db, now } = deps;

  async function stateById(): Promise<Map<number, StateInfo>> {
    return new Map((await deps.listStates()).map((state) => [state.id, state]));
  }

  async function summaries(organisationId: string, rows: repo.BillRow[]): Promise<BillSummary[]> {
    const [corporationList, statesById] = await Promise.all([
      deps.corporations.allOfOrganisation(organisationId),
      stateById(),
    ]);
    const names = new Map(corporationList.map((corporation) => [corporation.id, corporation.name]));
    return rows.map((bill) => {
      const state = statesById.get(bill.stateId);
      return {
        id: bill.id,
        reference: bill.reference,
        type: bill.type,
        type_name: billTypeByCode(bill.type).name,
        status: bill.status,
        corporation: { id: bill.corporationId, name: names.get(bill.corporationId) ?? '' },
        state: {
          id: bill.stateId,
          code: state?.code ?? '',
          name: state?.name ?? '',
          collector: state?.collector ?? 'state',
        },
        tax_payer_number: bill.taxPayerNumber,
        wht_type: bill.whtType,
        period_start: bill.periodStart,
        period_end: bill.periodEnd,
        amount_due: naira(bill.amountDueKobo),
        charge: naira(bill.chargeKobo),
        total: naira(bill.totalKobo),
        recipient_count: bill.recipientCount,
        agency_reference: bill.agencyReference,
        receipt_number: bill.receiptNumber,
        created_by: bill.createdByName,
        created_by_id: bill.createdBy,
        created_at: bill.createdAt.toISOString(),
        paid_at: bill.paidAt?.toISOString() ?? null,
        supplementary: bill.supplementary,
        supplementary_reason: bill.supplementaryReason,
        residents_elsewhere: bill.residentsElsewhere
          ? {
              included: bill.residentsElsewhere.included,
              reason: bill.residentsElsewhereReason,
              states: bill.residentsElsewhere.states.map((state) => ({
                code: state.code,
                name: state.name,
                revenue_service: state.revenueService,
                message: residenceMessage(state),
                employee_count: state.employeeCount ?? state.employees.length,
                employees: state.employees.map((employee) => ({
                  row: employee.row,
                  tax_payer_number: employee.taxPayerNumber,
                  name: employee.name,
                })),
              })),
            }
          : null,
        approved_by: bill.approvedByName,
        approved_at: bill.approvedAt?.toISOString() ?? null,
        closed_reason: bill.closedReason,
        verify_url: bill.status === 'payment_paid' ? deps.receiptCodes.urlOf(bill.id) : null,
        remittance: remittanceOf(bill),
      };
    });
  }

  /**
   * The PAYE rows whose declared tax differs from the engine's; `differing` when the caller has
   * them already (bill-items.ts PreparedItems: the file's first MAX_WARNINGS such rows). A bill
   * made from the payroll on file names the employee alone: its rows are of a file nobody wrote.
   */
  async function warningsOf(
    bill: repo.BillRow,
    payroll: BillPayroll | null,
    differing?: readonly repo.BillItem[],
  ): Promise<BillWarning[]> {
    if (bill.type !== 'paye') return [];
    const regime = regimeForPeriod(bill.periodStart.slice(0, 7));
    const rows = (differing ?? (await repo.listBillItems(db, bill.id)))
      .filter(differsFromEngine)
      .slice(0, MAX_WARNINGS);
    const fromPayroll = payroll?.source === 'payroll';
    return rows.map((item) => {
      const declared = item.taxPayableKobo;
      const expected = item.expectedTaxKobo ?? item.taxPayableKobo;
      const row = fromPayroll ? null : item.rowNumber;
      return {
        row,
        tax_payer_number: item.taxPayerNumber,
        name: item.name,
        declared: naira(declared),
        expected: naira(expected),
        message: describePayeMismatch(
          {
            row,
            name: item.name,
            taxPayerNumber: item.taxPayerNumber,
            declaredMonthlyTax: declared,
            expectedMonthlyTax: expected,
          },
          regime,
        ),
      };
    });
  }

  async function detail(bill: repo.BillRow, differing?: readonly repo.BillItem[]): Promise<BillDetail> {
    const payroll = bill.type === 'paye' ? ((await deps.payrollOf([bill.id])).get(bill.id) ?? null) : null;
    const [[summary], events, warnings] = await Promise.all([
      summaries(bill.organisationId, [bill]),
      repo.listBillEvents(db, bill.id),
      warningsOf(bill, payroll, differing),
    ]);
    const lateness = await latenessOfBill(bill, summary.state.collector);
    return {
      ...summary,
      fee: naira(bill.feeKobo),
      vat: naira(bill.vatKobo),
      failure_reason: bill.failureReason,
      events: events.map((event) => ({
        status: event.status as BillStatus,
        note: event.note,
        at: event.at.toISOString(),
      })),
      warnings,
      lateness,
      payroll,
    };
  }

  /** A bill paid after its month's due date, or still unpaid past it; a closed bill paid nothing, so it is never late. */
  async function latenessOfBill(bill: repo.BillRow, collector: CollectorKind) {
    if (UNPAID_FOR_GOOD.includes(bill.status)) return null;
    return latenessOf(
      bill.type,
      collector,
      bill.periodStart.slice(0, 7),
      bill.amountDueKobo,
      lagosIsoDate(bill.paidAt ?? now()),
      await deps.referenceTables(),
    );
  }

  /** The caller's bill, or NOT_FOUND: another organisation's id reveals nothing. */
  async function findOwnBill(caller: Caller, id: string): Promise<repo.BillRow> {
    const bill = await repo.findBill(db, id);
    if (!bill || bill.organisationId !== caller.organisationId) throw notFound('Bill not found.');
    return bill;
  }

  async function listWhere(caller: Caller, params: ListParams): Promise<SQL | undefined> {
    const conditions: Array<SQL | undefined> = [
      eq(bills.organisationId, caller.organisationId ?? ''),
      ...filterConditions(params.filters, LIST_FILTERS),
    ];
    const search = containsPattern(params.search);
    if (search) conditions.push(ilike(bills.reference, search));
    return and(...conditions);
  }

  async function list(caller: Caller, params: ListParams) {
    if (!caller.organisationId) throw notFound('Organisation not found.');
    const column =
      SORT_COLUMNS[(params.order_by ?? 'created_at') as keyof typeof SORT_COLUMNS] ?? SORT_COLUMNS.created_at;
    const { limit, offset } = pageWindow(params);
    const { rows, total } = await repo.listBills(db, {
      where: await listWhere(caller, params),
      order: params.is_asc ? asc(column) : desc(column),
      limit,
      offset,
    });
    return toPage(await summaries(caller.organisationId, rows), total, params);
  }
  return {
    stateById,
    summaries,
    detail,
    latenessOfBill,
    findOwnBill,
    list,

    /** A WHT bill's type with its name and the rate its receipt and credit notes state. */
    async whtTypeOf(bill: Pick<repo.BillRow, 'whtType' | 'periodStart'>, collector: CollectorKind) {
      return whtTypeOfBill(bill, collector, await deps.referenceTables());
    },

    async get(caller: Caller, id: string) {
      return detail(await findOwnBill(caller, id));
    },

    async items(caller: Caller, id: string, params: { page: number; count: number; search?: string }) {
      const bill = await findOwnBill(caller, id);
      const window = pageWindow(params);
      const search = params.search?.trim().toLowerCase();
      // A search reads every recipient (a bill's items are stored in pages, decision 0008); a page
      // without one reads only the stored pages it needs.
      const found = search
        ? (await repo.listBillItems(db, bill.id)).filter(
            (item) => item.name.toLowerCase().includes(search) || item.taxPayerNumber.toLowerCase().includes(search),
          )
        : null;
      const rows = found
        ? found.slice(window.offset, window.offset + window.limit)
        : await repo.listBillItems(db, bill.id, window);
      const total = found ? found.length : bill.recipientCount;
      return toPage(
        rows.map((item) => ({
          row: item.rowNumber,
          tax_payer_number: item.taxPayerNumber,
          name: item.name,
          amount: item.amountKobo === null ? '' : naira(item.amountKobo),
          tax_payable: naira(item.taxPayableKobo),
          expected_tax: item.expectedTaxKobo === null ? null : naira(item.expectedTaxKobo),
        })),
        total,
        params,
      );
    },
  };
}

export type BillQueries = ReturnType<typeof createBillQueries>;
