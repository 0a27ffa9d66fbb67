import type { IsoDate } from './calendar';
import type { Dated } from './dated';
import { naira, type Kobo } from './money';

/** The product's stable WHT type identifiers (API, CSV, database), docs/tax-rules.md §3. */
export const WHT_CODES = [
  'dividend',
  'interest',
  'royalty',
  'rent',
  'professional_fees',
  'supply_of_goods',
  'telecom_services',
  'other_services',
  'construction_infrastructure',
  'construction_other',
  'brokerage',
  'directors_fees',
  'loss_of_employment',
  'winnings',
] as const;

export type WhtCode = (typeof WHT_CODES)[number];
export type PayeeKind = 'company' | 'individual';

/** Rates in basis points; null where the law sets no deduction for that payee ('—'). */
export interface WhtResidencyRates {
  readonly resident: number | null;
  readonly nonResident: number | null;
}

export interface WhtRateRow {
  readonly code: WhtCode;
  readonly name: string;
  readonly description: string;
  readonly rates: { readonly company: WhtResidencyRates; readonly individual: WhtResidencyRates };
}

export interface WhtRateTable {
  readonly rows: readonly WhtRateRow[];
  /** Rate multiplier when the payee has no Tax ID, for non-passive codes. */
  readonly noTaxIdMultiplier: number;
  /** Small-company relief: no deduction when the payee has a Tax ID and the month's
   * transactions with it are at most this amount; null when the rule does not exist. */
  readonly smallCompanyMonthlyThreshold: Kobo | null;
}

export const WHT_TYPE_NAMES: Readonly<Record<WhtCode, { name: string; description: string }>> = {
  dividend: { name: 'Dividend', description: 'Dividends paid to shareholders' },
  interest: { name: 'Interest', description: 'Interest on loans, deposits and other debt' },
  royalty: { name: 'Royalty', description: 'Royalties for the use of intellectual property' },
  rent: { name: 'Rent', description: 'Rent, hire or lease of property or equipment' },
  professional_fees: {
    name: 'Professional fees',
    description: 'Commission, consultancy, technical, management and professional fees',
  },
  supply_of_goods: {
    name: 'Supply of goods',
    description: 'Supply of goods by a supplier that is not the manufacturer',
  },
  telecom_services: {
    name: 'Telecom services',
    description: 'Co-location and telecommunication tower services',
  },
  other_services: { name: 'Other services', description: 'Services not listed elsewhere' },
  construction_infrastructure: {
    name: 'Construction (infrastructure)',
    description: 'Construction of roads, bridges, buildings and power plants',
  },
  construction_other: { name: 'Construction (other)', description: 'Other construction work' },
  brokerage: { name: 'Brokerage', description: 'Brokerage fees' },
  directors_fees: { name: "Directors' fees", description: 'Fees paid to company directors' },
  loss_of_employment: {
    name: 'Loss of employment',
    description: 'Compensation for loss of employment',
  },
  winnings: { name: 'Winnings', description: 'Lottery, gaming and reality-show winnings' },
};

function row(
  code: WhtCode,
  companyResident: number | null,
  companyNonResident: number | null,
  individualResident: number | null,
  individualNonResident: number | null,
): WhtRateRow {
  return {
    code,
    ...WHT_TYPE_NAMES[code],
    rates: {
      company: { resident: companyResident, nonResident: companyNonResident },
      individual: { resident: individualResident, nonResident: individualNonResident },
    },
  };
}

// Deduction of Tax at Source (Withholding) Regulations 2024 (S.I. 34), First Schedule, in force
// 1 January 2025 (docs/tax-rules.md §3). Columns: company resident / non-resident, individual
// resident / non-resident, in basis points.
const WHTR_2024_ROWS: readonly WhtRateRow[] = [
  row('dividend', 1_000, 1_000, 1_000, 1_000),
  row('interest', 1_000, 1_000, 1_000, 1_000),
  row('royalty', 1_000, 1_000, 500, 500),
  row('rent', 1_000, 1_000, 1_000, 1_000),
  row('professional_fees', 500, 1_000, 500, 1_000),
  row('supply_of_goods', 200, null, 200, null),
  row('telecom_services', 200, 500, 200, 500),
  row('other_services', 200, 500, 200, 500),
  row('construction_infrastructure', 200, 500, 200, 500),
  row('construction_other', 500, 1_000, 500, 1_000),
  row('brokerage', 500, 1_000, 500, 1_000),
  row('directors_fees', null, null, 1_500, 2_000),
  row('loss_of_employment', null, null, 1_000, 1_000),
  row('winnings', null, null, 500, 1_500),
];

// Before 2025: the CITA/PITA withholding regulations of 1997 as summarised by PwC; individual
// rates per docs/tax-rules.md §3 last paragraph (royalty, commission, consultancy, management 5%;
// dividend, interest, rent, directors' fees 10%; construction 5%; other contracts 5%). Company
// rates from the same regulations (commission/consultancy/management 10%, construction of
// roads, bridges, buildings, power plants 2.5%, contracts of supply 5%). The old schedule did not
// distinguish residency, so both columns carry the same rate; it had no rows for compensation
// for loss of employment or winnings, so those codes do not exist before 2025.
const WHT_1997_ROWS: readonly WhtRateRow[] = [
  row('dividend', 1_000, 1_000, 1_000, 1_000),
  row('interest', 1_000, 1_000, 1_000, 1_000),
  row('royalty', 1_000, 1_000, 500, 500),
  row('rent', 1_000, 1_000, 1_000, 1_000),
  row('professional_fees', 1_000, 1_000, 500, 500),
  row('supply_of_goods', 500, 500, 500, 500),
  row('telecom_services', 500, 500, 500, 500),
  row('other_services', 500, 500, 500, 500),
  row('construction_infrastructure', 250, 250, 500, 500),
  row('construction_other', 500, 500, 500, 500),
  row('brokerage', 1_000, 1_000, 500, 500),
  row('directors_fees', null, null, 1_000, 1_000),
];

export const WHT_RATE_TABLE: readonly Dated<WhtRateTable>[] = [
  {
    from: '2020-01-01',
    source: 'CITA/PITA (Deduction at Source) Regulations 1997; docs/tax-rules.md §3 last paragraph',
    value: { rows: WHT_1997_ROWS, noTaxIdMultiplier: 1, smallCompanyMonthlyThreshold: null },
  },
  {
    from: '2025-01-01',
    source: 'Deduction of Tax at Source (Withholding) Regulations 2024 (S.I. 34), First Schedule',
    // WHTR 2024: twice the rate for goods, services and non-passive income when the recipient has
    // no Tax ID; small companies need not deduct up to ₦2,000,000 a month from payees with one.
    value: { rows: WHTR_2024_ROWS, noTaxIdMultiplier: 2, smallCompanyMonthlyThreshold: naira(2_000_000) },
  },
];

/**
 * Passive income (product decision, docs/decisions/0102): investment returns whose rate does
 * not double without a Tax ID. Every other code is goods, services or non-passive income.
 */
export const WHT_PASSIVE_CODES: ReadonlySet<WhtCode> = new Set<WhtCode>(['dividend', 'interest', 'rent', 'royalty']);

/** The dated WHT schedule the engine reads: the seed above, or the seed merged with staff rows. */
export interface WhtRateTables {
  readonly whtRates: readonly Dated<WhtRateTable>[];
}

export const SEED_WHT_TABLES: WhtRateTables = { whtRates: WHT_RATE_TABLE };

/**
 * One cell of the schedule a staff row sets (decision 0025): the rate for one WHT type, kind of
 * payee and residency, in basis points, from the first day of a month.
 */
export interface WhtRateCell {
  readonly code: WhtCode;
  readonly payeeKind: PayeeKind;
  readonly resident: boolean;
  readonly rateBps: number;
}

function withCell(table: WhtRateTable, cell: WhtRateCell): WhtRateTable {
  const residency = cell.resident ? 'resident' : 'nonResident';
  // A type the schedule had no row for (loss of employment before 2025) gets one, blank elsewhere.
  const existing =
    table.rows.find((candidate) => candidate.code === cell.code) ?? row(cell.code, null, null, null, null);
  const changed: WhtRateRow = {
    ...existing,
    rates: { ...existing.rates, [cell.payeeKind]: { ...existing.rates[cell.payeeKind], [residency]: cell.rateBps } },
  };
  const rows = table.rows.some((candidate) => candidate.code === cell.code)
    ? table.rows.map((candidate) => (candidate.code === cell.code ? changed : candidate))
    : [...table.rows, changed];
  return { ...table, rows };
}

/**
 * The seed schedules merged with staff cells, as one dated table. A cell holds from its row's
 * date until a later row sets it again or a later seed schedule replaces the whole table; rows of
 * one date apply in the order given, so a later one for the same cell wins. A staff row before the
 * first seed schedule has nothing to change and is ignored (the service refuses such rows).
 */
export function mergeWhtRates(
  seed: readonly Dated<WhtRateTable>[],
  staff: readonly Dated<WhtRateCell>[],
): Dated<WhtRateTable>[] {
  const dates = [...new Set<IsoDate>([...seed.map((entry) => entry.from), ...staff.map((entry) => entry.from)])].sort();
  const merged: Dated<WhtRateTable>[] = [];
  let current: Dated<WhtRateTable> | undefined;
  for (const date of dates) {
    const schedule = seed.find((entry) => entry.from === date);
    if (schedule) current = schedule;
    const cells = staff.filter((entry) => entry.from === date);
    if (!current) continue;
    if (cells.length > 0) {
      current = {
        from: date,
        source: cells.map((cell) => cell.source).join('; '),
        value: cells.reduce((table, cell) => withCell(table, cell.value), current.value),
      };
    }
    merged.push(current);
  }
  return merged;
}
