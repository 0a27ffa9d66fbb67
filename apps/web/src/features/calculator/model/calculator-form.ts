import {
  nairaAmountProblem,
  type CalculatePaye,
  type CalculateWht,
  type SharedCalculation,
  type SharedPayeInputs,
} from '@levy/contracts';
import {
  applyRate,
  EARLIEST_SUPPORTED_PERIOD,
  formatPeriod,
  koboToNairaString,
  MONTH_NAMES,
  parseNaira,
  PENSION_EMPLOYEE_RATE_BPS,
  regimeForPeriod,
  asKobo,
  sumKobo,
  ZERO_KOBO,
  type Kobo,
  type PayeRegime,
} from '@levy/tax';

/**
 * The calculator's form state and its mapping to and from the API. Amounts are kept as the plain
 * decimal text a person typed ("500000.5"), never as floating-point numbers, and become kobo
 * only through the tax engine's `parseNaira`.
 */

export type Basis = 'monthly' | 'annual';

export interface PayeFormValues {
  year: string;
  /** '1'–'12'. */
  month: string;
  basis: Basis;
  /** When on, gross pay is basic + housing + transport + other allowances. */
  useComponents: boolean;
  gross: string;
  basic: string;
  housing: string;
  transport: string;
  otherAllowances: string;
  /** Empty: the PRA default of 8% of basic + housing + transport (0 without components). */
  pension: string;
  nhf: string;
  nhis: string;
  lifeAssurance: string;
  mortgageInterest: string;
  /** Always a year's rent, whatever the basis. */
  annualRent: string;
}

export type PayeAmountKey = Exclude<keyof PayeFormValues, 'year' | 'month' | 'basis' | 'useComponents'>;

export interface WhtFormValues {
  year: string;
  month: string;
  type: string;
  payeeKind: 'company' | 'individual';
  resident: boolean;
  hasTaxId: boolean;
  amount: string;
}

const FIRST_YEAR = Number(EARLIEST_SUPPORTED_PERIOD.slice(0, 4));

/** Years the engine has rules for, newest first: from 2020 to next year (for planning). */
export function yearOptions(today: Date): string[] {
  const years: string[] = [];
  for (let year = today.getFullYear() + 1; year >= FIRST_YEAR; year -= 1) years.push(String(year));
  return years;
}

export function periodOf(values: { year: string; month: string }): string {
  return formatPeriod(Number(values.year), Number(values.month));
}

/** "January 2026" for a `YYYY-MM` period. */
export function describePeriod(period: string): string {
  const month = Number(period.slice(5, 7));
  return `${MONTH_NAMES[month - 1] ?? ''} ${period.slice(0, 4)}`.trim();
}

/** The regime the month picks (NTA 2025 from January 2026), or null when the month is unsupported. */
export function regimeOf(values: { year: string; month: string }): PayeRegime | null {
  try {
    return regimeForPeriod(periodOf(values));
  } catch {
    return null;
  }
}

export function emptyPayeForm(today: Date): PayeFormValues {
  return {
    year: String(today.getFullYear()),
    month: String(today.getMonth() + 1),
    basis: 'monthly',
    useComponents: false,
    gross: '',
    basic: '',
    housing: '',
    transport: '',
    otherAllowances: '',
    pension: '',
    nhf: '',
    nhis: '',
    lifeAssurance: '',
    mortgageInterest: '',
    annualRent: '',
  };
}

export function emptyWhtForm(today: Date): WhtFormValues {
  return {
    year: String(today.getFullYear()),
    month: String(today.getMonth() + 1),
    type: 'professional_fees',
    payeeKind: 'company',
    resident: true,
    hasTaxId: true,
    amount: '',
  };
}

function koboOf(text: string): Kobo {
  return text.trim() === '' ? ZERO_KOBO : (parseNaira(text) ?? ZERO_KOBO);
}

const COMPONENT_KEYS = ['basic', 'housing', 'transport', 'otherAllowances'] as const;
const PENSIONABLE_KEYS = ['basic', 'housing', 'transport'] as const;

/** Basic + housing + transport + other allowances, on the form's basis. */
export function componentsTotal(values: PayeFormValues): Kobo {
  return sumKobo(COMPONENT_KEYS.map((key) => koboOf(values[key])));
}

/** The gross the calculation uses: the components' total when they are on, else the gross typed. */
export function effectiveGross(values: PayeFormValues): Kobo {
  return values.useComponents ? componentsTotal(values) : koboOf(values.gross);
}

/**
 * PRA 2014 s.4(1): the employee contributes 8% of basic + housing + transport. Shown as the
 * pension field's default while it is empty; null when there are no components to take it from.
 */
export function defaultPensionOf(values: PayeFormValues): Kobo | null {
  if (!values.useComponents) return null;
  const base = sumKobo(PENSIONABLE_KEYS.map((key) => koboOf(values[key])));
  return base > 0 ? applyRate(base, PENSION_EMPLOYEE_RATE_BPS) : null;
}

const PAYE_AMOUNT_KEYS = [
  'gross',
  'basic',
  'housing',
  'transport',
  'otherAllowances',
  'pension',
  'nhf',
  'nhis',
  'lifeAssurance',
  'mortgageInterest',
  'annualRent',
] as const satisfies readonly PayeAmountKey[];

/** True when the form has something to compute: a gross above zero and every amount one the API takes. */
export function canCalculatePaye(values: PayeFormValues): boolean {
  return (
    effectiveGross(values) > 0 &&
    PAYE_AMOUNT_KEYS.every((key) => values[key].trim() === '' || nairaAmountProblem(values[key].trim(), key) === null)
  );
}

/** True when the WHT amount is one the API takes. */
export function canCalculateWht(values: WhtFormValues): boolean {
  return values.amount.trim() !== '' && nairaAmountProblem(values.amount.trim(), 'Amount') === null;
}

/**
 * Amount text → the API's naira string with two decimals, or undefined when empty. Text that is
 * not an amount (negative, a third decimal, too large) goes as typed for the API to refuse: it is
 * never rounded or clipped into a figure the person did not type.
 */
function apiAmount(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const kobo = nairaAmountProblem(trimmed, 'Amount') === null ? parseNaira(trimmed) : null;
  return kobo === null ? trimmed : koboToNairaString(kobo);
}

const DEDUCTIONS: Array<[PayeAmountKey, keyof CalculatePaye]> = [
  ['pension', 'pension'],
  ['nhf', 'nhf'],
  ['nhis', 'nhis'],
  ['lifeAssurance', 'life_assurance'],
  ['mortgageInterest', 'mortgage_interest'],
  ['annualRent', 'annual_rent'],
];

const COMPONENT_FIELDS: Array<[PayeAmountKey, keyof CalculatePaye]> = [
  ['basic', 'basic'],
  ['housing', 'housing'],
  ['transport', 'transport'],
  ['otherAllowances', 'other_allowances'],
];

/** The `calculator/paye` request for the form: the gross on the chosen basis, empty fields left out. */
export function toPayeRequest(values: PayeFormValues): CalculatePaye {
  const gross = values.useComponents ? koboToNairaString(componentsTotal(values)) : apiAmount(values.gross);
  const request: Record<string, string | undefined> = {
    period: periodOf(values),
    [values.basis === 'monthly' ? 'monthly_gross' : 'annual_gross']: gross,
  };
  if (values.useComponents) {
    for (const [key, field] of COMPONENT_FIELDS) request[field] = apiAmount(values[key]);
  }
  for (const [key, field] of DEDUCTIONS) request[field] = apiAmount(values[key]);
  for (const key of Object.keys(request)) if (request[key] === undefined) delete request[key];
  return request as CalculatePaye;
}

/** "500000.00" → "500000", "1234.50" → "1234.5": what a person would type, for the inputs. */
function typedAmount(amount: string | undefined): string {
  if (amount === undefined) return '';
  return amount.replace(/\.00$/, '').replace(/(\.\d)0$/, '$1');
}

/** Form values from shared PAYE inputs; other allowances absorb any pay the components leave out. */
export function payeFormFromShared(shared: SharedPayeInputs, today: Date): PayeFormValues {
  const basis: Basis = shared.monthly_gross !== undefined ? 'monthly' : 'annual';
  const gross = basis === 'monthly' ? shared.monthly_gross : shared.annual_gross;
  const useComponents = [shared.basic, shared.housing, shared.transport, shared.other_allowances].some(
    (value) => value !== undefined,
  );
  const values: PayeFormValues = {
    ...emptyPayeForm(today),
    year: shared.period.slice(0, 4),
    month: String(Number(shared.period.slice(5, 7))),
    basis,
    useComponents,
    gross: typedAmount(gross),
    basic: typedAmount(shared.basic),
    housing: typedAmount(shared.housing),
    transport: typedAmount(shared.transport),
    otherAllowances: typedAmount(shared.other_allowances),
    pension: typedAmount(shared.pension),
    nhf: typedAmount(shared.nhf),
    nhis: typedAmount(shared.nhis),
    lifeAssurance: typedAmount(shared.life_assurance),
    mortgageInterest: typedAmount(shared.mortgage_interest),
    annualRent: typedAmount(shared.annual_rent),
  };
  if (useComponents) {
    const named = koboOf(values.basic) + koboOf(values.housing) + koboOf(values.transport);
    const rest = koboOf(values.gross) - named;
    if (rest > koboOf(values.otherAllowances)) values.otherAllowances = typedAmount(koboToNairaString(asKobo(rest)));
  }
  return values;
}

export function toWhtRequest(values: WhtFormValues): CalculateWht {
  return {
    period: periodOf(values),
    type: values.type,
    payee_kind: values.payeeKind,
    resident: values.resident,
    has_tax_id: values.hasTaxId,
    amount: apiAmount(values.amount) ?? '',
  };
}

export function whtFormFromShared(shared: NonNullable<SharedCalculation['wht']>): WhtFormValues {
  return {
    year: shared.period.slice(0, 4),
    month: String(Number(shared.period.slice(5, 7))),
    type: shared.type,
    payeeKind: shared.payee_kind,
    resident: shared.resident,
    hasTaxId: shared.has_tax_id,
    amount: typedAmount(shared.amount),
  };
}

/** API field → form field, to put INVALID_INPUT messages beside the right input. */
export const PAYE_FIELD_OF_API: Record<string, PayeAmountKey | 'period'> = {
  period: 'period',
  annual_gross: 'gross',
  monthly_gross: 'gross',
  basic: 'basic',
  housing: 'housing',
  transport: 'transport',
  other_allowances: 'otherAllowances',
  pension: 'pension',
  nhf: 'nhf',
  nhis: 'nhis',
  life_assurance: 'lifeAssurance',
  mortgage_interest: 'mortgageInterest',
  annual_rent: 'annualRent',
};

export const WHT_FIELD_OF_API: Record<string, keyof WhtFormValues | 'period'> = {
  period: 'period',
  type: 'type',
  payee_kind: 'payeeKind',
  resident: 'resident',
  has_tax_id: 'hasTaxId',
  amount: 'amount',
};

/** INVALID_INPUT data (API field → message) as form field → message. */
export function formErrorsOf<K extends string>(
  apiErrors: Record<string, string>,
  fieldOf: Record<string, K>,
): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const [field, message] of Object.entries(apiErrors)) {
    const key = fieldOf[field.replace(/^(paye|wht)\./, '')];
    if (key && errors[key] === undefined) errors[key] = message;
  }
  return errors;
}
