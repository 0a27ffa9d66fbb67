import { createHash, randomBytes } from 'node:crypto';
import {
  APPROVE_BILLS_PERMISSION,
  BILL_MESSAGES,
  hasPermission,
  SETTING_CODES,
  type BillApprovalSetting,
  type BillDetail,
  type BillPrecheck,
  type BillStatus,
  type BillSummary,
  type BillTypeCode,
  type BillWarning,
  type ListParams,
  type PayeSource,
} from '@levy/contracts';
import {
  applyRate,
  asKobo,
  computeBillCharge,
  computeWht,
  describePayeMismatch,
  formatNaira,
  isTaxInputError,
  koboToNairaString,
  lagosDate as lagosIsoDate,
  listWhtTypes,
  PAYE_ROW_TOLERANCE_KOBO,
  PAYE_TEMPLATE_HEADERS,
  parsePayeFile,
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
import { recordAudit } from '../audit/audit.service';
import type { CorporationsService } from '../corporations/corporations.service';
import type { MailService } from '../mail/mail.service';
import type { StatesService } from '../states/states.service';
import { BILL_TYPES, billTypeByCode, billTypeById } from './bill-types';
import { latenessOf } from './bill-lateness';
import { renderBillReceipt } from './bill-receipt';
import { whtTypeOf, type ReceiptCodes } from './receipt-verification';
import * as repo from './bills.repo';
import { BILL_STATUS_VALUES, bills } from './bills.schema';

/** What bills need from the wallets module (its narrow ledger API): the wallet that pays, a debit, and its refund. */
export interface BillWallets {
  walletForCorporation(organisationId: string, corporationId: string): Promise<{ walletId: string; name: string; balanceKobo: Kobo }>;
  /** Moves `toAgency + toFees` out of the wallet in the caller's transaction; a shortfall is UNPROCESSABLE naming it. */
  debitWallet(
    tx: Db,
    input: { walletId: string; amount: { toAgency: Kobo; toFees: Kobo }; category: 'bill_payment'; reference: string; description: string; createdBy: string | null },
  ): Promise<{ journalId: string; isReplay: boolean }>;
  /** Refunds a debit by its reversing journal; the reference makes it happen at most once. */
  reverseJournal(tx: Db, journalId: string, input: { reference: string; description: string; createdBy?: string | null }): Promise<{ journalId: string }>;
}

/** Someone a bill names: its preparer, the admin who decided it. */
export interface BillPerson {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Approves and declines bills that wait; held by admins (permissions.ts). */
export const APPROVE_BILLS = APPROVE_BILLS_PERMISSION;

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
/** How long an attempt to settle holds a bill against cancellation: past the agency's timeout. */
const SETTLEMENT_CLAIM_SECONDS = 60;
const DEFAULT_APPROVAL: BillApprovalSetting = { mode: 'members' };
/** Bills that ended without paying anything: no lateness is theirs. */
const UNPAID_FOR_GOOD: readonly BillStatus[] = ['failed', 'declined', 'cancelled'];

const fullName = (person: Pick<BillPerson, 'firstName' | 'lastName'>) => `${person.firstName} ${person.lastName}`.trim();

/** `24 Nov 2026`, in Lagos. */
function lagosDate(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: LAGOS, day: 'numeric', month: 'short', year: 'numeric' }).format(at);
}

/** `2026-10` → `October 2026`. */
function monthName(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** WHT: the payees' Tax IDs and taxes as one value, whatever their order in the file. */
function payeesFingerprint(recipients: readonly { taxPayerNumber: string; taxPayableKobo: Kobo }[]): string {
  const lines = recipients.map((recipient) => `${recipient.taxPayerNumber}:${recipient.taxPayableKobo}`).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

/** The status a bill pays in: PAYE is confirmed at once, WHT settles in the background. */
const payingStatus = (type: BillTypeCode): BillStatus => (type === 'paye' ? 'awaiting_payment_confirmation' : 'payment_pending');

/** A ledger reference unique to the bill and readable in Transactions (bill references repeat across corporations). */
const ledgerReference = (prefix: 'BILL' | 'REFUND', bill: { reference: string; id: string }) => `${prefix}-${bill.reference}-${bill.id.slice(0, 13).replace('-', '').toUpperCase()}`;

/** The request repeats one already made under its Idempotency-Key: thrown to roll back, then answered with that bill. */
class Replay extends Error {
  constructor(readonly bill: repo.BillRow | null) {
    super('replay of an earlier request');
  }
}

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
  status: { kind: 'in', column: bills.status, values: [...BILL_STATUS_VALUES] },
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
  mail: MailService;
  /** The web app's address, for the links in approval mails. */
  appUrl: string;
  listStates(): Promise<StateInfo[]>;
  /** People by user id (the identity module's). */
  people(userIds: string[]): Promise<BillPerson[]>;
  /** The organisation's active admins (the team module's): who approves. */
  adminsOf(organisationId: string): Promise<BillPerson[]>;
  settingValue(organisationId: string, code: string): Promise<unknown>;
  /** Signs receipts: their verification codes and links (receipt-verification.ts). */
  receiptCodes: ReceiptCodes;
  /** The payroll registered with a state as the PAYE template CSV (the payroll module's); null when there is none. */
  payrollOnFile(registrationId: string): Promise<Buffer | null>;
  /** The payer's address for its receipts, from the organisation's KYC identity (the organisations module's); null when not given. */
  payerAddress(caller: Caller, organisationId: string): Promise<string | null>;
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
        created_by_id: bill.createdBy,
        created_at: bill.createdAt.toISOString(),
        paid_at: bill.paidAt?.toISOString() ?? null,
        supplementary: bill.supplementary,
        supplementary_reason: bill.supplementaryReason,
        approved_by: bill.approvedByName,
        approved_at: bill.approvedAt?.toISOString() ?? null,
        closed_reason: bill.closedReason,
        verify_url: bill.status === 'payment_paid' ? deps.receiptCodes.urlOf(bill.id) : null,
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
      lateness: latenessOfBill(bill),
    };
  }

  /** A bill paid after its month's due date, or still unpaid past it; a closed bill paid nothing, so it is never late. */
  function latenessOfBill(bill: repo.BillRow) {
    if (UNPAID_FOR_GOOD.includes(bill.status)) return null;
    return latenessOf(bill.type, bill.periodStart.slice(0, 7), bill.amountDueKobo, lagosIsoDate(bill.paidAt ?? now()));
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

  /**
   * PAYE is filed for the employees registered with the state, under the taxpayer's consent
   * (product-spec "Manage Payroll"): without both there is no bill. The employees come from the
   * file sent, or with `source=payroll` from the payroll on file itself.
   */
  async function payeFileOf(registration: { id: string; isControlConsentGiven: boolean }, stateName: string, source: PayeSource | undefined, uploads: UploadedFile[]): Promise<Pick<UploadedFile, 'content'>> {
    if (!registration.isControlConsentGiven) throw new AppError('UNPROCESSABLE', `Give consent to manage payroll in ${stateName} first: PAYE is filed for the employees registered there.`);
    const onFile = await deps.payrollOnFile(registration.id);
    if (!onFile) throw new AppError('UNPROCESSABLE', `Register the payroll for ${stateName} first (Manage Payroll): PAYE is filed for the employees registered there.`);
    return source === 'payroll' ? { content: onFile } : csvFileOf(uploads, 'recipients');
  }

  function preparePaye(month: string, file: Pick<UploadedFile, 'content'>): PreparedBill {
    const parsed = parsePayeFile(file.content, month);
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
   * The attempt holds the bill while the agency is asked, so it is not cancelled meanwhile.
   */
  async function settle(billId: string, isLastAttempt: boolean) {
    const bill = await repo.claimSettlement(db, billId, SETTLEMENT_CLAIM_SECONDS);
    if (!bill) {
      const current = await repo.findBill(db, billId);
      // Another attempt holds it: try again after it, unless this was the last try.
      if (current && repo.SETTLING_STATUSES.includes(current.status) && !isLastAttempt) throw new Error(`Bill ${current.reference} is being settled by another attempt.`);
      return;
    }
    try {
      const paid = await agency.pay({ reference: bill.agencyReference ?? bill.reference, taxPayerNumber: bill.taxPayerNumber, amountKobo: bill.amountDueKobo });
      await db.transaction(async (tx) => {
        const moved = await repo.transitionBill(tx, bill.id, repo.SETTLING_STATUSES, { status: 'payment_paid', receiptNumber: paid.receiptNumber, paidAt: paid.paidAt, settlingUntil: null });
        if (moved) await repo.insertBillEvent(tx, { billId: bill.id, status: 'payment_paid', note: `Paid to the revenue service; receipt ${paid.receiptNumber}` });
      });
    } catch (error) {
      const isFinal = error instanceof AgencyError && error.kind === 'declined';
      if (!isFinal && !isLastAttempt) {
        await repo.releaseSettlement(db, bill.id);
        throw error;
      }
      const reason = error instanceof Error ? error.message : 'The revenue service did not accept the payment.';
      await db.transaction(async (tx) => {
        const moved = await repo.transitionBill(tx, bill.id, repo.SETTLING_STATUSES, { status: 'failed', failureReason: reason, settlingUntil: null });
        if (!moved) return;
        await refund(tx, bill, `Refund of ${bill.reference}: ${reason}`, null);
        await repo.insertBillEvent(tx, { billId: bill.id, status: 'failed', note: `${reason} ${formatNaira(bill.totalKobo)} was returned to the wallet.` });
      });
    }
  }

  /** Returns a paid bill's debit to its wallet by a reversing journal, once. */
  async function refund(tx: Db, bill: repo.BillRow, description: string, actorUserId: string | null) {
    if (!bill.paymentJournalId) return;
    const { journalId } = await deps.wallets.reverseJournal(tx, bill.paymentJournalId, { reference: ledgerReference('REFUND', bill), description, createdBy: actorUserId });
    await repo.setBillJournals(tx, bill.id, { refundJournalId: journalId });
  }

  /**
   * Pays a stored bill from the wallet in the caller's transaction, for a bill paid at once and one
   * an admin approved alike: the debit (a shortfall throws, and the transaction stores nothing),
   * the status history, and the settlement job.
   */
  async function payFromWallet(tx: Db, bill: repo.BillRow, input: { wallet: { walletId: string; name: string }; actorUserId: string; description: string; note?: string }) {
    const { journalId, isReplay } = await deps.wallets.debitWallet(tx, {
      walletId: input.wallet.walletId,
      amount: { toAgency: bill.amountDueKobo, toFees: bill.chargeKobo },
      category: 'bill_payment',
      reference: ledgerReference('BILL', bill),
      description: input.description,
      createdBy: input.actorUserId,
    });
    // The reference is the bill's own: a journal already under it was not made for this bill.
    if (isReplay) throw new Error(`ledger reference ${ledgerReference('BILL', bill)} is taken`);
    await repo.setBillJournals(tx, bill.id, { paymentJournalId: journalId });
    await repo.insertBillEvent(tx, { billId: bill.id, status: bill.status, note: `${input.note ? `${input.note}; ` : ''}${formatNaira(bill.totalKobo)} paid from ${input.wallet.name}` });
    await deps.jobs.enqueue(tx, SETTLE_BILL_JOB, { billId: bill.id }, { singletonKey: bill.id, startAfterSeconds: bill.type === 'paye' ? PAYE_SAFETY_NET_SECONDS : 0 });
  }

  /** Whether a bill of this total, prepared by the caller, waits for an admin, and why (setting core.organisation.bill_approval). */
  async function approvalFor(caller: Caller, organisationId: string, total: Kobo): Promise<{ required: boolean; reason: string | null }> {
    const policy = ((await deps.settingValue(organisationId, SETTING_CODES.billApproval)) as BillApprovalSetting | undefined) ?? DEFAULT_APPROVAL;
    if (policy.mode === 'members' && !hasPermission(caller.permissions, APPROVE_BILLS)) {
      return { required: true, reason: 'Bills prepared by members wait for an admin to approve them.' };
    }
    if (policy.mode === 'above' && policy.above !== undefined && total > toKobo(policy.above, 'above')) {
      return { required: true, reason: `Bills above ${formatNaira(toKobo(policy.above, 'above'))} wait for an admin other than the one who prepared them.` };
    }
    return { required: false, reason: null };
  }

  /** "October 2026 PAYE for Lagos was paid on 24 Nov 2026: PAYE-LA-2026-10-000001, ₦150,028.75" */
  function describeMonthBill(bill: repo.BillRow, stateName: string): string {
    const what = `${monthName(bill.periodStart.slice(0, 7))} ${bill.type === 'paye' ? 'PAYE' : 'WHT to the same payees'} for ${stateName}`;
    const where =
      bill.status === 'payment_paid' && bill.paidAt
        ? `was paid on ${lagosDate(bill.paidAt)}`
        : bill.status === 'awaiting_approval'
          ? `is awaiting approval since ${lagosDate(bill.createdAt)}`
          : `is being paid since ${lagosDate(bill.createdAt)}`;
    return `${what} ${where}: ${bill.reference}, ${formatNaira(bill.totalKobo)}`;
  }

  /** The bill of the same month this one would repeat: PAYE by the month, WHT by the same payees and amounts. */
  function repeatedBill(monthBills: readonly repo.BillRow[], fingerprint: string | null): repo.BillRow | undefined {
    return fingerprint === null ? monthBills[0] : monthBills.find((bill) => bill.payeesFingerprint === fingerprint);
  }

  /**
   * One payment per period (product-design "Bills"): a repeat is refused with the bill it repeats
   * unless the request says it is supplementary, with a reason. Answers whether it is one.
   */
  async function guardMonth(executor: Db, month: repo.BillMonth, fingerprint: string | null, stateName: string, supplementary: { requested: boolean }): Promise<boolean> {
    const repeated = repeatedBill(await repo.findMonthBills(executor, month), fingerprint);
    if (!repeated) return false;
    if (supplementary.requested) return true;
    throw new AppError('CONFLICT', `${describeMonthBill(repeated, stateName)}. To pay again, mark this bill as an additional payment for the same month and give the reason.`, {
      bill: repeated.reference,
      existing: { id: repeated.id, reference: repeated.reference, status: repeated.status, total: naira(repeated.totalKobo), paid_at: repeated.paidAt?.toISOString() ?? null },
    });
  }

  /** Mails people about a bill, in the caller's transaction (the outbox). */
  async function mailAbout(tx: Db, bill: repo.BillRow, to: readonly string[], subject: string, text: string) {
    const link = `${deps.appUrl}/bills?bill=${bill.id}`;
    for (const address of new Set(to)) await deps.mail.enqueue(tx, { to: address, subject, text: `${text}\n\nOpen the bill: ${link}`, links: [link] });
  }

  async function personOf(userId: string | null): Promise<BillPerson | undefined> {
    return userId ? (await deps.people([userId]))[0] : undefined;
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

  /** A decision on a bill that has already moved on. */
  function notWaiting(bill: repo.BillRow): AppError {
    const label = bill.status.replace(/_/g, ' ');
    return new AppError('CONFLICT', `This bill is no longer awaiting approval or payment: it is ${label}.`);
  }

  function paidCannotBeCancelled(bill: repo.BillRow, statesById: Map<number, StateInfo>): AppError {
    const service = statesById.get(bill.stateId)?.revenueService ?? 'the revenue service';
    return new AppError(
      'UNPROCESSABLE',
      `This bill was paid to ${service}${bill.paidAt ? ` on ${lagosDate(bill.paidAt)}` : ''}, so it cannot be cancelled. Ask ${service} for a refund or a credit against a later bill, quoting the agency reference ${bill.agencyReference ?? bill.reference}.`,
    );
  }

  function messageFor(bill: repo.BillRow): string {
    if (bill.status === 'awaiting_approval') return BILL_MESSAGES.awaitingApproval;
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
     * then one transaction takes the month's bill number (which makes bills of one month wait for
     * each other), refuses a repeat of the month that is not marked supplementary, creates the bill
     * and its items and either debits the wallet (a shortfall creates nothing) or, when the
     * organisation's approval setting says so, leaves it awaiting an admin. PAYE is settled at
     * once; WHT by the settlement job. The idempotency key makes a repeated request answer with
     * the first bill.
     */
    async create(
      caller: Caller,
      path: { corporation: string; state: string; type: BillTypeCode },
      form: { start_date: string; end_date?: string; payload_type?: string; wht_type?: string; calc_record_reference?: string; source?: PayeSource; supplementary?: 'true' | 'false'; supplementary_reason?: string },
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
      const supplementary = { requested: form.supplementary === 'true', reason: form.supplementary_reason?.trim() || null };
      if (supplementary.requested && !supplementary.reason) throw invalidInput({ supplementary_reason: 'Give the reason for an additional payment for the same month' });
      const prepared = path.type === 'paye' ? preparePaye(month, await payeFileOf(registration, state.name, form.source, uploads)) : await prepareWht(caller, month, form, uploads.find((upload) => upload.field === 'recipients'));
      if (prepared.amountDue <= 0) throw invalidInput({ recipients: 'The tax on this bill is ₦0.00: there is nothing to pay.' });
      const charge = computeBillCharge({ billType: prepared.type, recipientCount: prepared.recipients.length, amountDue: prepared.amountDue, date: `${month}-01` });
      const billMonth: repo.BillMonth = { corporationId: corporation.id, stateId: state.id, type: prepared.type, period: month };
      const fingerprint = prepared.type === 'wht' ? payeesFingerprint(prepared.recipients) : null;
      // Checked before the agency is asked for a reference, and again under the month's lock below.
      await guardMonth(db, billMonth, fingerprint, state.name, supplementary);
      const [wallet, approval, preparer] = await Promise.all([deps.wallets.walletForCorporation(organisationId, corporation.id), approvalFor(caller, organisationId, charge.total), personOf(caller.userId)]);
      const preparerName = preparer ? fullName(preparer) : caller.firstName;
      // Read before the transaction: on the embedded database a transaction holds the only connection.
      const approvers = approval.required ? (await deps.adminsOf(organisationId)).filter((admin) => admin.id !== caller.userId) : [];

      let agencyReference: string;
      try {
        ({ reference: agencyReference } = await agency.generateBillReference({ state: agencyStateOf(state), taxPayerNumber: registration.taxPayerNumber, billType: prepared.type, period: month, amountKobo: prepared.amountDue }));
      } catch (error) {
        if (error instanceof AgencyError) throw new AppError(error.kind === 'not_found' ? 'UNPROCESSABLE' : 'UNAVAILABLE', error.message);
        throw error;
      }

      let created: repo.BillRow;
      try {
        created = await db.transaction(async (tx) => {
          const number = await repo.takeBillNumber(tx, billMonth);
          if (idempotencyKey) {
            const first = await repo.findBillByIdempotencyKey(tx, organisationId, idempotencyKey);
            if (first) throw new Replay(first);
          }
          const isSupplementary = await guardMonth(tx, billMonth, fingerprint, state.name, supplementary);
          const bill = await repo.insertBill(tx, {
            reference: `${prepared.type.toUpperCase()}-${state.code}-${month}-${String(number).padStart(6, '0')}`,
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
            status: approval.required ? 'awaiting_approval' : payingStatus(prepared.type),
            agencyReference,
            supplementary: isSupplementary,
            supplementaryReason: isSupplementary ? supplementary.reason : null,
            payeesFingerprint: fingerprint,
            idempotencyKey,
            createdBy: caller.userId,
            createdByName: preparerName,
          });
          // Another request with this key was stored first, for another month: the first stands.
          if (!bill) throw new Replay(idempotencyKey ? await repo.findBillByIdempotencyKey(tx, organisationId, idempotencyKey) : null);
          await repo.insertBillItems(tx, bill.id, prepared.recipients);
          const additional = isSupplementary ? `; additional payment for the month: ${supplementary.reason}` : '';
          await repo.insertBillEvent(tx, { billId: bill.id, status: 'pending', note: `Prepared by ${preparerName}; agency reference ${agencyReference}${additional}` });
          const description = `${billTypeByCode(prepared.type).name} ${bill.reference} for ${corporation.name}, ${state.name}`;
          if (approval.required) {
            await repo.insertBillEvent(tx, { billId: bill.id, status: 'awaiting_approval', note: `Waiting for an admin's approval: ${approval.reason} Nothing has been paid.` });
            await recordAudit(tx, { organisationId, actorUserId: caller.userId, action: 'bill.submitted_for_approval', resourceType: 'bill', resourceId: bill.id, details: { reference: bill.reference, total: naira(bill.totalKobo) } });
            await mailAbout(
              tx,
              bill,
              approvers.map((admin) => admin.email),
              `A bill is waiting for your approval: ${bill.reference}`,
              `${preparerName} prepared ${description}: ${formatNaira(bill.totalKobo)} from ${wallet.name}. Nothing is paid until an admin approves it.`,
            );
          } else {
            await payFromWallet(tx, bill, { wallet, actorUserId: caller.userId, description });
            await recordAudit(tx, { organisationId, actorUserId: caller.userId, action: 'bill.paid', resourceType: 'bill', resourceId: bill.id, details: { reference: bill.reference, total: naira(bill.totalKobo), supplementary: isSupplementary } });
          }
          return bill;
        });
      } catch (error) {
        if (!(error instanceof Replay)) throw error;
        if (!error.bill) throw new AppError('CONFLICT', 'This bill is already being generated.');
        return replay(error.bill);
      }

      if (created.status === 'awaiting_payment_confirmation') {
        // Paid at once (product-spec §4); if the agency does not answer, the job settles it later.
        await settle(created.id, false).catch(() => undefined);
      }
      const final = (await repo.findBill(db, created.id))!;
      // The recipients are still in hand: the warnings need not read them back.
      return { bill: await detail(final, prepared.recipients), message: messageFor(final) };
    },

    /**
     * What the summary shows before Pay: the month's bills that are paid, being paid or waiting,
     * the sentence a PAYE repeat would be refused with, the paying wallet and what it lacks, and
     * whether the bill would wait for an admin, and how late the month is. The server decides again at Pay.
     */
    async precheck(caller: Caller, params: { corporation_id: string; state: string; type: BillTypeCode; start_date: string; total?: string; amount_due?: string }): Promise<BillPrecheck> {
      const { corporation, state } = await deps.states.findRegistration(db, caller, params.corporation_id, params.state, 'read');
      const organisationId = corporation.organisationId;
      const total = params.total === undefined ? null : toKobo(params.total, 'total');
      const [monthBills, wallet, approval] = await Promise.all([
        repo.findMonthBills(db, { corporationId: corporation.id, stateId: state.id, type: params.type, period: params.start_date }),
        deps.wallets.walletForCorporation(organisationId, corporation.id),
        approvalFor(caller, organisationId, total ?? asKobo(0)),
      ]);
      const repeated = params.type === 'paye' ? monthBills[0] : undefined;
      return {
        month_bills: await summaries(organisationId, monthBills),
        duplicate: repeated ? describeMonthBill(repeated, state.name) : null,
        wallet: { name: wallet.name, balance: naira(wallet.balanceKobo) },
        shortfall: total !== null && total > wallet.balanceKobo ? naira(total - wallet.balanceKobo) : null,
        approval,
        lateness: params.amount_due === undefined ? null : latenessOf(params.type, params.start_date, toKobo(params.amount_due, 'amount_due'), lagosIsoDate(now())),
      };
    },

    /**
     * An admin other than its preparer approves a waiting bill: it is debited and paid through the
     * same path as an immediate payment. A shortfall answers with the amount and the bill keeps
     * waiting; of concurrent approvals one moves the bill and the others are told it has moved.
     */
    async approve(caller: Caller, id: string, ip: string) {
      const bill = await findOwnBill(caller, id);
      if (bill.status !== 'awaiting_approval') throw notWaiting(bill);
      if (bill.createdBy === caller.userId) throw new AppError('FORBIDDEN', 'You prepared this bill: another admin must approve it.');
      const [corporation, statesById, wallet, approver, preparer] = await Promise.all([
        deps.corporations.findInOrganisation(bill.organisationId, bill.corporationId),
        stateById(),
        deps.wallets.walletForCorporation(bill.organisationId, bill.corporationId),
        personOf(caller.userId),
        personOf(bill.createdBy),
      ]);
      const approverName = approver ? fullName(approver) : caller.firstName;
      const state = statesById.get(bill.stateId)!;
      await db.transaction(async (tx) => {
        const approvedAt = now();
        const moved = await repo.transitionBill(tx, bill.id, ['awaiting_approval'], { status: payingStatus(bill.type), approvedBy: caller.userId, approvedByName: approverName, approvedAt });
        if (!moved) throw notWaiting((await repo.findBill(tx, bill.id)) ?? bill);
        const paying = { ...bill, status: payingStatus(bill.type) };
        await payFromWallet(tx, paying, { wallet, actorUserId: caller.userId, description: `${billTypeByCode(bill.type).name} ${bill.reference} for ${corporation.name}, ${state.name}`, note: `Approved by ${approverName}` });
        await recordAudit(tx, { organisationId: bill.organisationId, actorUserId: caller.userId, action: 'bill.approved', resourceType: 'bill', resourceId: bill.id, details: { reference: bill.reference, total: naira(bill.totalKobo) }, ipAddress: ip });
        if (preparer) await mailAbout(tx, bill, [preparer.email], `Your bill was approved: ${bill.reference}`, `${approverName} approved ${bill.reference} (${formatNaira(bill.totalKobo)}). It has been paid from ${wallet.name}.`);
      });
      if (bill.type === 'paye') await settle(bill.id, false).catch(() => undefined);
      return detail((await repo.findBill(db, bill.id))!);
    },

    /** An admin declines a waiting bill with a reason: nothing was paid, and the preparer is told why. */
    async reject(caller: Caller, id: string, reason: string, ip: string) {
      const bill = await findOwnBill(caller, id);
      if (bill.status !== 'awaiting_approval') throw notWaiting(bill);
      const [decider, preparer] = await Promise.all([personOf(caller.userId), personOf(bill.createdBy)]);
      const deciderName = decider ? fullName(decider) : caller.firstName;
      await db.transaction(async (tx) => {
        const moved = await repo.transitionBill(tx, bill.id, ['awaiting_approval'], { status: 'declined', closedReason: reason });
        if (!moved) throw notWaiting((await repo.findBill(tx, bill.id)) ?? bill);
        await repo.insertBillEvent(tx, { billId: bill.id, status: 'declined', note: `Declined by ${deciderName}: ${reason}` });
        await recordAudit(tx, { organisationId: bill.organisationId, actorUserId: caller.userId, action: 'bill.declined', resourceType: 'bill', resourceId: bill.id, details: { reference: bill.reference, reason }, ipAddress: ip });
        if (preparer) await mailAbout(tx, bill, [preparer.email], `Your bill was declined: ${bill.reference}`, `${deciderName} declined ${bill.reference} (${formatNaira(bill.totalKobo)}): ${reason}\nNothing was paid.`);
      });
      return detail((await repo.findBill(db, bill.id))!);
    },

    /**
     * Withdraws a bill before the agency accepts it: a waiting bill by its preparer or an admin
     * (nothing was paid); a bill whose settlement the agency has not yet accepted by an admin, with
     * its wallet refunded exactly once. A paid bill cannot be: the answer says what to do instead.
     */
    async cancel(caller: Caller, id: string, reason: string | undefined, ip: string) {
      const bill = await findOwnBill(caller, id);
      const isAdmin = hasPermission(caller.permissions, APPROVE_BILLS);
      const [person, statesById] = await Promise.all([personOf(caller.userId), stateById()]);
      const name = person ? fullName(person) : caller.firstName;
      const because = reason?.trim() ? `: ${reason.trim()}` : '';
      const audit = (tx: Db) =>
        recordAudit(tx, { organisationId: bill.organisationId, actorUserId: caller.userId, action: 'bill.cancelled', resourceType: 'bill', resourceId: bill.id, details: { reference: bill.reference, from: bill.status, reason: reason ?? null }, ipAddress: ip });
      if (bill.status === 'awaiting_approval') {
        if (!isAdmin && bill.createdBy !== caller.userId) throw new AppError('FORBIDDEN', 'Only the person who prepared this bill or an admin can withdraw it.');
        await db.transaction(async (tx) => {
          const moved = await repo.transitionBill(tx, bill.id, ['awaiting_approval'], { status: 'cancelled', closedReason: reason?.trim() || null });
          if (!moved) throw notWaiting((await repo.findBill(tx, bill.id)) ?? bill);
          await repo.insertBillEvent(tx, { billId: bill.id, status: 'cancelled', note: `Withdrawn by ${name}${because}. Nothing was paid.` });
          await audit(tx);
        });
      } else if (repo.SETTLING_STATUSES.includes(bill.status)) {
        if (!isAdmin) throw new AppError('FORBIDDEN', 'Only an admin can cancel a bill that has been paid from the wallet.');
        await db.transaction(async (tx) => {
          const moved = await repo.cancelSettlingBill(tx, bill.id, { closedReason: reason?.trim() || null });
          if (!moved) {
            const current = (await repo.findBill(tx, bill.id)) ?? bill;
            if (current.status === 'payment_paid') throw paidCannotBeCancelled(current, statesById);
            if (repo.SETTLING_STATUSES.includes(current.status)) throw new AppError('CONFLICT', 'The revenue service is answering for this payment right now. Wait a minute and look again: if it was accepted the bill is paid, otherwise you can cancel it.');
            throw notWaiting(current);
          }
          await refund(tx, bill, `Refund of ${bill.reference}: cancelled by ${name}`, caller.userId);
          await repo.insertBillEvent(tx, { billId: bill.id, status: 'cancelled', note: `Cancelled by ${name}${because} before the revenue service accepted it. ${formatNaira(bill.totalKobo)} was returned to the wallet.` });
          await audit(tx);
        });
      } else if (bill.status === 'payment_paid') {
        throw paidCannotBeCancelled(bill, statesById);
      } else {
        throw notWaiting(bill);
      }
      return detail((await repo.findBill(db, bill.id))!);
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
          { header: 'Supplementary', value: (row) => (row.supplementary ? `Yes: ${row.supplementary_reason ?? ''}` : '') },
          { header: 'Approved by', value: (row) => row.approved_by ?? '' },
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
        { header: 'exempt', value: (item: Item) => (item.taxPayableKobo === 0 && item.expectedTaxKobo === 0 ? 'yes' : '') },
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
      const [[summary], statesById, payerAddress] = await Promise.all([summaries(bill.organisationId, [bill]), stateById(), deps.payerAddress(caller, bill.organisationId)]);
      const whtType = whtTypeOf(bill);
      return renderBillReceipt({
        bill,
        summary,
        revenueService: statesById.get(bill.stateId)!.revenueService,
        fee: naira(bill.feeKobo),
        vat: naira(bill.vatKobo),
        payerAddress,
        whtType: whtType ? { name: whtType.name, percentage: whtType.percentage } : null,
        verification: { url: deps.receiptCodes.urlOf(bill.id), code: deps.receiptCodes.printedCodeOf(bill.id) },
        lateness: latenessOfBill(bill),
        readItems: (window) => repo.listBillItems(db, bill.id, window),
      });
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
