import { PAY_LINK_PARAMS, type Alert, type CollectorKind, type DeadlineEntry, type DeadlineKind, type LatePenaltyEstimate } from '@levy/contracts';
import {
  addDays,
  addMonths,
  asKobo,
  dayOfMonthClamped,
  dayOfWeek,
  daysBetween,
  EARLIEST_SUPPORTED_PERIOD,
  firstDayOfPeriod,
  annualReturnDueDate,
  koboToNairaString,
  LATE_RETURN_PENALTY_TABLE,
  lastWorkingDayOnOrBefore,
  latePenalty,
  latePenaltyRule,
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
 * The deadline rule of issue 13, pure: from an organisation's registrations and bills and the
 * day (Africa/Lagos), the alerts (every month since registration up to the last completed one
 * with no paid bill) and the deadline calendar. Nothing is stored, so nothing goes stale.
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
  corporationId: string;
  stateId: number;
  type: RemittanceKind;
  /** YYYY-MM */
  period: string;
  status: string;
  amountDueKobo: Kobo;
}

type RemittanceKind = Exclude<DeadlineKind, 'annual_return'>;

/** An annual return filed (its first version): the annual-returns module's record. */
export interface AnnualReturnFiling {
  corporationId: string;
  stateId: number;
  year: number;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const KIND_LABEL: Record<DeadlineKind, string> = { paye: 'PAYE', wht: 'WHT', annual_return: 'Annual return' };
/** The tax in a sentence: 'PAYE tax' (product-spec's wording), 'Withholding tax' (never 'WHT tax'). */
const TAX_IN_WORDS: Record<RemittanceKind, string> = { paye: 'PAYE tax', wht: 'Withholding tax' };

/** 'October 2026' */
export function monthLabel(period: Period): string {
  return `${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
}

/** product-spec §9: DD MMM, YYYY — '10 Nov, 2026'. */
export function formatDeadline(date: IsoDate): string {
  return `${date.slice(8, 10)} ${MONTHS[Number(date.slice(5, 7)) - 1].slice(0, 3)}, ${date.slice(0, 4)}`;
}

/** 'Fri 9 Oct' */
function shortDay(date: IsoDate): string {
  return `${WEEKDAYS[dayOfWeek(date)]} ${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1].slice(0, 3)}`;
}

const NO_SAFE_DAY = { safe_date: null, safe_note: null };

/** The legal date stays; a weekend or holiday adds the last working day before it (to pay, or to file a return). */
export function safeDay(dueDate: IsoDate, tables: ReferenceTables = SEED_REFERENCE_TABLES, act: 'pay' | 'file' = 'pay'): { safe_date: string | null; safe_note: string | null } {
  const reason = nonWorkingReason(dueDate, tables);
  if (!reason) return { safe_date: null, safe_note: null };
  const safe = lastWorkingDayOnOrBefore(dueDate, tables);
  return { safe_date: safe, safe_note: `Falls on ${reason}: ${act} by ${shortDay(safe)} to be safe` };
}

const naira = (amount: number) => koboToNairaString(asKobo(amount));

/** The penalty so far and what a week more adds, on `basis` (latePenalty, NTAA 2025 s.107). */
export function penaltyEstimate(basis: Kobo, dueDate: IsoDate, today: IsoDate, tables: ReferenceTables = SEED_REFERENCE_TABLES): LatePenaltyEstimate {
  const now = latePenalty({ tax: basis, dueDate, asOf: today }, tables);
  const nextWeek = latePenalty({ tax: basis, dueDate, asOf: addDays(today, 7) }, tables);
  return { basis: naira(basis), penalty: naira(now.penalty), interest: naira(now.interest), total: naira(now.total), per_extra_week: naira(nextWeek.total - now.total), mpr_as_of: now.mprAsOf };
}

interface Obligation {
  registration: RegistrationFact;
  kind: RemittanceKind;
  /** The first tax month owed, as the registration set it. */
  firstMonth: Period;
  paid: Set<Period>;
  /** The basis of penalty estimates: the last paid bill's amount due, else (PAYE) the payroll on file's tax. */
  penaltyBasis: Kobo | null;
}

function obligations(registrations: RegistrationFact[], bills: BillFact[]): Obligation[] {
  const result: Obligation[] = [];
  for (const registration of registrations) {
    const own = bills.filter((bill) => bill.corporationId === registration.corporation.id && bill.stateId === registration.state.id);
    const firstMonth = registration.firstTaxMonth < EARLIEST_SUPPORTED_PERIOD ? EARLIEST_SUPPORTED_PERIOD : registration.firstTaxMonth;
    for (const kind of ['paye', 'wht'] as const) {
      const ofKind = own.filter((bill) => bill.type === kind);
      // PAYE is owed by every employer registered with a State IRS, never to the NRS; WHT only
      // where the corporation files WHT bills.
      if (kind === 'paye' && registration.state.collector === 'federal') continue;
      if (kind === 'wht' && ofKind.length === 0) continue;
      const paidBills = ofKind.filter((bill) => bill.status === 'payment_paid').sort((left, right) => left.period.localeCompare(right.period));
      result.push({
        registration,
        kind,
        firstMonth,
        paid: new Set(paidBills.map((bill) => bill.period)),
        penaltyBasis: paidBills.length > 0 ? paidBills[paidBills.length - 1].amountDueKobo : kind === 'paye' && registration.payrollTaxKobo ? registration.payrollTaxKobo : null,
      });
    }
  }
  return result;
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

function lateness(obligation: Obligation, dueDate: IsoDate, today: IsoDate, tables: ReferenceTables) {
  const overdue = today > dueDate;
  return {
    penalty: overdue && obligation.penaltyBasis !== null ? penaltyEstimate(obligation.penaltyBasis, dueDate, today, tables) : null,
    penalty_rule: overdue ? latePenaltyRule(dueDate, today, tables) : null,
  };
}

/** The facts alerts and the calendar are computed from; `tables` are the engine's MPR and holidays (seed by default). */
interface DeadlineFacts {
  registrations: RegistrationFact[];
  bills: BillFact[];
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
function annualReturnObligations(registrations: RegistrationFact[], filings: AnnualReturnFiling[], lastYear: number): AnnualReturnObligation[] {
  const result: AnnualReturnObligation[] = [];
  for (const registration of registrations) {
    // The employer's return goes to the State IRS that collects its PAYE; the NRS collects none.
    if (registration.state.collector === 'federal') continue;
    const firstYear = Math.max(Number(registration.firstTaxMonth.slice(0, 4)), FIRST_ANNUAL_RETURN_YEAR);
    for (let year = firstYear; year <= lastYear; year++) {
      const filed = filings.some((filing) => filing.corporationId === registration.corporation.id && filing.stateId === registration.state.id && filing.year === year);
      result.push({ registration, year, dueDate: annualReturnDueDate(year), filed });
    }
  }
  return result;
}

/** The late-filing penalty so far (NTAA 2025 s.101) in the shape of a penalty estimate: a fixed sum, no basis, no interest. */
export function lateReturnEstimate(dueDate: IsoDate, today: IsoDate): LatePenaltyEstimate {
  const now = lateReturnPenalty(dueDate, today);
  const nextWeek = lateReturnPenalty(dueDate, addDays(today, 7));
  return { basis: naira(0), penalty: naira(now.penalty), interest: naira(0), total: naira(now.penalty), per_extra_week: naira(nextWeek.penalty - now.penalty), mpr_as_of: null };
}

/** The annual return's screen for a corporation, state and year. */
export function annualReturnLink(registration: RegistrationFact, year: number): string {
  const query = new URLSearchParams({ state: registration.state.code, year: String(year) });
  return `/corporations/${registration.corporation.id}/annual-returns?${query.toString()}`;
}

const annualReturnTitle = (year: number) => `Annual return (Form H1) for ${year}`;

function annualReturnLateness(obligation: AnnualReturnObligation, today: IsoDate) {
  return { penalty: lateReturnEstimate(obligation.dueDate, today), penalty_rule: lateReturnPenalty(obligation.dueDate, today).rule };
}

/** Every ended year's unfiled annual return, once PAYE was owed in it. */
function annualReturnAlerts(registrations: RegistrationFact[], filings: AnnualReturnFiling[], today: IsoDate, tables: ReferenceTables): Alert[] {
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
      };
    });
}

/** The annual returns on the calendar: this year's (due next 31 January) when within the window, and every earlier one, filed ('paid') or not. */
function annualReturnEntries(registrations: RegistrationFact[], filings: AnnualReturnFiling[], today: IsoDate, to: IsoDate, tables: ReferenceTables): DeadlineEntry[] {
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
  for (const obligation of obligations(input.registrations, input.bills)) {
    for (let month = obligation.firstMonth; month <= lastCompleted; month = addMonths(month, 1)) {
      if (obligation.paid.has(month)) continue;
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
        message: `${TAX_IN_WORDS[kind]} for ${monthLabel(month)}, due by ${formatDeadline(deadline)}`,
        status: overdue ? 'overdue' : 'due',
        days_left: overdue ? null : daysBetween(today, deadline),
        days_overdue: overdue ? daysBetween(deadline, today) : null,
        // An overdue month has no "pay by" day ahead: only the lateness is said.
        ...(overdue ? NO_SAFE_DAY : safeDay(deadline, tables)),
        ...lateness(obligation, deadline, today, tables),
        pay_link: payLink(kind, registration, month),
      });
    }
  }
  return alerts.sort((left, right) => left.deadline_date.localeCompare(right.deadline_date) || left.corporation.name.localeCompare(right.corporation.name) || left.state.localeCompare(right.state) || left.kind.localeCompare(right.kind));
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
  for (const obligation of obligations(input.registrations, input.bills)) {
    for (let month = obligation.firstMonth; month <= lastMonth; month = addMonths(month, 1)) {
      const deadline = remittanceDueDate(obligation.kind, month, obligation.registration.state.collector);
      const paid = obligation.paid.has(month);
      const overdue = !paid && today > deadline;
      if (!overdue && (deadline < today || deadline > to)) continue;
      const { registration, kind } = obligation;
      entries.push({
        corporation: registration.corporation,
        state: { code: registration.state.code, name: registration.state.name },
        kind,
        tax_month: month,
        title: `${TAX_IN_WORDS[kind]} for ${monthLabel(month)}`,
        deadline_date: deadline,
        ...(overdue ? NO_SAFE_DAY : safeDay(deadline, tables)),
        status: paid ? 'paid' : overdue ? 'overdue' : 'due',
        days_overdue: overdue ? daysBetween(deadline, today) : 0,
        ...(overdue ? lateness(obligation, deadline, today, tables) : { penalty: null, penalty_rule: null }),
      });
    }
  }
  entries.sort((left, right) => left.deadline_date.localeCompare(right.deadline_date) || left.corporation.name.localeCompare(right.corporation.name) || left.state.name.localeCompare(right.state.name) || left.kind.localeCompare(right.kind));
  return { from: today, to, entries };
}
