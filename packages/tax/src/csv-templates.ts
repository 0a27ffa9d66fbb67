import type { Kobo } from './money';

/**
 * The three CSV templates of docs/product.md §3, in exact column order, and the parse messages of
 * docs/product.md §5. The static files under apps/web/public/templates/ carry these header rows.
 */

export const PAYE_TEMPLATE_HEADERS = [
  'tax_payer_number',
  'name',
  'nationality',
  'designation',
  'gross_income',
  'tax_payable',
  'basic_salary',
  'housing',
  'transport',
  'furniture',
  'education',
  'lunch',
  'passage',
  'leave',
  'bonus',
  '13th_month',
  'utility',
  'other_allowances',
] as const;

/**
 * Named columns a payroll may add after the spec's 18, in any order (docs/decisions/0037):
 * where the employee lives (PAYE is owed to that state) and the reliefs they declare. Amounts are
 * monthly naira, except annual_rent, a year's rent.
 */
export const PAYE_RELIEF_HEADERS = [
  'pension',
  'nhf',
  'nhis',
  'life_assurance',
  'mortgage_interest',
  'annual_rent',
] as const;
export const PAYE_OPTIONAL_HEADERS = ['state_of_residence', ...PAYE_RELIEF_HEADERS] as const;
export type PayeReliefHeader = (typeof PAYE_RELIEF_HEADERS)[number];
export type PayeOptionalHeader = (typeof PAYE_OPTIONAL_HEADERS)[number];

/** A row's optional cells that are filled in: relief columns in kobo, state_of_residence as written (trimmed). */
export interface PayeOptionalCells {
  state_of_residence?: string;
  pension?: Kobo;
  nhf?: Kobo;
  nhis?: Kobo;
  life_assurance?: Kobo;
  mortgage_interest?: Kobo;
  annual_rent?: Kobo;
}

/** The reliefs a row declares, only those filled in (a bill keeps them so the annual return can use them). */
export type PayeDeclaredReliefs = Partial<Record<PayeReliefHeader, Kobo>>;

/** A row's declared reliefs without its residence; null when it declares none. */
export function declaredReliefsOf(cells: PayeOptionalCells | undefined): PayeDeclaredReliefs | null {
  if (!cells) return null;
  let declared: PayeDeclaredReliefs | null = null;
  for (const header of PAYE_RELIEF_HEADERS) {
    const amount = cells[header];
    if (amount !== undefined) (declared ??= {})[header] = amount;
  }
  return declared;
}

export const WHT_MANUAL_TEMPLATE_HEADERS = ['tax_payer_number', 'name', 'tax_payable'] as const;

export const WHT_AUTO_TEMPLATE_HEADERS = ['tax_payer_number', 'name', 'amount'] as const;

export type PayeHeader = (typeof PAYE_TEMPLATE_HEADERS)[number];
export type WhtManualHeader = (typeof WHT_MANUAL_TEMPLATE_HEADERS)[number];
export type WhtAutoHeader = (typeof WHT_AUTO_TEMPLATE_HEADERS)[number];

/** Where each PAYE column sits in a row of money (`CsvParseSuccess.money`). */
export const PAYE_COLUMN = Object.fromEntries(PAYE_TEMPLATE_HEADERS.map((header, index) => [header, index])) as Record<
  PayeHeader,
  number
>;

/** A payroll row's cells keyed by the template's header names, as typed. */
export type PayeRow = Record<PayeHeader, string>;
/** What a parsed payroll keeps of a row as text: who the employee is. Its money is read into kobo (`CsvParseSuccess.money`). */
export type PayeRecord = Pick<PayeRow, 'tax_payer_number' | 'name' | 'nationality' | 'designation'>;
/** One data row keyed by the template's header names; cells trimmed. */
export type WhtManualRecord = Record<WhtManualHeader, string>;
export type WhtAutoRecord = Record<WhtAutoHeader, string>;

/** The amount column summed into amount_due (docs/product.md §5: PAYE index 5, WHT index 2). */
export const PAYE_AMOUNT_COLUMN_INDEX = 5;
export const WHT_AMOUNT_COLUMN_INDEX = 2;

/** PAYE money columns other than the amount: gross_income and the allowance columns. */
export const PAYE_INCOME_HEADERS = [
  'gross_income',
  'basic_salary',
  'housing',
  'transport',
  'furniture',
  'education',
  'lunch',
  'passage',
  'leave',
  'bonus',
  '13th_month',
  'utility',
  'other_allowances',
] as const satisfies readonly PayeHeader[];

/** The exact file-level messages of docs/product.md §5. */
export const CSV_MESSAGES = {
  invalidDocument: 'The selected document is invalid',
  templateMismatch: 'Please ensure your file matches the template format provided.',
  headersMismatch: 'Please ensure your file headers matches the template format provided.',
  empty: 'Please ensure your file is not empty.',
  columnData: 'Please ensure your file columns data matches the template format provided.',
} as const;

export type CsvMessage = (typeof CSV_MESSAGES)[keyof typeof CSV_MESSAGES];

/** Static template paths (docs/product.md §3), served by the web app; `payeWithReliefs` adds the optional columns. */
export const CSV_TEMPLATE_PATHS = {
  paye: '/templates/payroll_template.csv',
  payeWithReliefs: '/templates/payroll_template_with_reliefs.csv',
  whtAuto: '/templates/wht_template_auto.csv',
  whtManual: '/templates/wht_template_manual.csv',
} as const;
