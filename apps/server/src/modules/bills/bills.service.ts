import { randomBytes } from 'node:crypto';
import { BILL_MESSAGES, hasPermission, type BillDetail, type BillStatus, type BillSummary, type BillTypeCode, type BillWarning, type ListParams } from '@levy/contracts';
import {
  applyRate,
  asKobo,
  computeBillCharge,
  computeWht,
  describePayeMismatch,
  formatNaira,
  isTaxInputError,
  koboToNairaString,
  listWhtTypes,
  PAYE_ROW_TOLERANCE_KOBO,
  PAYE_TEMPLATE_HEADERS,
  parsePayeCsv,
  parseWhtAutoCsv,
  parseWhtManualCsv,
  recomputePayeMoney,
  regimeForPeriod,
  sumKobo,
  toKobo,
  type Kobo,
} from '@levy/tax';
import { and, asc, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { AgencyState, StateAgency } from '../../adapters/agency/state-agency';
import { AgencyError } from '../../adapters/agency/state-agency';
import type { Db } from '../../db/client';
import { filterConditions, type FilterField } from '../../db/list-filters';
import { containsPattern, pageWindow, toPage } from '../../db/pagination';
import { AppError, invalidInput, notFound } from '../../errors';
import { csvFileOf, csvFailure } from '../../http/csv-upload';
import type { Caller, UploadedFile } from '../../http/route';
import { exportTable, type ExportFormat } from '../../http/table-export';
import type { Jobs } from '../../jobs/jobs';
import type { CorporationsService } from '../corporations/corporations.service';
import type { StatesService } from '../states/states.service';
import { BILL_TYPES, billTypeByCode, billTypeById } from './bill-types';
import { renderBillReceipt } from './bill-receipt';
import * as repo from './bills.repo';
import { bills } from './bills.schema';

/** What bills need from the wallets module (its narrow ledger API): the wallet that pays, a debit, and its refund. */
export interface BillWallets {
  walletForCorporation(organisationId: string, corporationId: string): Promise<{ walletId: string; name: string }>;
  /** Moves `toAgency + toFees` out of the wallet in the caller's transaction; a shortfall is UNPROCESSABLE naming it. */
  debitWallet(
    tx: Db,
    input: { walletId: string; amount: { toAgency: Kobo; toFees: Kobo }; category: 'bill_payment'; reference: string; description: string; createdBy: string | null },
  ): Promise<{ journalId: string }>;
  /** Refunds a debit by its reversing journal; the reference makes it happen at most once. */
  reverseJournal(tx: Db, journalId: string, input: { reference: string; description: string }): Promise<unknown>;
}

export interface StateInfo {
  id: number;
  code: string;
  name: string;
  revenueService: string;
}

export const SETTLE_BILL_JOB = 'bills.settle';
/** PAYE is settled at once; its job is the safety net if that attempt is cut short. */
const PAYE_SAFETY_NET_SECONDS = 60;
/** Rows whose PAYE differs from the engine's, listed on a bill; the first ones are enough to act on. */
const MAX_WARNINGS = 100;

const LAGOS = 'Africa/Lagos';

function currentMonth(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: LAGOS, year: 'numeric', month: '2-digit' }).format(now).slice(0, 7);
}

function lastDayOfMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const day = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, '0')}`;
}

const naira = (amount: Kobo | number): string => koboToNairaString(asKobo(amount));

/** The state WHT rate: the Withholding Regulations' individual resident rate, the payee holding a Tax ID (tax-rules.md §3). */
function whtOn(period: string, code: string, amount: Kobo) {
  return computeWht({ period, code, payeeKind: 'individual', resident: true, hasTaxId: true, amount });
}

function whtTypeError(error: unknown, field: string): unknown {
  if (isTaxInputError(error)) return invalidInput({ [field]: error.field === 'code' ? 'Choose a valid WHT type' : error.message });
  return error;
}

/** A WHT recipient has no PAYE columns. */
const NOT_PAYE = { expectedTaxKobo: null, nationality: null, designation: null, incomesKobo: null } as const;

/** The PAYE template's income columns (basic_salary … other_allowances), stored per employee. */
const PAYE_INCOMES_FROM = PAYE_TEMPLATE_HEADERS.indexOf('basic_salary');
const PAYE_INCOME_HEADERS = PAYE_TEMPLATE_HEADERS.slice(PAYE_INCOMES_FROM);

interface PreparedBill {
  type: BillTypeCode;
  whtType: string | null;
  periodStart: string;
  periodEnd: string;
  recipients: repo.BillItem[];
  amountDue: Kobo;
}

const LIST_FILTERS: Record<string, FilterField> = {
  type: { kind: 'in', column: bills.type, values: ['paye', 'wht'] },
  status: { kind: 'in', column: bills.status, values: ['pending', 'awaiting_payment_confirmation', 'payment_pending', 'payment_paid', 'failed', 'cancelled'] },
  created_at: { kind: 'date', column: bills.createdAt },
  corporation_id: { kind: 'custom', condition: (values) => (values.every((value) => /^[0-9a-f-]{36}$/i.test(value)) ? inArray(bills.corporationId, values) : invalidFilter('corporation_id')) },
  state_id: { kind: 'custom', condition: (values) => (values.every((value) => /^\d+$/.test(value)) ? inArray(bills.stateId, values.map(Number)) : invalidFilter('state_id')) },
};

function invalidFilter(field: string): never {
  throw invalidInput({ filters: `${field} is not a valid filter value` });
}

const SORT_COLUMNS = { created_at: bills.createdAt, total: bills.totalKobo, period_start: bills.periodStart } as const;

export function createBillsService(deps: {
  db: Db;
  jobs: Jobs;
  agency: StateAgency;
  corporations: CorporationsService;
  states: StatesService;
  wallets: BillWallets;
  listStates(): Promise<StateInfo[]>;
  now?: () => Date;
}) {
  const { db, agency } = deps;
  const now = deps.now ?? (() => new Date());

  async function stateById(): Promise<Map<number, StateInfo>> {
    return new Map((await deps.listStates()).map((state) => [state.id, state]));
  }

  async function summaries(organisationId: string, rows: repo.BillRow[]): Promise<BillSummary[]> {
    const [corporationList, statesById] = await Promise.all([deps.corporations.allOfOrganisation(organisationId), stateById()]);
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
        state: { id: bill.stateId, code: state?.code ?? '', name: state?.name ?? '' },
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
        created_at: bill.createdAt.toISOString(),
        paid_at: bill.paidAt?.toISOString() ?? null,
      };
    });
  }

  /** The PAYE rows whose declared tax differs from the engine's; `items` when the caller has them already. */
  async function warningsOf(bill: repo.BillRow, items?: readonly repo.BillItem[]): Promise<BillWarning[]> {
    if (bill.type !== 'paye') return [];
    const regime = regimeForPeriod(bill.periodStart.slice(0, 7));
    const differing = (item: repo.BillItem) => item.expectedTaxKobo !== null && Math.abs(item.taxPayableKobo - item.expectedTaxKobo) > PAYE_ROW_TOLERANCE_KOBO;
    const rows = (items ?? (await repo.listBillItems(db, bill.id))).filter(differing).slice(0, MAX_WARNINGS);
    return rows.map((item) => {
      const declared = item.taxPayableKobo;
      const expected = item.expectedTaxKobo ?? item.taxPayableKobo;
      return {
        row: item.rowNumber,
        tax_payer_number: item.taxPayerNumber,
        name: item.name,
        declared: naira(declared),
        expected: naira(expected),
        message: describePayeMismatch({ row: item.rowNumber, declaredMonthlyTax: declared, expectedMonthlyTax: expected }, regime),
      };
    });
  }

  async function detail(bill: repo.BillRow, items?: readonly repo.BillItem[]): Promise<BillDetail> {
    const [[summary], events, warnings] = await Promise.all([summaries(bill.organisationId, [bill]), repo.listBillEvents(db, bill.id), warningsOf(bill, items)]);
    return {
      ...summary,
      fee: naira(bill.feeKobo),
      vat: naira(bill.vatKobo),
      failure_reason: bill.failureReason,
      events: events.map((event) => ({ status: event.status as BillStatus, note: event.note, at: event.at.toISOString() })),
      warnings,
    };
  }

  /** The caller's bill, or NOT_FOUND: another organisation's id reveals nothing. */
  async function findOwnBill(caller: Caller, id: string): Promise<repo.BillRow> {
    const bill = await repo.findBill(db, id);
    if (!bill || bill.organisationId !== caller.organisationId) throw notFound('Bill not found.');
    return bill;
  }

  function checkMonth(month: string, field: string) {
    if (month > currentMonth(now())) throw invalidInput({ [field]: BILL_MESSAGES.futureMonth });
    try {
      regimeForPeriod(month);
    } catch (error) {
      if (isTaxInputError(error)) throw invalidInput({ [field]: error.message });
      throw error;
    }
  }

  function preparePaye(month: string, file: UploadedFile): PreparedBill {
    const parsed = parsePayeCsv(file.content);
    if (!parsed.ok) throw csvFailure('recipients', parsed.message, parsed.errors);
    const recipients = parsed.records.map((record, index): repo.BillItem => {
      const money = parsed.money[index];
      const check = recomputePayeMoney(money, month);
      return {
        rowNumber: parsed.rowNumbers[index],
        taxPayerNumber: record.tax_payer_number.toUpperCase(),
        name: record.name,
        amountKobo: check.monthlyGross,
        taxPayableKobo: parsed.amounts[index],
        expectedTaxKobo: check.expectedMonthlyTax,
        nationality: record.nationality,
        designation: record.designation,
        incomesKobo: money.slice(PAYE_INCOMES_FROM),
      };
    });
    return { type: 'paye', whtType: null, periodStart: `${month}-01`, periodEnd: lastDayOfMonth(month), recipients, amountDue: parsed.amountDue };
  }

  async function prepareWht(caller: Caller, month: string, form: { payload_type?: string; wht_type?: string; end_date?: string; calc_record_reference?: string }, file: UploadedFile | undefined): Promise<PreparedBill> {
    const whtType = form.wht_type?.trim();
    if (!whtType) throw invalidInput({ wht_type: 'WHT type is required' });
    try {
      whtOn(month, whtType, asKobo(0));
    } catch (error) {
      throw whtTypeError(error, 'wht_type');
    }
    const periodEnd = form.end_date ? form.end_date.slice(0, 10) : lastDayOfMonth(month);
    if (!/^\d{4}-\d{2}(-\d{2})?$/.test(periodEnd) || periodEnd.slice(0, 7) < month) throw invalidInput({ end_date: 'The end date must be on or after the start of the month' });
    const base = { type: 'wht' as const, whtType, periodStart: `${month}-01`, periodEnd: periodEnd.length === 7 ? lastDayOfMonth(periodEnd) : periodEnd };
    if (!form.payload_type) throw invalidInput({ payload_type: 'Choose manual or auto calculation' });

    if (form.payload_type === 'auto' && form.calc_record_reference) {
      const record = await repo.findWhtCalcRecord(db, { reference: form.calc_record_reference });
      if (!record || record.organisationId !== caller.organisationId) throw invalidInput({ calc_record_reference: 'This calculation was not found. Upload the file again.' });
      if (record.whtType !== whtType) throw invalidInput({ calc_record_reference: 'This calculation was made for another WHT type. Upload the file again.' });
      const items = await repo.listWhtCalcItems(db, record.id);
      return {
        ...base,
        recipients: items.map((item) => ({ rowNumber: item.rowNumber, taxPayerNumber: item.taxPayerNumber, name: item.name, amountKobo: item.amountKobo, taxPayableKobo: item.taxPayableKobo, ...NOT_PAYE })),
        amountDue: record.taxPayableKobo,
      };
    }
    if (!file) throw invalidInput({ recipients: 'No new file selected' });
    if (form.payload_type === 'manual') {
      const parsed = parseWhtManualCsv(file.content);
      if (!parsed.ok) throw csvFailure('recipients', parsed.message, parsed.errors);
      return {
        ...base,
        recipients: parsed.records.map((record, index) => ({ rowNumber: parsed.rowNumbers[index], taxPayerNumber: record.tax_payer_number.toUpperCase(), name: record.name, amountKobo: null, taxPayableKobo: parsed.amounts[index], ...NOT_PAYE })),
        amountDue: parsed.amountDue,
      };
    }
    const auto = whtAutoItems(month, whtType, file);
    return { ...base, recipients: auto.items.map((item) => ({ ...item, ...NOT_PAYE })), amountDue: auto.taxPayable };
  }

  /** A WHT auto file (tax_payer_number, name, amount) with the tax on each amount at the type's rate. */
  function whtAutoItems(month: string, whtType: string, file: UploadedFile) {
    const parsed = parseWhtAutoCsv(file.content);
    if (!parsed.ok) throw csvFailure('file', parsed.message, parsed.errors);
    // The rate depends on the month and type alone, so it is looked up once; each tax is then
    // computeWht's own rounding of amount × rate.
    const { rateBps } = whtOn(month, whtType, asKobo(0));
    const items = parsed.records.map((record, index) => ({
      rowNumber: parsed.rowNumbers[index],
      taxPayerNumber: record.tax_payer_number.toUpperCase(),
      name: record.name,
      amountKobo: parsed.amounts[index],
      taxPayableKobo: applyRate(parsed.amounts[index], rateBps),
    }));
    return { items, rateBps, amount: parsed.amountDue, taxPayable: sumKobo(items.map((item) => item.taxPayableKobo)) };
  }

  function agencyStateOf(state: StateInfo): AgencyState {
    return { code: state.code, name: state.name, revenueService: state.revenueService };
  }

  /**
   * Asks the agency to settle a bill that the wallet has paid. Paid: `payment_paid` with the
   * receipt. Declined (final): `failed`, and the debit is reversed, at most once. No answer:
   * throws, so the settlement job tries again; on its last attempt the bill fails and is refunded.
   */
  async function settle(billId: string, isLastAttempt: boolean) {
    const bill = await repo.findBill(db, billId);
    if (!bill || (bill.status !== 'awaiting_payment_confirmation' && bill.status !== 'payment_pending')) return;
    try {
      const paid = await agency.pay({ reference: bill.agencyReference ?? bill.reference, taxPayerNumber: bill.taxPayerNumber, amountKobo: bill.amountDueKobo });
      await db.transaction(async (tx) => {
        const moved = await repo.transitionBill(tx, bill.id, ['awaiting_payment_confirmation', 'payment_pending'], { status: 'payment_paid', receiptNumber: paid.receiptNumber, paidAt: paid.paidAt });
        if (moved) await repo.insertBillEvent(tx, { billId: bill.id, status: 'payment_paid', note: `Paid to the revenue service; receipt ${paid.receiptNumber}` });
      });
    } catch (error) {
      const isFinal = error instanceof AgencyError && error.kind === 'declined';
      if (!isFinal && !isLastAttempt) throw error;
      const reason = error instanceof Error ? error.message : 'The revenue service did not accept the payment.';
      await db.transaction(async (tx) => {
        const moved = await repo.transitionBill(tx, bill.id, ['awaiting_payment_confirmation', 'payment_pending'], { status: 'failed', failureReason: reason });
        if (!moved) return;
        if (bill.paymentJournalId) {
          await deps.wallets.reverseJournal(tx, bill.paymentJournalId, { reference: `REFUND-${bill.reference}`, description: `Refund of ${bill.reference}: ${reason}` });
        }
        await repo.insertBillEvent(tx, { billId: bill.id, status: 'failed', note: `${reason} ${formatNaira(bill.totalKobo)} was returned to the wallet.` });
      });
    }
  }

  deps.jobs.define<{ billId: string }>({
    name: SETTLE_BILL_JOB,
    // An agency that is down for a while: seven tries over about ten minutes, then the bill fails and is refunded.
    options: { retryLimit: 6, retryDelaySeconds: 5, pollingIntervalSeconds: 1, expireInSeconds: 120 },
    handle: ({ billId }, { isLastAttempt }) => settle(billId, isLastAttempt),
  });

  async function replay(bill: repo.BillRow): Promise<{ bill: BillDetail; message: string }> {
    // A PAYE bill being settled by the first request: give it a moment to finish.
    let current = bill;
    for (let wait = 0; wait < 50 && current.status === 'awaiting_payment_confirmation'; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = (await repo.findBill(db, bill.id)) ?? current;
    }
    return { bill: await detail(current), message: messageFor(current) };
  }

  function messageFor(bill: repo.BillRow): string {
    if (bill.type === 'wht' && bill.status === 'payment_pending') return BILL_MESSAGES.whtProcessing;
    if (bill.status === 'failed') return `The payment failed: ${bill.failureReason ?? 'the revenue service declined it'}. The wallet was refunded.`;
    return bill.type === 'paye' ? BILL_MESSAGES.payeGenerated : BILL_MESSAGES.whtProcessing;
  }

  async function listWhere(caller: Caller, params: ListParams): Promise<SQL | undefined> {
    const conditions: Array<SQL | undefined> = [eq(bills.organisationId, caller.organisationId ?? ''), ...filterConditions(params.filters, LIST_FILTERS)];
    const search = containsPattern(params.search);
    if (search) conditions.push(ilike(bills.reference, search));
    return and(...conditions);
  }

  async function list(caller: Caller, params: ListParams) {
    if (!caller.organisationId) throw notFound('Organisation not found.');
    const column = SORT_COLUMNS[(params.order_by ?? 'created_at') as keyof typeof SORT_COLUMNS] ?? SORT_COLUMNS.created_at;
    const { limit, offset } = pageWindow(params);
    const { rows, total } = await repo.listBills(db, { where: await listWhere(caller, params), order: params.is_asc ? asc(column) : desc(column), limit, offset });
    return toPage(await summaries(caller.organisationId, rows), total, params);
  }

  return {
    types: () => [...BILL_TYPES],

    /** The WHT types a state's agency collects for a month: the regulations' individual rates. */
    async whtTypes(stateId: number, period: string | undefined) {
      const state = (await stateById()).get(stateId);
      if (!state) throw notFound('State not found.');
      const month = period ?? currentMonth(now());
      try {
        return listWhtTypes(month).map((type) => ({
          id: type.code,
          name: type.name,
          reference: `${state.code}-WHT-${type.code.toUpperCase().replace(/_/g, '-')}`,
          percentage: type.percentage,
          description: type.description,
        }));
      } catch (error) {
        throw whtTypeError(error, 'period');
      }
    },

    calculateCharge(input: { type_id: number; amount_due: string; recipient_count: number }) {
      const type = billTypeById(input.type_id);
      if (!type) throw invalidInput({ type_id: 'Choose a bill type' });
      const result = computeBillCharge({ billType: type.code, recipientCount: input.recipient_count, amountDue: toKobo(input.amount_due, 'amount_due') });
      return { charge: naira(result.charge), amount_due: naira(result.amountDue), fee: naira(result.fee), vat: naira(result.vat), total: naira(result.total) };
    },

    calculateWhtTax(input: { wht_type: string; amount: string; period?: string }) {
      const month = input.period ?? currentMonth(now());
      try {
        const result = whtOn(month, input.wht_type, toKobo(input.amount, 'amount'));
        return { tax_payable: naira(result.tax), rate: result.rateBps / 100 };
      } catch (error) {
        throw whtTypeError(error, 'wht_type');
      }
    },

    /** A bulk WHT calculation from an auto file, kept so the bill can be made from it (`calc_record_reference`). */
    async calculateWhtBulk(caller: Caller, input: { wht_type: string; period?: string }, uploads: UploadedFile[]) {
      if (!caller.organisationId) throw notFound('Organisation not found.');
      const month = input.period ?? currentMonth(now());
      try {
        whtOn(month, input.wht_type, asKobo(0));
      } catch (error) {
        throw whtTypeError(error, 'wht_type');
      }
      const file = csvFileOf(uploads, 'file');
      const auto = whtAutoItems(month, input.wht_type, file);
      const record = await db.transaction((tx) =>
        repo.insertWhtCalcRecord(
          tx,
          {
            reference: `WHTCALC-${randomBytes(6).toString('hex').toUpperCase()}`,
            organisationId: caller.organisationId!,
            whtType: input.wht_type,
            period: month,
            rateBps: auto.rateBps,
            itemCount: auto.items.length,
            amountKobo: auto.amount,
            taxPayableKobo: auto.taxPayable,
            createdBy: caller.userId,
          },
          auto.items,
        ),
      );
      return { id: record.id, reference: record.reference };
    },

    async whtCalcItems(caller: Caller, id: string, params: { page: number; count: number; no_pages?: boolean }) {
      const record = await repo.findWhtCalcRecord(db, { id });
      if (!record || record.organisationId !== caller.organisationId) throw notFound('Calculation not found.');
      const { limit, offset } = pageWindow(params);
      const items = await repo.listWhtCalcItems(db, record.id, { limit, offset });
      const page = toPage(
        items.map((item) => ({ row: item.rowNumber, tax_payer_number: item.taxPayerNumber, name: item.name, amount: naira(item.amountKobo), tax_payable: naira(item.taxPayableKobo) })),
        record.itemCount,
        params,
      );
      return { reference: record.reference, wht_type: record.whtType, ...page, aggs: { count: record.itemCount, sum_tax_payable: naira(record.taxPayableKobo), sum_amount: naira(record.amountKobo) } };
    },

    /**
     * Generates and pays a bill (product-spec §4, product-design "Bills"). The file is checked and
     * every PAYE row recomputed first; the agency gives its bill reference outside any transaction;
     * then one transaction creates the bill and its items and debits the wallet (a shortfall
     * creates nothing). PAYE is settled at once; WHT by the settlement job. The idempotency key
     * makes a repeated request answer with the first bill.
     */
    async create(
      caller: Caller,
      path: { corporation: string; state: string; type: BillTypeCode },
      form: { start_date: string; end_date?: string; payload_type?: string; wht_type?: string; calc_record_reference?: string },
      uploads: UploadedFile[],
      idempotencyKey: string | null,
    ): Promise<{ bill: BillDetail; message: string }> {
      if (path.type === 'wht' && !hasPermission(caller.permissions, 'core-internal.bill.createwhtbill')) throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
      const { corporation, state, registration } = await deps.states.findRegistration(db, caller, path.corporation, path.state, 'write');
      const organisationId = corporation.organisationId;
      if (idempotencyKey) {
        const existing = await repo.findBillByIdempotencyKey(db, organisationId, idempotencyKey);
        if (existing) return replay(existing);
      }
      const month = form.start_date;
      checkMonth(month, 'start_date');
      const prepared = path.type === 'paye' ? preparePaye(month, csvFileOf(uploads, 'recipients')) : await prepareWht(caller, month, form, uploads.find((upload) => upload.field === 'recipients'));
      if (prepared.amountDue <= 0) throw invalidInput({ recipients: 'The tax on this bill is ₦0.00: there is nothing to pay.' });
      const charge = computeBillCharge({ billType: prepared.type, recipientCount: prepared.recipients.length, amountDue: prepared.amountDue, date: `${month}-01` });
      const wallet = await deps.wallets.walletForCorporation(organisationId, corporation.id);

      let agencyReference: string;
      try {
        ({ reference: agencyReference } = await agency.generateBillReference({ state: agencyStateOf(state), taxPayerNumber: registration.taxPayerNumber, billType: prepared.type, period: month, amountKobo: prepared.amountDue }));
      } catch (error) {
        if (error instanceof AgencyError) throw new AppError(error.kind === 'not_found' ? 'UNPROCESSABLE' : 'UNAVAILABLE', error.message);
        throw error;
      }

      const created = await db.transaction(async (tx) => {
        const reference = `${prepared.type.toUpperCase()}-${state.code}-${month}-${String(await repo.nextBillSerial(tx)).padStart(6, '0')}`;
        const bill = await repo.insertBill(tx, {
          reference,
          organisationId,
          corporationId: corporation.id,
          stateId: state.id,
          type: prepared.type,
          whtType: prepared.whtType,
          taxPayerNumber: registration.taxPayerNumber,
          periodStart: prepared.periodStart,
          periodEnd: prepared.periodEnd,
          amountDueKobo: prepared.amountDue,
          feeKobo: charge.fee,
          vatKobo: charge.vat,
          chargeKobo: charge.charge,
          totalKobo: charge.total,
          recipientCount: prepared.recipients.length,
          status: prepared.type === 'paye' ? 'awaiting_payment_confirmation' : 'payment_pending',
          agencyReference,
          idempotencyKey,
          createdBy: caller.userId,
          createdByName: caller.firstName,
        });
        if (!bill) return null;
        await repo.insertBillItems(tx, bill.id, prepared.recipients);
        const { journalId } = await deps.wallets.debitWallet(tx, {
          walletId: wallet.walletId,
          amount: { toAgency: prepared.amountDue, toFees: charge.charge },
          category: 'bill_payment',
          reference: `BILL-${reference}`,
          description: `${billTypeByCode(prepared.type).name} ${reference} for ${corporation.name}, ${state.name}`,
          createdBy: caller.userId,
        });
        await tx.update(bills).set({ paymentJournalId: journalId }).where(eq(bills.id, bill.id));
        await repo.insertBillEvent(tx, { billId: bill.id, status: 'pending', note: `Generated by ${caller.firstName}; agency reference ${agencyReference}` });
        await repo.insertBillEvent(tx, { billId: bill.id, status: bill.status, note: `${formatNaira(charge.total)} paid from ${wallet.name}` });
        await deps.jobs.enqueue(tx, SETTLE_BILL_JOB, { billId: bill.id }, { singletonKey: bill.id, startAfterSeconds: prepared.type === 'paye' ? PAYE_SAFETY_NET_SECONDS : 0 });
        return { ...bill, paymentJournalId: journalId };
      });

      if (!created) {
        const first = idempotencyKey ? await repo.findBillByIdempotencyKey(db, organisationId, idempotencyKey) : null;
        if (!first) throw new AppError('CONFLICT', 'This bill is already being generated.');
        return replay(first);
      }
      if (created.type === 'paye') {
        // Paid at once (product-spec §4); if the agency does not answer, the job settles it later.
        await settle(created.id, false).catch(() => undefined);
      }
      const final = (await repo.findBill(db, created.id))!;
      // The recipients are still in hand: the warnings need not read them back.
      return { bill: await detail(final, prepared.recipients), message: messageFor(final) };
    },

    list,

    async get(caller: Caller, id: string) {
      return detail(await findOwnBill(caller, id));
    },

    async items(caller: Caller, id: string, params: { page: number; count: number; search?: string }) {
      const bill = await findOwnBill(caller, id);
      const window = pageWindow(params);
      const search = params.search?.trim().toLowerCase();
      // A search reads every recipient (a bill's items are stored in pages, decision 0008); a page
      // without one reads only the stored pages it needs.
      const found = search ? (await repo.listBillItems(db, bill.id)).filter((item) => item.name.toLowerCase().includes(search) || item.taxPayerNumber.toLowerCase().includes(search)) : null;
      const rows = found ? found.slice(window.offset, window.offset + window.limit) : await repo.listBillItems(db, bill.id, window);
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

    async exportList(caller: Caller, params: ListParams, format: ExportFormat) {
      const page = await list(caller, { ...params, page: 1, no_pages: true });
      if (page.items.length === 0) throw new AppError('NOT_FOUND', BILL_MESSAGES.noData);
      return exportTable({
        filename: `levy-bills-${now().toISOString().slice(0, 10)}`,
        sheetName: 'Bills',
        format,
        rows: page.items,
        columns: [
          { header: 'Reference', value: (row) => row.reference },
          { header: 'Type', value: (row) => row.type_name },
          { header: 'Corporation', value: (row) => row.corporation.name },
          { header: 'State', value: (row) => row.state.name },
          { header: 'Tax ID', value: (row) => row.tax_payer_number },
          { header: 'Period start', value: (row) => row.period_start },
          { header: 'Period end', value: (row) => row.period_end },
          { header: 'Recipients', value: (row) => row.recipient_count },
          { header: 'Amount due (NGN)', value: (row) => row.amount_due, isMoney: true },
          { header: 'Charge (NGN)', value: (row) => row.charge, isMoney: true },
          { header: 'Total (NGN)', value: (row) => row.total, isMoney: true },
          { header: 'Status', value: (row) => row.status },
          { header: 'Receipt', value: (row) => row.receipt_number ?? '' },
          { header: 'Created', value: (row) => row.created_at },
          { header: 'Paid', value: (row) => row.paid_at ?? '' },
        ],
      });
    },

    /** The bill's recipients as a CSV or XLSX schedule, as an agency or an auditor asks for it. */
    async schedule(caller: Caller, id: string, format: ExportFormat) {
      const bill = await findOwnBill(caller, id);
      const rows = await repo.listBillItems(db, bill.id);
      if (rows.length === 0) throw new AppError('NOT_FOUND', BILL_MESSAGES.noData);
      type Item = (typeof rows)[number];
      const money = (value: Kobo | null | undefined) => (value === null || value === undefined ? '' : naira(value));
      const payeScheduleColumns = [
        { header: 'PAYE by the engine (NGN)', value: (item: Item) => money(item.expectedTaxKobo), isMoney: true },
        { header: 'nationality', value: (item: Item) => item.nationality ?? '' },
        { header: 'designation', value: (item: Item) => item.designation ?? '' },
        ...PAYE_INCOME_HEADERS.map((header, index) => ({ header: `${header} (NGN)`, value: (item: Item) => money(item.incomesKobo?.[index]), isMoney: true })),
      ];
      return exportTable({
        filename: `${bill.reference}-schedule`,
        sheetName: 'Schedule',
        format,
        rows,
        columns: [
          { header: 'Row', value: (item) => item.rowNumber },
          { header: 'tax_payer_number', value: (item) => item.taxPayerNumber },
          { header: 'name', value: (item) => item.name },
          { header: bill.type === 'paye' ? 'gross_income (NGN)' : 'amount (NGN)', value: (item) => (item.amountKobo === null ? '' : naira(item.amountKobo)), isMoney: true },
          { header: 'tax_payable (NGN)', value: (item) => naira(item.taxPayableKobo), isMoney: true },
          ...(bill.type === 'paye' ? payeScheduleColumns : []),
        ],
      });
    },

    async receipt(caller: Caller, id: string) {
      const bill = await findOwnBill(caller, id);
      if (bill.status !== 'payment_paid') throw new AppError('UNPROCESSABLE', 'A receipt is issued once the bill is paid.');
      const [summary] = await summaries(bill.organisationId, [bill]);
      const state = (await stateById()).get(bill.stateId)!;
      return renderBillReceipt({ bill, summary, revenueService: state.revenueService, fee: naira(bill.feeKobo), vat: naira(bill.vatKobo) });
    },

    /** Settles one bill now (the settlement job's work; exposed for tests and operators). */
    settle,

    /** Onboarding summary: how many bills the organisation has generated. */
    async summary(organisationId: string) {
      return { bills_generated: await repo.countBills(db, organisationId) };
    },

    /** Each bill of an organisation as corporation, state, type, tax month (YYYY-MM), status, amount due and paid time: what the alerts module computes deadlines from. */
    async billPeriods(organisationId: string) {
      const rows = await repo.billPeriodsOfOrganisation(db, organisationId);
      return rows.map((row) => ({ corporationId: row.corporationId, stateId: row.stateId, type: row.type, period: row.periodStart.slice(0, 7), status: row.status, amountDueKobo: row.amountDueKobo, paidAt: row.paidAt, createdAt: row.createdAt }));
    },

    /** The organisation's paid bills: id, reference, type, period, amount due, total and when paid (what the analyser matches bank debits to). */
    async paidBills(organisationId: string) {
      const rows = await repo.paidBillsOfOrganisation(db, organisationId);
      return rows.flatMap((row) => (row.paidAt ? [{ ...row, paidAt: row.paidAt }] : []));
    },
  };
}

export type BillsService = ReturnType<typeof createBillsService>;
