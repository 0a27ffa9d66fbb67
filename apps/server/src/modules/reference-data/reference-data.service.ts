import {
  REFERENCE_REVIEW_DAYS,
  type AddChargeRowBody,
  type AddHolidayRowBody,
  type AddMprRowBody,
  type AddRemittanceRouteBody,
  type RemittanceRoute,
  type AddWhtRateRowBody,
  type ReferenceAuditEntry,
  type ReferenceData,
  type ReferenceRow,
  type ReferenceTable,
  type ReferenceTableCode,
  type WhtRateInForce,
} from '@levy/contracts';
import {
  addMonths,
  CHARGE_SCHEDULE_TABLE,
  daysBetween,
  formatNaira,
  findRowInForce,
  isValidIsoDate,
  isWhtCode,
  lagosDate,
  listWhtTypes,
  MONETARY_POLICY_RATE_TABLE,
  mergeDatedRows,
  mergeReferenceTables,
  publicHolidayOn,
  SEED_REFERENCE_TABLES,
  toKobo,
  type ChargeSchedule,
  type ChargeTable,
  type Dated,
  type IsoDate,
  type MprTable,
  type PublicHoliday,
  type ReferenceTables,
  type StaffReferenceRows,
  type WhtRateCell,
  type WhtRateTables,
  WHT_RATE_TABLE,
  whtTypeName,
  displayDate,
  shortMonthName,
} from '@levy/tax';
import type { Db } from '../../db/client';
import { AppError, invalidInput } from '../../errors';
import type { Caller } from '../../http/route';
import { auditTrail, recordAudit } from '../audit/audit.service';
import * as repo from './reference-data.repo';

const AUDIT_RESOURCE = 'reference_data';
const TITLES: Record<ReferenceTableCode, string> = {
  mpr: 'Monetary Policy Rate',
  holidays: 'Public holidays',
  charges: 'Charge schedule',
  wht: 'WHT rates',
};
const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;
/** A schedule in words, as the screen and the audit trail show it. */
const scheduleLabel = (schedule: ChargeSchedule) =>
  `PAYE ${formatNaira(schedule.fees.paye.base)} + ${formatNaira(schedule.fees.paye.perRecipient)} per employee, capped at ` +
  `${formatNaira(schedule.fees.paye.cap)}; ` +
  `WHT ${formatNaira(schedule.fees.wht.base)} + ${formatNaira(schedule.fees.wht.perRecipient)} per payee, capped at ` +
  `${formatNaira(schedule.fees.wht.cap)}; VAT ${percent(schedule.vatRateBps)} on the fee`;

/** A WHT cell in words: "Rent, individuals (resident): 7.50%". */
function whtCellLabel(cell: WhtRateCell): string {
  return (
    `${whtTypeName(cell.code)}, ${cell.payeeKind === 'company' ? 'companies' : 'individuals'} (${cell.resident ? 'resident' : 'non-resident'}): ` +
    `${percent(cell.rateBps)}`
  );
}

const sameCell = (left: WhtRateCell, right: WhtRateCell) =>
  left.code === right.code && left.payeeKind === right.payeeKind && left.resident === right.resident;

/** Each WHT type's four rates for the tax month of `today`, as the screen lists them. */
function whtInForce(tables: WhtRateTables, today: IsoDate): WhtRateInForce[] {
  const shown = (bps: number | null) => (bps === null ? null : percent(bps));
  return listWhtTypes(today.slice(0, 7), tables).map((type) => ({
    code: type.code,
    name: type.name,
    company_resident: shown(type.rates.company.resident),
    company_non_resident: shown(type.rates.company.nonResident),
    individual_resident: shown(type.rates.individual.resident),
    individual_non_resident: shown(type.rates.individual.nonResident),
  }));
}

function conflict(message: string, data: unknown): AppError {
  return new AppError('CONFLICT', message, data);
}

/** "REF (detail), …": the first three bills a refused row would change. */
function nameBills<T extends { reference: string }>(bills: T[], detail: (bill: T) => string): string {
  return `${bills
    .map((bill) => `${bill.reference} (${detail(bill)})`)
    .slice(0, 3)
    .join(', ')}${bills.length > 3 ? ', …' : ''}`;
}

/**
 * The refusal of a row read by tax month (charges, WHT rates) that would change bills of its
 * months: it names them and the first month the row may start.
 */
function monthlyRowConflict(
  words: { row: string; change: string; bill: string },
  from: IsoDate,
  changed: Array<{ reference: string; period: string }>,
): AppError {
  const latest = changed.reduce((left, right) => (right.period > left.period ? right : left));
  const bills = changed.length === 1 ? `a ${words.bill}` : `${changed.length} ${words.bill}s`;
  return conflict(
    `${words.row} from ${displayDate(from)} would change ${words.change} ${bills}: ${nameBills(changed, (bill) => shortMonthName(bill.period))}. Date ` +
      `the row from ${displayDate(`${addMonths(latest.period, 1)}-01`)} or later.`,
    { bills: changed.map((bill) => ({ reference: bill.reference, period: bill.period })) },
  );
}

/** A route shipped with the sandbox (to its local Remita), or read from staff rows. */
export interface RouteEntry {
  collector: string;
  tax: 'paye' | 'wht';
  gateway: 'remita';
  billerId: string;
  serviceTypeId: string;
  from: string;
  source: string;
}

export interface Collector {
  code: string;
  revenueService: string;
  collector: 'state' | 'federal';
}

export interface ReferenceDataDeps {
  db: Db;
  /** The collectors a route may name: the states and the NRS (the reference module's). */
  collectors(): Promise<Collector[]>;
  /** Routes shipped with the configuration: the sandbox's, to its local Remita; none against the real one. */
  seedRoutes: readonly RouteEntry[];
  /** The bills module: paid bills whose late penalty differs between two MPR tables. */
  paidBillsChangedBy(
    executor: Db,
    input: { from: IsoDate; before: MprTable; after: MprTable },
  ): Promise<Array<{ reference: string; paidOn: IsoDate }>>;
  /** The bills module: paid bills whose charge differs between two charge schedules. */
  paidBillsChargeChangedBy(
    executor: Db,
    input: { from: IsoDate; before: ChargeTable; after: ChargeTable },
  ): Promise<Array<{ reference: string; period: string }>>;
  /** The bills module: paid WHT bills whose rate differs between two WHT schedules. */
  paidBillsWhtRateChangedBy(
    executor: Db,
    input: { from: IsoDate; before: WhtRateTables; after: WhtRateTables },
  ): Promise<Array<{ reference: string; period: string }>>;
  /** Identity: the names staff rows and reviews are signed with. */
  usersByIds(
    executor: Db,
    ids: string[],
  ): Promise<Array<{ id: string; firstName: string | null; lastName: string | null; email: string }>>;
  /** How long a process trusts its copy before asking the database whether another process added a row. */
  recheckMs: number;
  now?: () => Date;
}

/** The staff rows as the engine merges them, and each table's last review day (a row added counts). */
function staffRows(rows: repo.ReferenceDataRow[], reviews: repo.ReferenceDataReview[]): StaffReferenceRows {
  const lastDay = (table: ReferenceTableCode) => {
    const days = [
      ...rows.filter((row) => row.table === table).map((row) => row.createdAt),
      ...reviews.filter((review) => review.table === table).map((review) => review.reviewedAt),
    ].map(lagosDate);
    return days.length > 0 ? days.reduce((left, right) => (right > left ? right : left)) : null;
  };
  return {
    mpr: rows
      .filter((row) => row.table === 'mpr')
      .map((row) => ({ from: row.from, source: row.source, value: row.rateBps! })),
    holidays: rows
      .filter((row) => row.table === 'holidays')
      .map((row) => ({ date: row.from, name: row.name!, basis: 'declared' as const, source: row.source })),
    charges: rows
      .filter((row) => row.table === 'charges')
      .map((row) => ({ from: row.from, source: row.source, value: row.chargeSchedule! })),
    wht: rows
      .filter((row) => row.table === 'wht')
      .map((row) => ({ from: row.from, source: row.source, value: row.whtCell! })),
    mprReviewedOn: lastDay('mpr'),
    holidaysReviewedOn: lastDay('holidays'),
    chargesReviewedOn: lastDay('charges'),
    whtReviewedOn: lastDay('wht'),
  };
}

/**
 * The engine's reference tables as this process knows them (decision 0025): the seed merged with
 * staff rows, loaded at start and after each row this process adds. Another process's row is seen
 * at the first use after `recheckMs`, when a count of both tables says something changed.
 */
export function createReferenceDataService(deps: ReferenceDataDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  let stored = {
    rows: [] as repo.ReferenceDataRow[],
    reviews: [] as repo.ReferenceDataReview[],
    routes: [] as repo.RemittanceRouteRow[],
  };
  let tables: ReferenceTables = SEED_REFERENCE_TABLES;
  let version = -1;
  let checkedAt = 0;

  async function load(executor: Db = db): Promise<void> {
    // One after another: a transaction's connection runs one query at a time.
    const rows = await repo.listRows(executor);
    const reviews = await repo.listReviews(executor);
    const routes = await repo.listRemittanceRoutes(executor);
    const current = await repo.readVersion(executor);
    stored = { rows, reviews, routes };
    tables = mergeReferenceTables(staffRows(rows, reviews));
    version = current;
    checkedAt = Date.now();
  }

  /** The merged tables, re-read when another process may have added a row. */
  async function current(): Promise<ReferenceTables> {
    if (Date.now() - checkedAt >= deps.recheckMs) {
      checkedAt = Date.now();
      if ((await repo.readVersion(db)) !== version) await load();
    }
    return tables;
  }

  async function signer(executor: Db, caller: Caller): Promise<string> {
    const [user] = await deps.usersByIds(executor, [caller.userId]);
    const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
    return name || caller.email;
  }

  function rowsOf(table: ReferenceTableCode, today: IsoDate): ReferenceRow[] {
    const staff = stored.rows.filter((row) => row.table === table);
    const addedBy = new Map(staff.map((row) => [`${row.from}|${row.source}`, row]));
    const signed = (from: string, source: string) => {
      const row = addedBy.get(`${from}|${source}`);
      return row
        ? { origin: 'staff' as const, added_by: row.createdByName, added_at: row.createdAt.toISOString() }
        : { origin: 'seed' as const, added_by: null, added_at: null };
    };
    // Dated tables list their history too: a seed row a staff row replaced on the same day is still listed.
    const datedRows = <T>(
      merged: readonly Dated<T>[],
      seed: readonly Dated<T>[],
      label: (value: T) => string,
    ): ReferenceRow[] => {
      const inForce = findRowInForce(merged, today);
      return [...merged, ...seed.filter((row) => !merged.includes(row))]
        .map((row) => ({
          from: row.from,
          value: label(row.value),
          basis: null,
          source: row.source,
          ...signed(row.from, row.source),
          in_force: row === inForce,
        }))
        .sort((left, right) => right.from.localeCompare(left.from) || Number(right.in_force) - Number(left.in_force));
    };
    if (table === 'mpr') return datedRows(tables.mpr, MONETARY_POLICY_RATE_TABLE, percent);
    if (table === 'charges') return datedRows(tables.chargeSchedule, CHARGE_SCHEDULE_TABLE, scheduleLabel);
    if (table === 'wht') return whtRows(today, signed);
    const replaced = SEED_REFERENCE_TABLES.declaredHolidays.filter((seed) => !tables.declaredHolidays.includes(seed));
    return [...tables.declaredHolidays, ...replaced]
      .map((holiday) => ({
        from: holiday.date,
        value: holiday.name,
        basis: holiday.basis,
        source: holiday.source,
        ...signed(holiday.date, holiday.source),
        in_force: tables.declaredHolidays.includes(holiday) && holiday.date >= today,
      }))
      .sort((left, right) => right.from.localeCompare(left.from));
  }

  /**
   * The shipped schedules and each staff rate, newest first. A schedule is in force while it is the
   * latest one begun; a staff rate while no later row (a rate for its cell, or a schedule) replaced it.
   */
  function whtRows(
    today: IsoDate,
    signed: (from: string, source: string) => Pick<ReferenceRow, 'origin' | 'added_by' | 'added_at'>,
  ): ReferenceRow[] {
    const schedule = findRowInForce(WHT_RATE_TABLE, today);
    const cells = staffRows(stored.rows, stored.reviews).wht;
    const replaced = (index: number) => {
      const cell = cells[index];
      const laterSchedule = WHT_RATE_TABLE.some((entry) => entry.from > cell.from && entry.from <= today);
      return (
        laterSchedule ||
        cells.some(
          (other, otherIndex) =>
            sameCell(other.value, cell.value) &&
            other.from <= today &&
            (other.from > cell.from || (other.from === cell.from && otherIndex > index)),
        )
      );
    };
    return [
      ...WHT_RATE_TABLE.map((entry) => ({
        from: entry.from,
        value: `Schedule of ${entry.value.rows.length} types`,
        basis: null,
        source: entry.source,
        origin: 'seed' as const,
        added_by: null,
        added_at: null,
        in_force: entry === schedule,
      })),
      ...cells.map((cell, index) => ({
        from: cell.from,
        value: whtCellLabel(cell.value),
        basis: null,
        source: cell.source,
        ...signed(cell.from, cell.source),
        in_force: cell.from <= today && !replaced(index),
      })),
    ].sort((left, right) => right.from.localeCompare(left.from));
  }

  /** Seed routes first, then staff rows in the order added: of two for one month, the later wins. */
  function routeEntries(): RouteEntry[] {
    return [
      ...deps.seedRoutes,
      ...stored.routes.map((row) => ({
        collector: row.collector,
        tax: row.tax,
        gateway: row.gateway,
        billerId: row.billerId,
        serviceTypeId: row.serviceTypeId,
        from: row.from,
        source: row.source,
      })),
    ];
  }

  /** The route a collector's tax of a month is paid by: the latest begun by that month. */
  function routeIn(
    entries: readonly RouteEntry[],
    collector: string,
    tax: 'paye' | 'wht',
    month: string,
  ): RouteEntry | null {
    return entries
      .filter((entry) => entry.collector === collector && entry.tax === tax && entry.from <= month)
      .reduce<RouteEntry | null>((found, entry) => (!found || entry.from >= found.from ? entry : found), null);
  }

  async function routesView(today: IsoDate): Promise<RemittanceRoute[]> {
    const names = new Map((await deps.collectors()).map((collector) => [collector.code, collector.revenueService]));
    const entries = routeEntries();
    const month = today.slice(0, 7);
    return entries
      .map((entry, index) => {
        const row = index >= deps.seedRoutes.length ? stored.routes[index - deps.seedRoutes.length] : null;
        return {
          collector: entry.collector,
          collector_name: names.get(entry.collector) ?? entry.collector,
          tax: entry.tax,
          gateway: entry.gateway,
          biller_id: entry.billerId,
          service_type_id: entry.serviceTypeId,
          from: entry.from,
          source: entry.source,
          origin: row ? ('staff' as const) : ('seed' as const),
          added_by: row?.createdByName ?? null,
          added_at: row?.createdAt.toISOString() ?? null,
          in_force: routeIn(entries, entry.collector, entry.tax, month) === entry,
        };
      })
      .sort(
        (left, right) =>
          left.collector.localeCompare(right.collector) ||
          left.tax.localeCompare(right.tax) ||
          right.from.localeCompare(left.from),
      );
  }

  function tableView(table: ReferenceTableCode, today: IsoDate): ReferenceTable {
    const reviewedOn = {
      mpr: tables.mprReviewedOn,
      holidays: tables.holidaysReviewedOn,
      charges: tables.chargesReviewedOn,
      wht: tables.whtReviewedOn,
    }[table];
    const days = daysBetween(reviewedOn, today);
    const last = stored.reviews.filter((review) => review.table === table).at(-1);
    return {
      code: table,
      title: TITLES[table],
      rows: rowsOf(table, today),
      reviewed_on: reviewedOn,
      days_since_review: days,
      review_due: days > REFERENCE_REVIEW_DAYS,
      last_review: last ? { by: last.reviewedByName, at: last.reviewedAt.toISOString(), source: last.source } : null,
    };
  }

  async function view(): Promise<ReferenceData> {
    await current();
    const today = lagosDate(now());
    const entries = await auditTrail(db, AUDIT_RESOURCE);
    const audit: ReferenceAuditEntry[] = entries.map((entry) => {
      const details = entry.details as {
        by: string;
        action: ReferenceAuditEntry['action'];
        summary: string;
        source: string;
      };
      return {
        at: entry.createdAt.toISOString(),
        by: details.by,
        action: details.action,
        table: entry.resourceId as ReferenceTableCode,
        summary: details.summary,
        source: details.source,
      };
    });
    return {
      today,
      tables: [
        tableView('mpr', today),
        tableView('holidays', today),
        tableView('charges', today),
        tableView('wht', today),
      ],
      wht_in_force: whtInForce(tables, today),
      remittance_routes: await routesView(today),
      audit,
    };
  }

  /** Stores a row or review with its audit entry in one transaction, then reloads this process's copy. */
  async function write(
    caller: Caller,
    ip: string,
    table: ReferenceTableCode,
    work: (tx: Db, by: string) => Promise<{ action: ReferenceAuditEntry['action']; summary: string; source: string }>,
  ): Promise<ReferenceData> {
    await db.transaction(async (tx) => {
      await repo.lockRows(tx);
      await load(tx);
      const by = await signer(tx, caller);
      const done = await work(tx, by);
      await recordAudit(tx, {
        organisationId: null,
        actorUserId: caller.userId,
        action: `reference_data.${done.action}`,
        resourceType: AUDIT_RESOURCE,
        resourceId: table,
        details: { ...done, by },
        ipAddress: ip,
      });
    });
    await load();
    return view();
  }

  return {
    load,
    current,
    view,

    /** The route a collector's tax of a tax month (YYYY-MM) is remitted by; null when staff have added none. */
    async routeFor(collector: string, tax: 'paye' | 'wht', month: string): Promise<RouteEntry | null> {
      await current();
      return routeIn(routeEntries(), collector, tax, month);
    },

    async addRemittanceRoute(caller: Caller, body: AddRemittanceRouteBody, ip: string) {
      const collector = (await deps.collectors()).find((candidate) => candidate.code === body.collector);
      if (!collector) throw invalidInput({ collector: 'Choose a state by its code (LA, FC …) or NRS' });
      if (collector.collector === 'federal' && body.tax === 'paye')
        throw invalidInput({ tax: `${collector.revenueService} does not collect PAYE: states do` });
      if (body.from < '2020-01')
        throw invalidInput({ from: 'Levy bills tax months from January 2020: give 2020-01 or later' });
      const summary =
        `${collector.revenueService} ${body.tax.toUpperCase()} by ${body.gateway} from ${shortMonthName(body.from)}: biller ` +
        `${body.biller_id}, service type ${body.service_type_id}`;
      await db.transaction(async (tx) => {
        const by = await signer(tx, caller);
        await repo.insertRemittanceRoute(tx, {
          collector: collector.code,
          tax: body.tax,
          gateway: body.gateway,
          billerId: body.biller_id,
          serviceTypeId: body.service_type_id,
          from: body.from,
          source: body.source,
          createdBy: caller.userId,
          createdByName: by,
        });
        await recordAudit(tx, {
          organisationId: null,
          actorUserId: caller.userId,
          action: 'reference_data.route_added',
          resourceType: 'remittance_route',
          resourceId: `${collector.code}-${body.tax}`,
          details: { by, summary, source: body.source },
          ipAddress: ip,
        });
      });
      await load();
      return view();
    },

    addMprRow(caller: Caller, body: AddMprRowBody, ip: string) {
      if (!isValidIsoDate(body.from)) throw invalidInput({ from: 'Give a calendar date, YYYY-MM-DD' });
      const earliest = MONETARY_POLICY_RATE_TABLE[0].from;
      if (body.from < earliest)
        throw invalidInput({ from: `The MPR table starts on ${displayDate(earliest)}: give a later date` });
      const rateBps = Math.round(Number(body.rate_percent) * 100);
      if (rateBps <= 0 || rateBps > 10_000)
        throw invalidInput({ rate_percent: 'The rate must be above 0% and at most 100%' });
      return write(caller, ip, 'mpr', async (tx, by) => {
        const after = {
          ...tables,
          mpr: mergeDatedRows(tables.mpr, [{ from: body.from, source: body.source, value: rateBps }]),
        };
        const changed = await deps.paidBillsChangedBy(tx, { from: body.from, before: tables, after });
        if (changed.length > 0) {
          const latest = changed.reduce((left, right) => (right.paidOn > left.paidOn ? right : left));
          const named = nameBills(changed, (bill) => `paid late on ${displayDate(bill.paidOn)}`);
          throw conflict(
            `A rate from ${displayDate(body.from)} would change the late penalty already stated on ` +
              `${changed.length === 1 ? 'a paid bill' : `${changed.length} paid bills`}: ${named}. ` +
              `Date the row after ${displayDate(latest.paidOn)}.`,
            { bills: changed.map((bill) => ({ reference: bill.reference, paid_on: bill.paidOn })) },
          );
        }
        await repo.insertRow(tx, {
          table: 'mpr',
          from: body.from,
          rateBps,
          source: body.source,
          createdBy: caller.userId,
          createdByName: by,
        });
        return {
          action: 'row_added',
          summary: `MPR ${percent(rateBps)} from ${displayDate(body.from)}`,
          source: body.source,
        };
      });
    },

    addHolidayRow(caller: Caller, body: AddHolidayRowBody, ip: string) {
      if (!isValidIsoDate(body.date)) throw invalidInput({ date: 'Give a calendar date, YYYY-MM-DD' });
      const today = lagosDate(now());
      // Due dates are calendar days (decision 0105): a holiday moves only the "pay by to be safe" day of deadlines ahead.
      if (body.date < today)
        throw conflict(
          `${displayDate(body.date)} is past: a holiday moves only deadlines still ahead, and no paid bill depends on one.`,
          { date: body.date },
        );
      return write(caller, ip, 'holidays', async (tx, by) => {
        const existing: PublicHoliday | undefined = publicHolidayOn(body.date, tables);
        if (existing && existing.basis !== 'expected')
          throw conflict(`${displayDate(body.date)} is already a public holiday: ${existing.name}.`, {
            date: body.date,
          });
        await repo.insertRow(tx, {
          table: 'holidays',
          from: body.date,
          name: body.name,
          source: body.source,
          createdBy: caller.userId,
          createdByName: by,
        });
        return { action: 'row_added', summary: `${body.name} on ${displayDate(body.date)}`, source: body.source };
      });
    },

    addChargeRow(caller: Caller, body: AddChargeRowBody, ip: string) {
      // The contract has checked each amount's form. Bills are priced by the schedule in force on the first day of their tax month (bills.service).
      if (!isValidIsoDate(body.from) || !body.from.endsWith('-01'))
        throw invalidInput({ from: 'A bill is charged by its tax month: give the first day of a month, YYYY-MM-01' });
      const earliest = CHARGE_SCHEDULE_TABLE[0].from;
      if (body.from < earliest)
        throw invalidInput({ from: `The charge schedule starts on ${displayDate(earliest)}: give a later month` });
      const fee = (field: 'base' | 'per_recipient' | 'cap', type: 'paye' | 'wht') =>
        toKobo(body[`${type}_${field}`], `${type}_${field}`);
      const feeRule = (type: 'paye' | 'wht') => ({
        base: fee('base', type),
        perRecipient: fee('per_recipient', type),
        cap: fee('cap', type),
      });
      const schedule: ChargeSchedule = {
        fees: { paye: feeRule('paye'), wht: feeRule('wht') },
        vatRateBps: Math.round(Number(body.vat_percent) * 100),
      };
      for (const type of ['paye', 'wht'] as const) {
        const rule = schedule.fees[type];
        if (rule.cap < rule.base + rule.perRecipient)
          throw invalidInput({
            [`${type}_cap`]: 'The cap must be at least the fee for one recipient (base + per recipient)',
          });
      }
      if (schedule.vatRateBps > 10_000) throw invalidInput({ vat_percent: 'VAT must be at most 100%' });
      return write(caller, ip, 'charges', async (tx, by) => {
        const after = {
          ...tables,
          chargeSchedule: mergeDatedRows(tables.chargeSchedule, [
            { from: body.from, source: body.source, value: schedule },
          ]),
        };
        const changed = await deps.paidBillsChargeChangedBy(tx, { from: body.from, before: tables, after });
        if (changed.length > 0)
          throw monthlyRowConflict(
            { row: 'A schedule', change: 'the charge already paid on', bill: 'bill' },
            body.from,
            changed,
          );
        await repo.insertRow(tx, {
          table: 'charges',
          from: body.from,
          chargeSchedule: schedule,
          source: body.source,
          createdBy: caller.userId,
          createdByName: by,
        });
        return {
          action: 'row_added',
          summary: `Charges from ${shortMonthName(body.from)}: ${scheduleLabel(schedule)}`,
          source: body.source,
        };
      });
    },

    addWhtRateRow(caller: Caller, body: AddWhtRateRowBody, ip: string) {
      // computeWht reads the schedule in force on the first day of a bill's tax month.
      if (!isValidIsoDate(body.from) || !body.from.endsWith('-01'))
        throw invalidInput({ from: 'WHT is charged by the tax month: give the first day of a month, YYYY-MM-01' });
      const latestSchedule = WHT_RATE_TABLE.at(-1)!;
      if (body.from < latestSchedule.from)
        throw invalidInput({
          from: `Rates before ${displayDate(latestSchedule.from)} are those of the old regulations: give ${shortMonthName(latestSchedule.from)} or later`,
        });
      if (!isWhtCode(body.wht_type)) throw invalidInput({ wht_type: 'Choose a WHT type from the list' });
      const rateBps = Math.round(Number(body.rate_percent) * 100);
      if (rateBps <= 0) throw invalidInput({ rate_percent: 'The rate must be above 0%' });
      const cell: WhtRateCell = {
        code: body.wht_type,
        payeeKind: body.payee_kind,
        resident: body.residency === 'resident',
        rateBps,
      };
      return write(caller, ip, 'wht', async (tx, by) => {
        // Merged again from the seed: a staff cell holds until a later row, which a merged table no longer tells apart.
        const staff = staffRows(stored.rows, stored.reviews);
        const after = mergeReferenceTables({
          ...staff,
          wht: [...staff.wht, { from: body.from, source: body.source, value: cell }],
        });
        const changed = await deps.paidBillsWhtRateChangedBy(tx, { from: body.from, before: tables, after });
        if (changed.length > 0)
          throw monthlyRowConflict(
            { row: 'A rate', change: 'the rate already stated on', bill: 'paid bill' },
            body.from,
            changed,
          );
        await repo.insertRow(tx, {
          table: 'wht',
          from: body.from,
          whtCell: cell,
          source: body.source,
          createdBy: caller.userId,
          createdByName: by,
        });
        return {
          action: 'row_added',
          summary: `WHT from ${shortMonthName(body.from)}: ${whtCellLabel(cell)}`,
          source: body.source,
        };
      });
    },

    markReviewed(caller: Caller, table: ReferenceTableCode, source: string, ip: string) {
      return write(caller, ip, table, async (tx, by) => {
        await repo.insertReview(tx, { table, source, reviewedBy: caller.userId, reviewedByName: by });
        return { action: 'reviewed', summary: `${TITLES[table]} checked and current`, source };
      });
    },
  };
}

export type ReferenceDataService = ReturnType<typeof createReferenceDataService>;
