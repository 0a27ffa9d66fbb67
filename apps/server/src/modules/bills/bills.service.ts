import {
  BILL_APPROVAL_MESSAGES,
  BILL_MESSAGES,
  calls,
  hasPermission,
  SETTING_CODES,
  type BillApprovalSetting,
  type BillDetail,
  type BillPrecheck,
  type BillTypeCode,
  type PayeSource,
} from '@levy/contracts';
import {
  addKobo,
  asKobo,
  computeBillCharge,
  formatNaira,
  lagosDate as lagosIsoDate,
  subtractKobo,
  toKobo,
  type ChargeTable,
  type Kobo,
  type MprTable,
  type WhtRateTables,
} from '@levy/tax';
import {
  RemittanceError,
  type RemittanceGateway,
  type RemittancePayment,
  type RemittanceTarget,
} from '../../adapters/remittance/remittance-gateway';
import type { Db } from '../../db/client';
import { AppError, invalidInput } from '../../errors';
import { assertSameRequest, type Idempotency } from '../../http/idempotency';
import type { Caller, UploadedFile } from '../../http/route';
import type { Jobs } from '../../jobs/jobs';
import { recordAudit } from '../audit/audit.service';
import type { CorporationsService } from '../corporations/corporations.service';
import type { MailService } from '../mail/mail.service';
import { refuseFederalPaye, type StatesService } from '../states/states.service';
import { createBillCreditNotes } from './bill-credit-notes';
import { createBillDecisions, payingStatus } from './bill-decisions';
import { createBillExports } from './bill-exports';
import { createBillPayroll, type PayrollVersionPorts } from './bill-payroll';
import { payeesFingerprint } from './bill-items';
import { monthName } from '@levy/tax';
import { calendarDate, fullName, lagosDate, naira } from './bill-format';
import { latenessOf } from './bill-lateness';
import type { BillPerson, BillVendors, BillWallets, PriorPayePaymentOf, StateInfo } from './bill-ports';
import { CALC_NOT_FOUND, createBillPreparation } from './bill-preparation';
import { createBillQueries } from './bill-queries';
import { createPaymentOutcomeMails } from './payment-outcome-mails';
import { createBillSettlement } from './bill-settlement';
import { BILL_TYPES, billTypeByCode } from './bill-types';
import * as repo from './bills.repo';
import type { ReceiptCodes } from './receipt-verification';
import type { ResidentsElsewhere } from './bill-file-tasks';

const DEFAULT_APPROVAL: BillApprovalSetting = { mode: 'members' };

/** What a bill's first event says of its employees who live in other states. */
function residentsNote(residents: ResidentsElsewhere | null, reason: string | null): string {
  if (!residents) return '';
  const who = residents.states
    .map(
      (state) =>
        `${state.employeeCount ?? state.employees.length} resident in ${state.name} (PAYE due to ${state.revenueService})`,
    )
    .join(', ');
  return residents.included
    ? `; includes employees who live in another state, confirmed by the preparer: ${who}. Reason: ${reason}`
    : `; left out, as their PAYE is owed where they live: ${who}`;
}

/** The request repeats one already made under its Idempotency-Key: thrown to roll back, then answered with that bill. */
class Replay extends Error {
  constructor(readonly bill: repo.BillRow | null) {
    super('replay of an earlier request');
  }
}

/** The bill a key was first used for, when this request is that one; another request under the key is refused. */
function sameRequest(bill: repo.BillRow, idempotency: Idempotency): repo.BillRow {
  assertSameRequest(bill.idempotencyFingerprint, idempotency);
  return bill;
}

/** The route a collector's tax of a month is remitted by (the reference-data module's). */
export type RouteOf = (
  collector: string,
  tax: BillTypeCode,
  month: string,
) => Promise<(RemittanceTarget & { gateway: 'remita' }) | null>;

export function createBillsService(deps: {
  db: Db;
  jobs: Jobs;
  /** The remittance gateway taxes are paid through, and the route each collector's tax takes on it. */
  gateway: RemittanceGateway;
  routeOf: RouteOf;
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
  /** How many employees the registration's payroll on file holds (0: none). */
  payrollEmployeeCount(registrationId: string): Promise<number>;
  /** The payroll module's versions: the one a PAYE bill is made with (docs/decisions/0047). */
  payrollVersions: PayrollVersionPorts;
  /** The payer's address for its receipts, from the organisation's KYC identity (the organisations module's); null when not given. */
  payerAddress(caller: Caller, organisationId: string): Promise<string | null>;
  /** The engine's MPR, charge schedule and WHT rates as the server knows them (reference-data, decision 0025). */
  referenceTables(): Promise<MprTable & ChargeTable & WhtRateTables>;
  /** Records a paid WHT bill's payees as vendors and credit notes; the vendors' emails. */
  vendors: BillVendors;
  /** A PAYE month recorded as paid outside Levy (the annual-returns module's): such a month is never billed. */
  priorPayePayment: PriorPayePaymentOf;
  now?: () => Date;
}) {
  const { db, gateway } = deps;
  const now = deps.now ?? (() => new Date());

  const billPayroll = createBillPayroll({ db, states: deps.states, ...deps.payrollVersions });
  /**
   * A PAYE month recorded as paid outside Levy is not billed again (docs/decisions/0046). Said early
   * with the database, and decided inside the transaction that writes the bill, after it has locked the
   * registration: recording a prior payment takes the same lock, so of the two one waits and sees the other.
   */
  async function refusePaidOutsideLevy(
    executor: Db,
    key: { corporationId: string; stateId: number; taxMonth: string },
    stateName: string,
  ): Promise<void> {
    const prior = await deps.priorPayePayment(executor, key);
    if (!prior) return;
    throw new AppError(
      'CONFLICT',
      `${monthName(prior.taxMonth)} PAYE for ${stateName} was recorded as paid outside Levy on ${calendarDate(prior.paidOn)} ` +
        `with reference ${prior.agencyReference}: Levy does not bill that month again. If that record is wrong, ` +
        `remove it under the corporation's ${stateName} registration (Months paid before Levy), then prepare the bill again.`,
      {
        paid_outside_levy: {
          tax_month: prior.taxMonth,
          paid_on: prior.paidOn,
          agency_reference: prior.agencyReference,
        },
      },
    );
  }

  const queries = createBillQueries({
    db,
    payrollOf: billPayroll.payrollOf,
    corporations: deps.corporations,
    listStates: deps.listStates,
    receiptCodes: deps.receiptCodes,
    referenceTables: deps.referenceTables,
    now,
  });
  const { stateById, summaries, detail } = queries;
  const preparation = createBillPreparation({
    db,
    now,
    stateById,
    payrollOnFile: deps.payrollOnFile,
    payrollEmployeeCount: deps.payrollEmployeeCount,
    payroll: billPayroll,
    referenceTables: deps.referenceTables,
  });
  const { checkMonth, payeFileOf, preparePaye, prepareWht } = preparation;
  const outcomeMails = createPaymentOutcomeMails({
    mail: deps.mail,
    appUrl: deps.appUrl,
    people: deps.people,
    adminsOf: deps.adminsOf,
    receiptUrlOf: deps.receiptCodes.urlOf,
  });
  const settlement = createBillSettlement({
    db,
    jobs: deps.jobs,
    gateway,
    wallets: deps.wallets,
    recordPaidWht: deps.vendors.recordPaidBill,
    announce: outcomeMails.announce,
    adminEmailsOf: async (organisationId) => (await deps.adminsOf(organisationId)).map((admin) => admin.email),
    mailUnconfirmed: (tx, bill, to, text) =>
      mailAbout(tx, bill, to, `Remita did not confirm a payment: ${bill.reference}`, text),
    now,
  });
  const { settle, payFromWallet } = settlement;
  const decisions = createBillDecisions({
    db,
    now,
    corporations: deps.corporations,
    wallets: deps.wallets,
    mail: deps.mail,
    appUrl: deps.appUrl,
    people: deps.people,
    queries,
    settlement,
    announce: outcomeMails.announce,
    referenceTables: deps.referenceTables,
    async remittanceReference(bill, amountDue, payerEmail) {
      const [corporation, states] = await Promise.all([
        deps.corporations.findInOrganisation(bill.organisationId, bill.corporationId),
        stateById(),
      ]);
      const state = states.get(bill.stateId)!;
      const route = await routeFor(state, bill.type, bill.periodStart.slice(0, 7));
      if (!route.target) throw new AppError('UNPROCESSABLE', route.missing!);
      try {
        return await gateway.reference(
          paymentOf(
            route.target,
            { name: corporation.name, email: payerEmail, taxPayerNumber: bill.taxPayerNumber },
            bill.type,
            bill.periodStart.slice(0, 7),
            amountDue,
            state.name,
          ),
        );
      } catch (error) {
        throw gatewayError(error);
      }
    },
    async holdMonth(tx, bill, stateName) {
      if (bill.type !== 'paye') return;
      await deps.states.lockRegistration(tx, bill.corporationId, bill.stateId);
      await refusePaidOutsideLevy(
        tx,
        { corporationId: bill.corporationId, stateId: bill.stateId, taxMonth: bill.periodStart.slice(0, 7) },
        stateName,
      );
    },
    async registrationOf(caller, bill) {
      try {
        return (await deps.states.findRegistration(db, caller, bill.corporationId, String(bill.stateId), 'read'))
          .registration;
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
  });
  const { mailAbout, personOf } = decisions;

  async function replay(bill: repo.BillRow): Promise<{ bill: BillDetail; message: string }> {
    // A PAYE bill being settled by the first request: give it a moment to finish.
    let current = bill;
    for (let wait = 0; wait < 50 && current.status === 'awaiting_payment_confirmation'; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = (await repo.findBill(db, bill.id)) ?? current;
    }
    return { bill: await detail(current), message: messageFor(current) };
  }
  const exports = createBillExports({
    db,
    queries,
    receiptCodes: deps.receiptCodes,
    payerAddress: deps.payerAddress,
    now,
  });
  const creditNotes = createBillCreditNotes({
    db,
    now,
    queries,
    receiptCodes: deps.receiptCodes,
    mail: deps.mail,
    vendorEmail: deps.vendors.emailOf,
  });

  /** The route of a collector's tax for a month, or the refusal that names what staff must add. */
  async function routeFor(
    state: StateInfo,
    type: BillTypeCode,
    month: string,
  ): Promise<{ target: RemittanceTarget | null; missing: string | null }> {
    const route = await deps.routeOf(state.code, type, month);
    if (route) return { target: route, missing: null };
    const tax = type === 'paye' ? 'PAYE' : 'WHT';
    return {
      target: null,
      missing:
        `${state.revenueService} has no remittance route for ${tax} in ${monthName(month)}: platform staff must add one under Reference data → ` +
        `Remittance routes (collector ${state.code}, tax ${type}, gateway remita, biller id, service type id, from ${month} or earlier).`,
    };
  }

  function paymentOf(
    target: RemittanceTarget,
    payer: { name: string; email: string; taxPayerNumber: string },
    type: BillTypeCode,
    month: string,
    amountKobo: Kobo,
    stateName: string,
  ): RemittancePayment {
    return {
      target,
      payer,
      period: month,
      amountKobo,
      description: `${type === 'paye' ? 'PAYE' : 'Withholding Tax'} for ${monthName(month)}, ${stateName}`,
    };
  }

  function gatewayError(error: unknown): unknown {
    if (error instanceof RemittanceError)
      return new AppError(error.kind === 'refused' ? 'UNPROCESSABLE' : 'UNAVAILABLE', error.message);
    return error;
  }

  /**
   * Whether a bill of this total, prepared by the caller, waits for an admin, and why (setting
   * core.organisation.bill_approval); who would approve it; and, when it must wait but no admin
   * other than the caller is left to approve it, why it cannot be made at all.
   */
  async function approvalFor(
    caller: Caller,
    organisationId: string,
    total: Kobo,
  ): Promise<{ required: boolean; reason: string | null; blocked: string | null; approvers: BillPerson[] }> {
    const policy =
      ((await deps.settingValue(organisationId, SETTING_CODES.billApproval)) as BillApprovalSetting | undefined) ??
      DEFAULT_APPROVAL;
    let reason: string | null = null;
    if (policy.mode === 'members' && !hasPermission(caller.permissions, calls.approveBill.permission)) {
      reason = 'Bills prepared by members wait for an admin to approve them.';
    } else if (policy.mode === 'above' && policy.above !== undefined && total > toKobo(policy.above, 'above')) {
      reason = `Bills above ${formatNaira(toKobo(policy.above, 'above'))} wait for an admin other than the one who prepared them.`;
    }
    if (reason === null) return { required: false, reason: null, blocked: null, approvers: [] };
    const approvers = (await deps.adminsOf(organisationId)).filter((admin) => admin.id !== caller.userId);
    return {
      required: true,
      reason,
      blocked: approvers.length === 0 ? `${reason} ${BILL_APPROVAL_MESSAGES.noOtherAdmin}` : null,
      approvers,
    };
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
   * One payment per period (docs/product.md "Bills"): a repeat is refused with the bill it repeats
   * unless the request says it is supplementary, with a reason. Answers whether it is one.
   */
  async function guardMonth(
    executor: Db,
    month: repo.BillMonth,
    fingerprint: string | null,
    stateName: string,
    supplementary: { requested: boolean },
  ): Promise<boolean> {
    const repeated = repeatedBill(await repo.findMonthBills(executor, month), fingerprint);
    if (!repeated) return false;
    if (supplementary.requested) return true;
    throw new AppError(
      'CONFLICT',
      `${describeMonthBill(repeated, stateName)}. To pay again, mark this bill as an additional payment for the same month and give the reason.`,
      {
        bill: repeated.reference,
        existing: {
          id: repeated.id,
          reference: repeated.reference,
          status: repeated.status,
          total: naira(repeated.totalKobo),
          paid_at: repeated.paidAt?.toISOString() ?? null,
        },
      },
    );
  }

  /** The month's WHT bill to the payees the summary holds, by their fingerprint or a bulk calculation's payees; none without either. */
  async function whtRepeatOf(
    caller: Caller,
    monthBills: readonly repo.BillRow[],
    payees: { payees_fingerprint?: string; calc_record_reference?: string },
  ) {
    let fingerprint = payees.payees_fingerprint ?? null;
    if (fingerprint === null && payees.calc_record_reference) {
      const record = await repo.findWhtCalcRecord(db, { reference: payees.calc_record_reference });
      if (!record || record.organisationId !== caller.organisationId)
        throw invalidInput({ calc_record_reference: CALC_NOT_FOUND });
      fingerprint = payeesFingerprint(await repo.listWhtCalcItems(db, record.id));
    }
    return fingerprint === null ? undefined : repeatedBill(monthBills, fingerprint);
  }

  function messageFor(bill: repo.BillRow): string {
    if (bill.status === 'awaiting_approval') return BILL_MESSAGES.awaitingApproval;
    if (bill.type === 'wht' && bill.status === 'payment_pending') return BILL_MESSAGES.whtProcessing;
    if (bill.status === 'failed')
      return `The payment failed: ${bill.failureReason ?? 'the revenue service declined it'}. The wallet was refunded.`;
    return bill.type === 'paye' ? BILL_MESSAGES.payeGenerated : BILL_MESSAGES.whtProcessing;
  }

  return {
    types: () => [...BILL_TYPES],

    whtTypes: preparation.whtTypes,
    calculateCharge: preparation.calculateCharge,
    calculateWhtTax: preparation.calculateWhtTax,
    calculateWhtBulk: preparation.calculateWhtBulk,
    whtCalcItems: preparation.whtCalcItems,
    /** The PAYE bill before a month, with its employees, for the summary's comparison. */
    previousPayeBill: billPayroll.previous,

    /**
     * Generates and pays a bill (docs/product.md §4, docs/product.md "Bills"). The file is checked and
     * every PAYE row recomputed first; the agency gives its bill reference outside any transaction;
     * then one transaction takes the month's bill number (which makes bills of one month wait for
     * each other), refuses a repeat of the month that is not marked supplementary, creates the bill
     * and its items and either debits the wallet (a shortfall creates nothing) or, when the
     * organisation's approval setting says so, leaves it awaiting an admin. PAYE is settled at
     * once; WHT by the settlement job. The idempotency key makes a repeated request answer with
     * the first bill, and a different request under the key UNPROCESSABLE (decision 0008).
     */
    async create(
      caller: Caller,
      path: { corporation: string; state: string; type: BillTypeCode },
      form: {
        start_date: string;
        end_date?: string;
        payload_type?: string;
        wht_type?: string;
        calc_record_reference?: string;
        source?: PayeSource;
        supplementary?: 'true' | 'false';
        supplementary_reason?: string;
        include_residents_elsewhere?: 'true' | 'false';
        residents_elsewhere_reason?: string;
      },
      uploads: UploadedFile[],
      idempotency: Idempotency | null,
    ): Promise<{ bill: BillDetail; message: string }> {
      const { corporation, state, registration } = await deps.states.findRegistration(
        db,
        caller,
        path.corporation,
        path.state,
        'write',
      );
      const organisationId = corporation.organisationId;
      if (idempotency) {
        const existing = await repo.findBillByIdempotencyKey(db, organisationId, idempotency.key);
        if (existing) return replay(sameRequest(existing, idempotency));
      }
      const month = form.start_date;
      checkMonth(month, 'start_date');
      const supplementary = {
        requested: form.supplementary === 'true',
        reason: form.supplementary_reason?.trim() || null,
      };
      if (supplementary.requested && !supplementary.reason)
        throw invalidInput({ supplementary_reason: 'Give the reason for an additional payment for the same month' });
      const elsewhere = {
        include: path.type === 'paye' && form.include_residents_elsewhere === 'true',
        reason: form.residents_elsewhere_reason?.trim() || null,
      };
      if (elsewhere.include && !elsewhere.reason)
        throw invalidInput({
          residents_elsewhere_reason: 'Give the reason for paying here the PAYE of employees who live in another state',
        });
      if (path.type === 'paye') {
        refuseFederalPaye(state, 'PAYE');
        await refusePaidOutsideLevy(
          db,
          { corporationId: corporation.id, stateId: state.id, taxMonth: month },
          state.name,
        );
      }
      const route = await routeFor(state, path.type, month);
      if (!route.target) throw new AppError('UNPROCESSABLE', `${route.missing} Nothing was paid.`);
      const target = route.target;
      const payeFile = path.type === 'paye' ? await payeFileOf(registration, state.name, form.source, uploads) : null;
      const prepared = payeFile
        ? await preparePaye(month, payeFile, state, elsewhere.include)
        : await prepareWht(
            caller,
            state.collector,
            month,
            form,
            uploads.find((upload) => upload.field === 'recipients'),
          );
      if (prepared.amountDue <= 0)
        throw invalidInput({ recipients: 'The tax on this bill is ₦0.00: there is nothing to pay.' });
      const charge = computeBillCharge(
        {
          billType: prepared.type,
          recipientCount: prepared.recipients.count,
          amountDue: prepared.amountDue,
          date: `${month}-01`,
        },
        await deps.referenceTables(),
      );
      const billMonth: repo.BillMonth = {
        corporationId: corporation.id,
        stateId: state.id,
        type: prepared.type,
        period: month,
      };
      const fingerprint = prepared.recipients.payeesFingerprint;
      // Checked before the agency is asked for a reference, and again under the month's lock below.
      try {
        await guardMonth(db, billMonth, fingerprint, state.name, supplementary);
      } catch (error) {
        // While the file was read (in a worker), a request with the same key may have made the bill.
        const first = idempotency ? await repo.findBillByIdempotencyKey(db, organisationId, idempotency.key) : null;
        if (first && idempotency) return replay(sameRequest(first, idempotency));
        throw error;
      }
      // Remita validates the details and generates the RRR before any money moves: a refusal changes nothing.
      let remitted: { rrr: string; amountDueKobo: Kobo };
      try {
        remitted = await gateway.reference(
          paymentOf(
            target,
            { name: corporation.name, email: caller.email, taxPayerNumber: registration.taxPayerNumber },
            prepared.type,
            month,
            prepared.amountDue,
            state.name,
          ),
        );
      } catch (error) {
        throw gatewayError(error);
      }
      if (remitted.amountDueKobo < prepared.amountDue)
        throw new AppError(
          'UNPROCESSABLE',
          `Remita asks ${formatNaira(remitted.amountDueKobo)} for RRR ${remitted.rrr}, less than the tax of ${formatNaira(prepared.amountDue)}: check ` +
            `the remittance route. Nothing was paid.`,
        );
      const gatewayCharge = subtractKobo(remitted.amountDueKobo, prepared.amountDue);
      const total = addKobo(charge.total, gatewayCharge);
      // Read before the transaction: on the embedded database a transaction holds the only connection.
      const [wallet, approval, preparer] = await Promise.all([
        deps.wallets.walletForCorporation(organisationId, corporation.id),
        approvalFor(caller, organisationId, total),
        personOf(caller.userId),
      ]);
      if (approval.blocked) throw new AppError('UNPROCESSABLE', approval.blocked);
      const preparerName = preparer ? fullName(preparer) : caller.firstName;

      const agencyReference = remitted.rrr;

      let created: repo.BillRow;
      try {
        created = await db.transaction(async (tx) => {
          if (prepared.type === 'paye') {
            // Before the month's number: the same order of locks as recording a month paid before Levy.
            await deps.states.lockRegistration(tx, corporation.id, state.id);
            await refusePaidOutsideLevy(
              tx,
              { corporationId: corporation.id, stateId: state.id, taxMonth: month },
              state.name,
            );
          }
          const number = await repo.takeBillNumber(tx, billMonth);
          if (idempotency) {
            const first = await repo.findBillByIdempotencyKey(tx, organisationId, idempotency.key);
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
            gatewayChargeKobo: gatewayCharge,
            totalKobo: total,
            recipientCount: prepared.recipients.count,
            status: approval.required ? 'awaiting_approval' : payingStatus(prepared.type),
            agencyReference,
            supplementary: isSupplementary,
            supplementaryReason: isSupplementary ? supplementary.reason : null,
            residentsElsewhere: prepared.residentsElsewhere,
            residentsElsewhereReason: prepared.residentsElsewhere?.included ? elsewhere.reason : null,
            payeesFingerprint: fingerprint,
            idempotencyKey: idempotency?.key ?? null,
            idempotencyFingerprint: idempotency?.fingerprint ?? null,
            createdBy: caller.userId,
            createdByName: preparerName,
          });
          // Another request with this key was stored first, for another month: the first stands.
          if (!bill)
            throw new Replay(
              idempotency ? await repo.findBillByIdempotencyKey(tx, organisationId, idempotency.key) : null,
            );
          await repo.insertBillItemPages(tx, bill.id, prepared.recipients.pages);
          if (payeFile) await billPayroll.record(tx, bill.id, payeFile);
          const additional =
            (isSupplementary ? `; additional payment for the month: ${supplementary.reason}` : '') +
            residentsNote(prepared.residentsElsewhere, elsewhere.reason);
          await repo.insertBillEvent(tx, {
            billId: bill.id,
            status: 'pending',
            note: `Prepared by ${preparerName}; Remita RRR ${agencyReference}${
              gatewayCharge > 0 ? ` (Remita's charge ${formatNaira(gatewayCharge)} is paid ` + `with the tax)` : ''
            }${additional}`,
          });
          const description = `${billTypeByCode(prepared.type).name} ${bill.reference} for ${corporation.name}, ${state.name}`;
          if (approval.required) {
            await repo.insertBillEvent(tx, {
              billId: bill.id,
              status: 'awaiting_approval',
              note: `Waiting for an admin's approval: ${approval.reason} Nothing has been paid.`,
            });
            await recordAudit(tx, {
              organisationId,
              actorUserId: caller.userId,
              action: 'bill.submitted_for_approval',
              resourceType: 'bill',
              resourceId: bill.id,
              details: { reference: bill.reference, total: naira(bill.totalKobo) },
            });
            await mailAbout(
              tx,
              bill,
              approval.approvers.map((admin) => admin.email),
              `A bill is waiting for your approval: ${bill.reference}`,
              `${preparerName} prepared ${description}: ${formatNaira(bill.totalKobo)} from ${wallet.name}. Nothing is paid until an admin approves it.`,
            );
          } else {
            await recordAudit(tx, {
              organisationId,
              actorUserId: caller.userId,
              action: 'bill.paid',
              resourceType: 'bill',
              resourceId: bill.id,
              details: { reference: bill.reference, total: naira(bill.totalKobo), supplementary: isSupplementary },
            });
            await payFromWallet(tx, bill, { wallet, actorUserId: caller.userId, description });
          }
          return bill;
        });
      } catch (error) {
        if (!(error instanceof Replay)) throw error;
        // A Replay is thrown only for a request that carried a key.
        if (!error.bill || !idempotency) throw new AppError('CONFLICT', 'This bill is already being generated.');
        return replay(sameRequest(error.bill, idempotency));
      }

      if (created.status === 'awaiting_payment_confirmation') {
        // Paid at once (docs/product.md §4); if the agency does not answer, the job settles it later.
        await settle(created.id, false).catch(() => undefined);
      }
      const final = (await repo.findBill(db, created.id))!;
      // The rows that differ came back with the file: the warnings need not read the recipients back.
      return { bill: await detail(final, await prepared.recipients.differing), message: messageFor(final) };
    },

    /**
     * What the summary shows before Pay: the month's bills that are paid, being paid or waiting,
     * the sentence a PAYE repeat would be refused with, the paying wallet and what it lacks, and
     * whether the bill would wait for an admin, and how late the month is. The server decides again at Pay.
     */
    async precheck(
      caller: Caller,
      params: {
        corporation_id: string;
        state: string;
        type: BillTypeCode;
        start_date: string;
        total?: string;
        amount_due?: string;
        payees_fingerprint?: string;
        calc_record_reference?: string;
      },
    ): Promise<BillPrecheck> {
      const { corporation, state, registration } = await deps.states.findRegistration(
        db,
        caller,
        params.corporation_id,
        params.state,
        'read',
      );
      const organisationId = corporation.organisationId;
      const total = params.total === undefined ? null : toKobo(params.total, 'total');
      const [monthBills, wallet, approval] = await Promise.all([
        repo.findMonthBills(db, {
          corporationId: corporation.id,
          stateId: state.id,
          type: params.type,
          period: params.start_date,
        }),
        deps.wallets.walletForCorporation(organisationId, corporation.id),
        approvalFor(caller, organisationId, total ?? asKobo(0)),
      ]);
      const repeated = params.type === 'paye' ? monthBills[0] : await whtRepeatOf(caller, monthBills, params);
      const route = await routeFor(state, params.type, params.start_date);
      let gatewayAmountDue: string | null = null;
      if (route.target && params.amount_due !== undefined) {
        const tax = toKobo(params.amount_due, 'amount_due');
        // Only a figure to show: a refusal or silence here is said again, with its reason, at Pay.
        const quote = await gateway
          .quote(
            paymentOf(
              route.target,
              { name: corporation.name, email: caller.email, taxPayerNumber: registration.taxPayerNumber },
              params.type,
              params.start_date,
              tax,
              state.name,
            ),
          )
          .catch((error: unknown) => {
            if (error instanceof RemittanceError) return null;
            throw error;
          });
        if (quote && quote.amountDueKobo !== tax) gatewayAmountDue = naira(quote.amountDueKobo);
      }
      return {
        month_bills: await summaries(organisationId, monthBills),
        duplicate: repeated ? describeMonthBill(repeated, state.name) : null,
        wallet: { name: wallet.name, balance: naira(wallet.balanceKobo) },
        shortfall: total !== null && total > wallet.balanceKobo ? naira(total - wallet.balanceKobo) : null,
        approval: { required: approval.required, reason: approval.reason, blocked: approval.blocked },
        lateness:
          params.amount_due === undefined
            ? null
            : latenessOf(
                params.type,
                state.collector,
                params.start_date,
                toKobo(params.amount_due, 'amount_due'),
                lagosIsoDate(now()),
                await deps.referenceTables(),
              ),
        remittance: {
          route: route.target
            ? `Remita: biller ${route.target.billerId}, service type ${route.target.serviceTypeId}`
            : null,
          missing: route.missing,
          amount_due: gatewayAmountDue,
        },
      };
    },

    approve: decisions.approve,
    reject: decisions.reject,
    cancel: decisions.cancel,
    list: queries.list,
    get: queries.get,
    items: queries.items,
    exportList: exports.exportList,
    schedule: exports.schedule,
    receipt: exports.receipt,
    creditNote: creditNotes.creditNote,
    creditNotes: creditNotes.creditNotes,
    sendCreditNote: creditNotes.sendCreditNote,

    /** The month's PAYE bill that stands for it (paid, being paid, waiting), read with the executor given; null when none. */
    standingPayeBill: repo.standingPayeBill,

    /** Settles one bill now (the settlement job's work; exposed for tests and operators). */
    settle,

    /** Asks the gateway now about every bill paid in the last 45 days (the daily job's work; staff run it at once). */
    reconcileRemittances: settlement.reconcile,

    /** Onboarding summary: how many bills the organisation has generated. */
    async summary(organisationId: string) {
      return { billsGenerated: await repo.countBills(db, organisationId) };
    },

    /** Each bill of an organisation as id, corporation, state, type, tax month (YYYY-MM), status, amount due
     * and paid time: what the alerts module computes deadlines from.
     */
    async billPeriods(organisationId: string) {
      const rows = await repo.billPeriodsOfOrganisation(db, organisationId);
      return rows.map((row) => ({
        id: row.id,
        reference: row.reference,
        corporationId: row.corporationId,
        stateId: row.stateId,
        type: row.type,
        period: row.periodStart.slice(0, 7),
        status: row.status,
        amountDueKobo: row.amountDueKobo,
        paidAt: row.paidAt,
        createdAt: row.createdAt,
      }));
    },

    /**
     * A corporation's paid PAYE bills in a state for a year, each with its rows (what the annual
     * return is built from). The caller has already found the corporation within its organisation.
     */
    async paidPayeBillsOfYear(key: { corporationId: string; stateId: number; year: number }) {
      const rows = await repo.paidPayeBillsOfYear(db, key);
      return Promise.all(
        rows.map(async (row) => ({
          ...row,
          period: row.periodStart.slice(0, 7),
          items: await repo.listBillItems(db, row.id),
        })),
      );
    },

    /** The organisation's paid bills: id, reference, type, period, amount due, total and when paid (what the analyser matches bank debits to). */
    async paidBills(organisationId: string) {
      const rows = await repo.paidBillsOfOrganisation(db, organisationId);
      return rows.flatMap((row) => (row.paidAt ? [{ ...row, paidAt: row.paidAt }] : []));
    },
  };
}

export type BillsService = ReturnType<typeof createBillsService>;
