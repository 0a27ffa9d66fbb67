import {
  PAY_LINK_PARAMS,
  REFERENCE_REVIEW_DAYS,
  type Alert,
  type CollectorKind,
  type DeadlineEntry,
  type DeadlineKind,
  type LatePenaltyEstimate,
} from '@levy/contracts';
import {
  addDays,
  addMonths,
  asKobo,
  dayOfMonthClamped,
  dayOfWeek,
  daysBetween,
  EARLIEST_SUPPORTED_PERIOD,
  firstDayOfPeriod,
  formatNaira,
  annualReturnDueDate,
  koboToNairaString,
  LATE_RETURN_PENALTY_TABLE,
  lastWorkingDayOnOrBefore,
  latePenalty,
  latePenaltyRule,
  mprCaveat,
  MONTH_NAMES,
  monthName,
  lateReturnPenalty,
  nonWorkingReason,
  remittanceDueDate,
  SEED_REFERENCE_TABLES,
  type IsoDate,
  type Kobo,
  type Period,
  type ReferenceTables,
} from '@levy/tax';

/**
 * The deadline rule, pure: from an organisation's registrations, bills and "no WHT deductions"
 * declarations and the day (Africa/Lagos), the alerts (every month owed up to the last completed
 * one that no paid bill or declaration closes) and the deadline calendar. Nothing is stored, so
 * nothing goes stale. docs/decisions/0040 gives the rules.
 */

export interface RegistrationFact {
  corporation: { id: string; name: string };
  /** `collector` federal: the NRS, owed WHT only, by the 21st. */
  state: { id: number; code: string; name: string; collector: CollectorKind };
  /** The first tax month owed there (YYYY-MM), as the registration form set it. */
  firstTaxMonth: Period;
  /** The month's PAYE on the payroll on file, when there is one: the penalty basis before any bill is paid. */
  payrollTaxKobo: Kobo | null;
}

export interface BillFact {
  id: string;
  corporationId: string;
  stateId: number;
  type: RemittanceKind;
  /** YYYY-MM */
  period: string;
  status: string;
  amountDueKobo: Kobo;
  createdAt: Date;
}

/** A month declared to have had no WHT deductions for a corporation and collector. */
export interface NoWhtDeclarationFact {
  corporationId: string;
  stateId: number;
  /** YYYY-MM */
  taxMonth: string;
}

/** A PAYE month recorded as paid on the state portal before Levy: closed as a paid bill closes it. */
export interface PriorPaidMonthFact {
  corporationId: string;
  stateId: number;
  /** YYYY-MM */
  taxMonth: string;
}

type RemittanceKind = Exclude<DeadlineKind, 'annual_return'>;

/** An annual return filed (its first version): the annual-returns module's record. */
export interface AnnualReturnFiling {
  corporationId: string;
  stateId: number;
  year: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const KIND_LABEL: Record<DeadlineKind, string> = { paye: 'PAYE', wht: 'WHT', annual_return: 'Annual return' };
/** The tax in a sentence: 'PAYE tax' (the wording in docs/product.md), 'Withholding tax' (never 'WHT tax'). */
const TAX_IN_WORDS: Record<RemittanceKind, string> = { paye: 'PAYE tax', wht: 'Withholding tax' };

/** docs/product.md §9: DD MMM, YYYY — '10 Nov, 2026'. */
export function formatDeadline(date: IsoDate): string {
  return `${date.slice(8, 10)} ${MONTH_NAMES[Number(date.slice(5, 7)) - 1].slice(0, 3)}, ${date.slice(0, 4)}`;
}

/** 'Fri 9 Oct' */
function shortDay(date: IsoDate): string {
  return `${WEEKDAYS[dayOfWeek(date)]} ${Number(date.slice(8, 10))} ${MONTH_NAMES[Number(date.slice(5, 7)) - 1].slice(0, 3)}`;
}

const NO_SAFE_DAY = { safe_date: null, safe_note: null };

/** The legal date stays; a weekend or holiday adds the last working day before it (to pay, or to file a return). */
export function safeDay(
  dueDate: IsoDate,
  tables: ReferenceTables = SEED_REFERENCE_TABLES,
  act: 'pay' | 'file' = 'pay',
): { safe_date: string | null; safe_note: string | null } {
  const reason = nonWorkingReason(dueDate, tables);
  if (!reason) return { safe_date: null, safe_note: null };
  const safe = lastWorkingDayOnOrBefore(dueDate, tables);
  return { safe_date: safe, safe_note: `Falls on ${reason}: ${act} by ${shortDay(safe)} to be safe` };
}

const naira = (amount: number) => koboToNairaString(asKobo(amount));

/** The penalty so far and what a week more adds, on `basis` (latePenalty, NTAA 2025 s.107). */
export function penaltyEstimate(
  basis: Kobo,
  dueDate: IsoDate,
  today: IsoDate,
  tables: ReferenceTables = SEED_REFERENCE_TABLES,
): LatePenaltyEstimate {
  const now = latePenalty({ tax: basis, dueDate, asOf: today }, tables);
  const nextWeek = latePenalty({ tax: basis, dueDate, asOf: addDays(today, 7) }, tables);
  return {
    basis: naira(basis),
    penalty: naira(now.penalty),
    interest: naira(now.interest),
    total: naira(now.total),
    per_extra_week: naira(nextWeek.total - now.total),
    mpr_as_of: now.mprAsOf,
    mpr_caveat: mprCaveat(now.mprAsOf, today, REFERENCE_REVIEW_DAYS),
  };
}

interface Obligation {
  registration: RegistrationFact;
  kind: RemittanceKind;
  /** The first tax month owed, as the registration set it. */
  firstMonth: Period;
  /** Earlier months a bill was made for (and not cancelled): the attempt proves the month is owed. */
  earlierMonthsOwed: Period[];
  /** Months closed: a paid bill, or for WHT a "no deductions" declaration. */
  paid: Set<Period>;
  declaredNil: Set<Period>;
  /** Per month, its latest bill that did not pay (not cancelled): the month's known tax and what became of it. */
  unpaidBills: Map<Period, BillFact>;
  /** PAYE's tax on the payroll on file: the month's tax where no bill says otherwise. */
  payrollTax: Kobo | null;
}

const CLOSED_BY_PAYMENT = 'payment_paid';
/** Withdrawn by its preparer or an admin: it proves nothing about the month. */
const WITHDRAWN = 'cancelled';

/** The months an obligation owes up to `lastMonth`: every month from the first, and any earlier one a bill was made for. */
function monthsOwed(obligation: Obligation, lastMonth: Period): Period[] {
  const months = obligation.earlierMonthsOwed.filter((month) => month <= lastMonth);
  for (let month = obligation.firstMonth; month <= lastMonth; month = addMonths(month, 1)) months.push(month);
  return months;
}

function obligations(
  registrations: RegistrationFact[],
  bills: BillFact[],
  declarations: NoWhtDeclarationFact[],
  priorPaid: PriorPaidMonthFact[],
): Obligation[] {
  const result: Obligation[] = [];
  for (const registration of registrations) {
    const own = bills.filter(
      (bill) => bill.corporationId === registration.corporation.id && bill.stateId === registration.state.id,
    );
    const firstMonth =
      registration.firstTaxMonth < EARLIEST_SUPPORTED_PERIOD ? EARLIEST_SUPPORTED_PERIOD : registration.firstTaxMonth;
    for (const kind of ['paye', 'wht'] as const) {
      // PAYE is owed to a State IRS, never to the NRS; WHT to both, from the first month owed,
      // whether or not a WHT bill was ever made (a month without deductions is declared so).
      if (kind === 'paye' && registration.state.collector === 'federal') continue;
      const ofKind = own.filter((bill) => bill.type === kind && bill.status !== WITHDRAWN);
      const unpaidBills = new Map<Period, BillFact>();
      // Oldest first, so the latest bill of a month is the one kept (ties broken by id: the same on every load).
      const byAge = ofKind
        .filter((bill) => bill.status !== CLOSED_BY_PAYMENT)
        .sort((left, right) => left.createdAt.getTime() - right.createdAt.getTime() || left.id.localeCompare(right.id));
      for (const bill of byAge) unpaidBills.set(bill.period, bill);
      result.push({
        registration,
        kind,
        firstMonth,
        earlierMonthsOwed: [
          ...new Set(
            ofKind
              .map((bill) => bill.period)
              .filter((month) => month >= EARLIEST_SUPPORTED_PERIOD && month < firstMonth),
          ),
        ].sort(),
        paid: new Set([
          ...ofKind.filter((bill) => bill.status === CLOSED_BY_PAYMENT).map((bill) => bill.period),
          ...(kind === 'paye'
            ? priorPaid
                .filter(
                  (month) =>
                    month.corporationId === registration.corporation.id && month.stateId === registration.state.id,
                )
                .map((month) => month.taxMonth)
            : []),
        ]),
        declaredNil: new Set(
          kind === 'wht'
            ? declarations
                .filter(
                  (declaration) =>
                    declaration.corporationId === registration.corporation.id &&
                    declaration.stateId === registration.state.id,
                )
                .map((declaration) => declaration.taxMonth)
            : [],
        ),
        unpaidBills,
        payrollTax: kind === 'paye' ? registration.payrollTaxKobo : null,
      });
    }
  }
  return result;
}

/** The month's tax where it is known: its latest bill's amount, else PAYE's payroll on file; never another month's bill. */
function knownTax(obligation: Obligation, month: Period): Kobo | null {
  return obligation.unpaidBills.get(month)?.amountDueKobo ?? obligation.payrollTax;
}

/** What became of a month's latest bill that did not pay, for the finance officer to act on. */
function billNote(bill: BillFact | undefined): string | null {
  if (!bill) return null;
  const amount = formatNaira(bill.amountDueKobo);
  switch (bill.status) {
    case 'failed':
      return `A payment of ${amount} was not accepted by the revenue service and was refunded to the wallet: pay it again.`;
    case 'declined':
      return `A bill of ${amount} was declined by an approver.`;
    case 'awaiting_approval':
      return `A bill of ${amount} is waiting for an admin's approval.`;
    default:
      return `A payment of ${amount} is being settled with the revenue service.`;
  }
}

function payLink(kind: RemittanceKind, registration: RegistrationFact, taxMonth: Period): string {
  const query = new URLSearchParams({
    [PAY_LINK_PARAMS.type]: kind,
    [PAY_LINK_PARAMS.corporation]: registration.corporation.id,
    [PAY_LINK_PARAMS.state]: registration.state.code,
    [PAY_LINK_PARAMS.month]: taxMonth,
  });
  return `/bills?${query.toString()}`;
}

function lateness(obligation: Obligation, month: Period, dueDate: IsoDate, today: IsoDate, tables: ReferenceTables) {
  const overdue = today > dueDate;
  const tax = knownTax(obligation, month);
  return {
    penalty: overdue && tax !== null ? penaltyEstimate(tax, dueDate, today, tables) : null,
    penalty_rule: overdue ? latePenaltyRule(dueDate, today, tables) : null,
  };
}

/** The facts alerts and the calendar are computed from; `tables` are the engine's MPR and holidays (seed by default). */
interface DeadlineFacts {
  registrations: RegistrationFact[];
  bills: BillFact[];
  /** Months declared to have had no WHT deductions (none when absent). */
  noWhtDeclarations?: NoWhtDeclarationFact[];
  /** PAYE months recorded as paid before Levy (none when absent). */
  priorPaidPayeMonths?: PriorPaidMonthFact[];
  filings: AnnualReturnFiling[];
  today: IsoDate;
  tables?: ReferenceTables;
}

/**
 * The first year whose annual return Levy tracks: the first whose late filing the s.101 rule
 * covers (2025, due 31 January 2026, under NTAA 2025 from 1 January 2026).
 */
export const FIRST_ANNUAL_RETURN_YEAR = Number(LATE_RETURN_PENALTY_TABLE[0].from.slice(0, 4)) - 1;

interface AnnualReturnObligation {
  registration: RegistrationFact;
  year: number;
  dueDate: IsoDate;
  filed: boolean;
}

/** Each registration's annual returns from the year PAYE was first owed there (and the first tracked) to `lastYear`. */
function annualReturnObligations(
  registrations: RegistrationFact[],
  filings: AnnualReturnFiling[],
  lastYear: number,
): AnnualReturnObligation[] {
  const result: AnnualReturnObligation[] = [];
  for (const registration of registrations) {
    // The employer's return goes to the State IRS that collects its PAYE; the NRS collects none.
    if (registration.state.collector === 'federal') continue;
    const firstYear = Math.max(Number(registration.firstTaxMonth.slice(0, 4)), FIRST_ANNUAL_RETURN_YEAR);
    for (let year = firstYear; year <= lastYear; year++) {
      const filed = filings.some(
        (filing) =>
          filing.corporationId === registration.corporation.id &&
          filing.stateId === registration.state.id &&
          filing.year === year,
      );
      result.push({ registration, year, dueDate: annualReturnDueDate(year), filed });
    }
  }
  return result;
}

/** The late-filing penalty so far (NTAA 2025 s.101) in the shape of a penalty estimate: a fixed sum, no basis, no interest. */
export function lateReturnEstimate(dueDate: IsoDate, today: IsoDate): LatePenaltyEstimate {
  const now = lateReturnPenalty(dueDate, today);
  const nextWeek = lateReturnPenalty(dueDate, addDays(today, 7));
  return {
    basis: naira(0),
    penalty: naira(now.penalty),
    interest: naira(0),
    total: naira(now.penalty),
    per_extra_week: naira(nextWeek.penalty - now.penalty),
    mpr_as_of: null,
    mpr_caveat: null,
  };
}

/** The annual return's screen for a corporation, state and year. */
export function annualReturnLink(registration: RegistrationFact, year: number): string {
  const query = new URLSearchParams({ state: registration.state.code, year: String(year) });
  return `/corporations/${registration.corporation.id}/annual-returns?${query.toString()}`;
}

const annualReturnTitle = (year: number) => `Annual return (Form H1) for ${year}`;

function annualReturnLateness(obligation: AnnualReturnObligation, today: IsoDate) {
  return {
    penalty: lateReturnEstimate(obligation.dueDate, today),
    penalty_rule: lateReturnPenalty(obligation.dueDate, today).rule,
  };
}

/** Every ended year's unfiled annual return, once PAYE was owed in it. */
function annualReturnAlerts(
  registrations: RegistrationFact[],
  filings: AnnualReturnFiling[],
  today: IsoDate,
  tables: ReferenceTables,
): Alert[] {
  return annualReturnObligations(registrations, filings, Number(today.slice(0, 4)) - 1)
    .filter((obligation) => !obligation.filed)
    .map((obligation) => {
      const { registration, year, dueDate } = obligation;
      const overdue = today > dueDate;
      return {
        date: today,
        tax_month: `${year}-12`,
        state: registration.state.name,
        deadline_date: dueDate,
        start_date: `${year}-01-01`,
        kind: 'annual_return' as const,
        corporation: registration.corporation,
        state_code: registration.state.code,
        message: `${annualReturnTitle(year)}, due by ${formatDeadline(dueDate)}`,
        status: overdue ? ('overdue' as const) : ('due' as const),
        days_left: overdue ? null : daysBetween(today, dueDate),
        days_overdue: overdue ? daysBetween(dueDate, today) : null,
        ...(overdue ? NO_SAFE_DAY : safeDay(dueDate, tables, 'file')),
        ...(overdue ? annualReturnLateness(obligation, today) : { penalty: null, penalty_rule: null }),
        pay_link: annualReturnLink(registration, year),
        note: null,
      };
    });
}

/** The annual returns on the calendar: this year's (due next 31 January) when within the window, and every earlier one, filed ('paid') or not. */
function annualReturnEntries(
  registrations: RegistrationFact[],
  filings: AnnualReturnFiling[],
  today: IsoDate,
  to: IsoDate,
  tables: ReferenceTables,
): DeadlineEntry[] {
  const entries: DeadlineEntry[] = [];
  for (const obligation of annualReturnObligations(registrations, filings, Number(today.slice(0, 4)))) {
    const { registration, year, dueDate, filed } = obligation;
    const overdue = !filed && today > dueDate;
    if (!overdue && (dueDate < today || dueDate > to)) continue;
    entries.push({
      corporation: registration.corporation,
      state: { code: registration.state.code, name: registration.state.name },
      kind: 'annual_return',
      tax_month: `${year}-12`,
      title: annualReturnTitle(year),
      deadline_date: dueDate,
      ...(overdue ? NO_SAFE_DAY : safeDay(dueDate, tables, 'file')),
      status: filed ? 'paid' : overdue ? 'overdue' : 'due',
      days_overdue: overdue ? daysBetween(dueDate, today) : 0,
      ...(overdue ? annualReturnLateness(obligation, today) : { penalty: null, penalty_rule: null }),
    });
  }
  return entries;
}

/** Every unpaid month from registration to the last completed month, soonest deadline first. */
export function computeAlerts(input: DeadlineFacts): Alert[] {
  const { today, tables = SEED_REFERENCE_TABLES } = input;
  const lastCompleted = addMonths(today.slice(0, 7), -1);
  const alerts: Alert[] = annualReturnAlerts(input.registrations, input.filings, today, tables);
  const thisMonth = today.slice(0, 7);
  for (const obligation of obligations(
    input.registrations,
    input.bills,
    input.noWhtDeclarations ?? [],
    input.priorPaidPayeMonths ?? [],
  )) {
    // A month still running is listed only once a bill for it did not pay: the failure stays in view until it is.
    const running = obligation.unpaidBills.has(thisMonth) ? [thisMonth] : [];
    for (const month of [...monthsOwed(obligation, lastCompleted), ...running]) {
      if (obligation.paid.has(month) || obligation.declaredNil.has(month)) continue;
      const deadline = remittanceDueDate(obligation.kind, month, obligation.registration.state.collector);
      const overdue = today > deadline;
      const { registration, kind } = obligation;
      alerts.push({
        date: today,
        tax_month: month,
        state: registration.state.name,
        deadline_date: deadline,
        start_date: firstDayOfPeriod(month),
        kind,
        corporation: registration.corporation,
        state_code: registration.state.code,
        message: `${TAX_IN_WORDS[kind]} for ${monthName(month)}, due by ${formatDeadline(deadline)}`,
        status: overdue ? 'overdue' : 'due',
        days_left: overdue ? null : daysBetween(today, deadline),
        days_overdue: overdue ? daysBetween(deadline, today) : null,
        // An overdue month has no "pay by" day ahead: only the lateness is said.
        ...(overdue ? NO_SAFE_DAY : safeDay(deadline, tables)),
        ...lateness(obligation, month, deadline, today, tables),
        pay_link: payLink(kind, registration, month),
        note: billNote(obligation.unpaidBills.get(month)),
      });
    }
  }
  return alerts.sort(
    (left, right) =>
      left.deadline_date.localeCompare(right.deadline_date) ||
      left.corporation.name.localeCompare(right.corporation.name) ||
      left.state.localeCompare(right.state) ||
      left.kind.localeCompare(right.kind),
  );
}

/**
 * The deadline calendar: per corporation, state and kind, every deadline from today to twelve
 * months ahead (paid or due) and every earlier unpaid one since registration (overdue).
 */
export function computeCalendar(input: DeadlineFacts): { from: string; to: string; entries: DeadlineEntry[] } {
  const { today, tables = SEED_REFERENCE_TABLES } = input;
  const to = dayOfMonthClamped(Number(today.slice(0, 4)) + 1, Number(today.slice(5, 7)), Number(today.slice(8, 10)));
  const lastMonth = addMonths(today.slice(0, 7), 11);
  const entries: DeadlineEntry[] = annualReturnEntries(input.registrations, input.filings, today, to, tables);
  for (const obligation of obligations(
    input.registrations,
    input.bills,
    input.noWhtDeclarations ?? [],
    input.priorPaidPayeMonths ?? [],
  )) {
    for (const month of monthsOwed(obligation, lastMonth)) {
      const deadline = remittanceDueDate(obligation.kind, month, obligation.registration.state.collector);
      const paid = obligation.paid.has(month);
      const declaredNil = !paid && obligation.declaredNil.has(month);
      const overdue = !paid && !declaredNil && today > deadline;
      if (!overdue && (deadline < today || deadline > to)) continue;
      const { registration, kind } = obligation;
      entries.push({
        corporation: registration.corporation,
        state: { code: registration.state.code, name: registration.state.name },
        kind,
        tax_month: month,
        title: `${TAX_IN_WORDS[kind]} for ${monthName(month)}`,
        deadline_date: deadline,
        ...(overdue ? NO_SAFE_DAY : safeDay(deadline, tables)),
        status: paid ? 'paid' : declaredNil ? 'no_deductions' : overdue ? 'overdue' : 'due',
        days_overdue: overdue ? daysBetween(deadline, today) : 0,
        ...(overdue ? lateness(obligation, month, deadline, today, tables) : { penalty: null, penalty_rule: null }),
      });
    }
  }
  entries.sort(
    (left, right) =>
      left.deadline_date.localeCompare(right.deadline_date) ||
      left.corporation.name.localeCompare(right.corporation.name) ||
      left.state.name.localeCompare(right.state.name) ||
      left.kind.localeCompare(right.kind),
  );
  return { from: today, to, entries };
}
