import { randomBytes } from 'node:crypto';
import { BILL_MESSAGES, type BillTypeCode, type CollectorKind, type PayeSource } from '@levy/contracts';
import {
  asKobo,
  computeBillCharge,
  type ChargeTable,
  type WhtRateTables,
  isTaxInputError,
  PAYE_TEMPLATE_HEADERS,
  regimeForPeriod,
  toKobo,
  type Kobo,
} from '@levy/tax';
import type { Db } from '../../db/client';
import { pageWindow, toPage } from '../../db/pagination';
import { AppError, invalidInput, notFound } from '../../errors';
import { csvFailure, csvFileOf } from '../../http/csv-upload';
import type { Caller, UploadedFile } from '../../http/route';
import { inWorker } from '../../workers/worker-pool';
import { whtOn, whtTypesOf } from './bill-collector';
import type { BillPayrollRecords, PayeBillFile } from './bill-payroll';
import { monthName } from '@levy/tax';
import { currentMonth, lastDayOfMonth, naira } from './bill-format';
import type { StateInfo } from './bill-ports';
import type * as tasks from './bill-file-tasks';
import { PAYE_INCOMES_FROM } from './bill-file-tasks';
import { NOT_PAYE, preparedItemsOf, type PreparedItems } from './bill-items';
import { billTypeById } from './bill-types';
import * as repo from './bills.repo';

function whtTypeError(error: unknown, field: string): unknown {
  if (isTaxInputError(error))
    return invalidInput({ [field]: error.field === 'code' ? 'Choose a valid WHT type' : error.message });
  return error;
}

/** A bulk calculation another organisation made, or none, is not found. */
export const CALC_NOT_FOUND = 'This calculation was not found. Upload the file again.';

export const PAYE_INCOME_HEADERS = PAYE_TEMPLATE_HEADERS.slice(PAYE_INCOMES_FROM);

// Files are read in the file workers: a large one would hold up every other request.
const TASKS = new URL('./bill-file-tasks.ts', import.meta.url);
const payeItems = inWorker<typeof tasks.payeItems>(TASKS, 'payeItems');
const whtManualItems = inWorker<typeof tasks.whtManualItems>(TASKS, 'whtManualItems');
const whtAutoItemsOf = inWorker<typeof tasks.whtAutoItems>(TASKS, 'whtAutoItems');
const whtCalculationOf = inWorker<typeof tasks.whtCalculation>(TASKS, 'whtCalculation');

/** Pages a file worker reports one by one, read once, in order, as they come. */
class PageQueue implements AsyncIterable<string> {
  private readonly pages: string[] = [];
  private ended = false;
  private failure: { error: unknown } | null = null;
  private wake: (() => void) | null = null;

  push(page: string): void {
    this.pages.push(page);
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  fail(error: unknown): void {
    this.failure = { error };
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<string> {
    for (let next = 0; ;) {
      if (this.failure) throw this.failure.error;
      if (next < this.pages.length) {
        const page = this.pages[next];
        // Stored pages are let go of as they are sent.
        this.pages[next++] = '';
        yield page;
      } else if (this.ended) return;
      else {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
      }
    }
  }
}

/**
 * Runs a file task that reports what it counted once the file is read and checked, then each item
 * page as it makes it (tasks.PagedProgress). Answers once the counts come, so the request stores
 * its row and then the pages while the worker still writes them (decision 0008); a file the task
 * refuses is refused under `field`. `done` settles when the task ends.
 */
async function countedThenPages<Input, Counted, Done extends { ok: true }>(
  field: string,
  task: (input: Input, report: (progress: tasks.PagedProgress<Counted>) => void) => Promise<tasks.FileFailure | Done>,
  input: Input,
): Promise<{ counted: Counted; pages: PageQueue; done: Promise<Done> }> {
  const pages = new PageQueue();
  let onCounted!: (counted: Counted) => void;
  const counted = new Promise<Counted>((resolve) => (onCounted = resolve));
  const finished = task(input, (progress) =>
    'page' in progress ? pages.push(progress.page) : onCounted(progress.counted),
  );
  const done = finished.then(
    (result) => {
      pages.end();
      if (!result.ok) throw csvFailure(field, result.message, result.errors);
      return result;
    },
    (error: unknown) => {
      pages.fail(error);
      throw error;
    },
  );
  // Read only once the row is stored; a row not made (a repeat, a refusal) leaves it unread.
  done.catch(() => undefined);
  await Promise.race([counted, done]);
  return { counted: await counted, pages, done };
}

interface PreparedBill {
  type: BillTypeCode;
  whtType: string | null;
  periodStart: string;
  periodEnd: string;
  /** Ready to store: the file's rows came back from the worker as item pages. */
  recipients: PreparedItems;
  amountDue: Kobo;
  /** PAYE: the file's employees resident in other states, and whether this bill takes them. */
  residentsElsewhere: tasks.ResidentsElsewhere | null;
}

/**
 * Everything before Pay: the month and the file checked, a bill's recipients prepared from a PAYE
 * file, the payroll on file or a WHT file or calculation, and the calculations the forms ask for.
 */
export function createBillPreparation(deps: {
  db: Db;
  now: () => Date;
  stateById(): Promise<Map<number, StateInfo>>;
  /** The payroll registered with a state as the PAYE template CSV (the payroll module's); null when there is none. */
  payrollOnFile(registrationId: string): Promise<Buffer | null>;
  /** How many employees the registration's payroll on file holds (0: none). */
  payrollEmployeeCount(registrationId: string): Promise<number>;
  /** The payroll version a bill's employees are read with (bill-payroll.ts). */
  payroll: Pick<BillPayrollRecords, 'onFileWithVersion' | 'versionIdOnFile'>;
  /** The engine's charge schedule and WHT rates as the server knows them (reference-data, decision 0025). */
  referenceTables(): Promise<ChargeTable & WhtRateTables>;
}) {
  const { db, now } = deps;

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
   * (docs/product.md §4): without both there is no bill. The employees come from the
   * file sent, or with `source=payroll` from the payroll on file itself; either way with the
   * payroll version on file, which the bill records (docs/decisions/0047).
   */
  async function payeFileOf(
    registration: { id: string; isControlConsentGiven: boolean },
    stateName: string,
    source: PayeSource | undefined,
    uploads: UploadedFile[],
  ): Promise<PayeBillFile> {
    if (!registration.isControlConsentGiven)
      throw new AppError(
        'UNPROCESSABLE',
        `Give consent to manage payroll in ${stateName} first: PAYE is filed for the employees registered there.`,
      );
    // Counted, not read: a bill from a new file need not rebuild a payroll of thousands.
    if ((await deps.payrollEmployeeCount(registration.id)) === 0)
      throw new AppError(
        'UNPROCESSABLE',
        `Register the payroll for ${stateName} first (Manage Payroll): PAYE is filed for the employees registered there.`,
      );
    if (source !== 'payroll') {
      const { content } = csvFileOf(uploads, 'recipients');
      return { content, source: 'file', versionId: await deps.payroll.versionIdOnFile(registration.id) };
    }
    const onFile = await deps.payroll.onFileWithVersion(registration.id, () => deps.payrollOnFile(registration.id));
    if (!onFile)
      throw new AppError('CONFLICT', `The payroll for ${stateName} changed while the bill was prepared. Try again.`);
    return { content: onFile.content, source: 'payroll', versionId: onFile.versionId };
  }

  /**
   * A PAYE file read in a worker. It answers as soon as the file is checked and its rows counted:
   * the bill is made, and its pages stored, while the worker still recomputes the employees and
   * writes the pages (decision 0008).
   */
  async function preparePaye(
    month: string,
    file: Pick<UploadedFile, 'content'>,
    payrollState: StateInfo,
    includeElsewhere: boolean,
  ): Promise<PreparedBill> {
    const states = [...(await deps.stateById()).values()].map(({ code, name, revenueService }) => ({
      code,
      name,
      revenueService,
    }));
    const residence = { payrollStateCode: payrollState.code, states, includeElsewhere };
    const { counted, pages, done } = await countedThenPages('recipients', payeItems, {
      content: file.content,
      month,
      residence,
    });
    const { count, amountDue, residentsElsewhere } = counted;
    if (count === 0 && residentsElsewhere)
      throw invalidInput({
        recipients:
          `Every employee in this file lives in another state (${residentsElsewhere.states.map((state) => state.name).join(', ')}): ` +
          `their PAYE is owed there, not to ${payrollState.revenueService}.`,
      });
    const differing = done.then((result) => result.differing);
    differing.catch(() => undefined);
    return {
      type: 'paye',
      whtType: null,
      periodStart: `${month}-01`,
      periodEnd: lastDayOfMonth(month),
      recipients: { count, pages, payeesFingerprint: null, differing },
      amountDue,
      residentsElsewhere,
    };
  }

  async function prepareWht(
    caller: Caller,
    collector: CollectorKind,
    month: string,
    form: { payload_type?: string; wht_type?: string; end_date?: string; calc_record_reference?: string },
    file: UploadedFile | undefined,
  ): Promise<PreparedBill> {
    const whtType = form.wht_type?.trim();
    if (!whtType) throw invalidInput({ wht_type: 'WHT type is required' });
    try {
      whtOn(month, whtType, asKobo(0), collector, await deps.referenceTables());
    } catch (error) {
      throw whtTypeError(error, 'wht_type');
    }
    // The contract has made end_date a real calendar date.
    const periodEnd = form.end_date ?? lastDayOfMonth(month);
    if (periodEnd < `${month}-01`)
      throw invalidInput({ end_date: 'The end date must be on or after the start of the month' });
    const base = { type: 'wht' as const, whtType, periodStart: `${month}-01`, periodEnd, residentsElsewhere: null };
    if (!form.payload_type) throw invalidInput({ payload_type: 'Choose manual or auto calculation' });

    if (form.payload_type === 'auto' && form.calc_record_reference) {
      const record = await repo.findWhtCalcRecord(db, { reference: form.calc_record_reference });
      if (!record || record.organisationId !== caller.organisationId)
        throw invalidInput({ calc_record_reference: CALC_NOT_FOUND });
      if (record.whtType !== whtType)
        throw invalidInput({
          calc_record_reference: 'This calculation was made for another WHT type. Upload the file again.',
        });
      if (record.collector !== collector)
        throw invalidInput({
          calc_record_reference:
            `This calculation was made at ` +
            `${collector === 'federal' ? "a State IRS's rates for individuals" : "the Nigeria Revenue Service's rates for companies"}. ` +
            `Upload the file again.`,
        });
      // A calculation is bound to the month it was made for: the rate is the month's, and so is the bill.
      if (record.period !== month)
        throw invalidInput({
          calc_record_reference:
            `This calculation was made for ${monthName(record.period)}, not ${monthName(month)}. Upload the file again for ` +
            `${monthName(month)}.`,
        });
      const rateBps = await whtRate(month, whtType, collector);
      if (record.rateBps !== rateBps)
        throw invalidInput({
          calc_record_reference:
            `The rate for ${monthName(month)} changed from ${record.rateBps / 100}% to ${rateBps / 100}% after this calculation ` +
            `was made. Upload the file again.`,
        });
      const items = await repo.listWhtCalcItems(db, record.id);
      return {
        ...base,
        recipients: preparedItemsOf(
          'wht',
          items.map((item) => ({
            rowNumber: item.rowNumber,
            taxPayerNumber: item.taxPayerNumber,
            name: item.name,
            amountKobo: item.amountKobo,
            taxPayableKobo: item.taxPayableKobo,
            ...NOT_PAYE,
          })),
        ),
        amountDue: record.taxPayableKobo,
      };
    }
    if (!file) throw invalidInput({ recipients: 'No new file selected' });
    if (form.payload_type === 'manual') {
      const parsed = await whtManualItems({ content: file.content, collector });
      if (!parsed.ok) throw csvFailure('recipients', parsed.message, parsed.errors);
      return { ...base, recipients: parsed.items, amountDue: parsed.amountDue };
    }
    const auto = await whtAutoItemsOf({
      content: file.content,
      rateBps: await whtRate(month, whtType, collector),
      collector,
    });
    if (!auto.ok) throw csvFailure('recipients', auto.message, auto.errors);
    return { ...base, recipients: auto.items, amountDue: auto.taxPayable };
  }

  /**
   * The rate of a WHT auto file: it depends on the month, type and collector alone, so it is looked
   * up once here; the worker applies it to each amount (computeWht's own rounding of amount × rate).
   */
  async function whtRate(month: string, whtType: string, collector: CollectorKind): Promise<number> {
    return whtOn(month, whtType, asKobo(0), collector, await deps.referenceTables()).rateBps;
  }
  return {
    checkMonth,
    payeFileOf,
    preparePaye,
    prepareWht,

    /** The WHT types an agency collects for a month: a State IRS's at the individual rates, the NRS's at the company rates. */
    async whtTypes(stateId: number, period: string | undefined) {
      const state = (await deps.stateById()).get(stateId);
      if (!state) throw notFound('State not found.');
      const month = period ?? currentMonth(now());
      const tables = await deps.referenceTables();
      try {
        return whtTypesOf(month, state.collector, tables).map((type) => ({
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

    /** Priced as the bill will be: by the schedule in force on the first day of its tax month. */
    async calculateCharge(input: { type_id: number; amount_due: string; recipient_count: number; period?: string }) {
      const type = billTypeById(input.type_id);
      if (!type) throw invalidInput({ type_id: 'Choose a bill type' });
      const month = input.period ?? currentMonth(now());
      checkMonth(month, 'period');
      const priced = {
        billType: type.code,
        recipientCount: input.recipient_count,
        amountDue: toKobo(input.amount_due, 'amount_due'),
        date: `${month}-01`,
      };
      const result = computeBillCharge(priced, await deps.referenceTables());
      return {
        charge: naira(result.charge),
        amount_due: naira(result.amountDue),
        fee: naira(result.fee),
        vat: naira(result.vat),
        total: naira(result.total),
      };
    },

    async calculateWhtTax(input: { wht_type: string; amount: string; period?: string; collector?: CollectorKind }) {
      const month = input.period ?? currentMonth(now());
      const tables = await deps.referenceTables();
      try {
        const result = whtOn(month, input.wht_type, toKobo(input.amount, 'amount'), input.collector ?? 'state', tables);
        return { tax_payable: naira(result.tax), rate: result.rateBps / 100 };
      } catch (error) {
        throw whtTypeError(error, 'wht_type');
      }
    },

    /** A bulk WHT calculation from an auto file, kept so the bill can be made from it (`calc_record_reference`). */
    async calculateWhtBulk(
      caller: Caller,
      input: { wht_type: string; period?: string; collector?: CollectorKind },
      uploads: UploadedFile[],
    ) {
      if (!caller.organisationId) throw notFound('Organisation not found.');
      const month = input.period ?? currentMonth(now());
      const collector = input.collector ?? 'state';
      const tables = await deps.referenceTables();
      try {
        whtOn(month, input.wht_type, asKobo(0), collector, tables);
      } catch (error) {
        throw whtTypeError(error, 'wht_type');
      }
      const file = csvFileOf(uploads, 'file');
      const rateBps = whtOn(month, input.wht_type, asKobo(0), collector, tables).rateBps;
      const { counted, pages } = await countedThenPages('file', whtCalculationOf, {
        content: file.content,
        rateBps,
        collector,
      });
      const record = await db.transaction((tx) =>
        repo.insertWhtCalcRecord(
          tx,
          {
            reference: `WHTCALC-${randomBytes(6).toString('hex').toUpperCase()}`,
            organisationId: caller.organisationId!,
            whtType: input.wht_type,
            period: month,
            rateBps,
            collector,
            itemCount: counted.count,
            amountKobo: counted.amount,
            taxPayableKobo: counted.taxPayable,
            createdBy: caller.userId,
          },
          pages,
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
        items.map((item) => ({
          row: item.rowNumber,
          tax_payer_number: item.taxPayerNumber,
          name: item.name,
          amount: naira(item.amountKobo),
          tax_payable: naira(item.taxPayableKobo),
        })),
        record.itemCount,
        params,
      );
      return {
        reference: record.reference,
        wht_type: record.whtType,
        ...page,
        aggs: {
          count: record.itemCount,
          sum_tax_payable: naira(record.taxPayableKobo),
          sum_amount: naira(record.amountKobo),
        },
      };
    },
  };
}
