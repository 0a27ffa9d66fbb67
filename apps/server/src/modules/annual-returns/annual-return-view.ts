import type { AnnualReturnContent } from '@levy/contracts';
import {
  addMonths,
  ANNUAL_RETURN_INCOME_COLUMNS,
  asKobo,
  koboToNairaString,
  monthName,
  PAYE_RELIEF_HEADERS,
  type AnnualReturn,
  type AnnualReturnDifference,
  type AnnualReturnEmployee,
  type PayeReliefHeader,
  type Period,
} from '@levy/tax';
import { longDate } from '../../http/pdf-text';

export const naira = (kobo: number) => koboToNairaString(asKobo(kobo));

/** '₦1,234.56': the web's and the CSV's words (PDFs write NGN: their fonts have no naira sign). */
export const nairaText = (kobo: number) => `₦${naira(Math.abs(kobo)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/** 'Basic salary', '13th month' */
export const INCOME_COLUMN_LABELS = ANNUAL_RETURN_INCOME_COLUMNS.map((column) => {
  const words = column.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
});

/** 'January to November 2025, March 2025': runs of consecutive months said once. */
export function monthRuns(periods: readonly Period[]): string {
  const runs: Array<[Period, Period]> = [];
  for (const period of [...periods].sort()) {
    const last = runs.at(-1);
    if (last && addMonths(last[1], 1) === period) last[1] = period;
    else runs.push([period, period]);
  }
  return runs
    .map(([from, to]) => (from === to ? monthName(from) : `${monthName(from).split(' ')[0]} to ${monthName(to)}`))
    .join(', ');
}

const RELIEF_WORDS: Record<PayeReliefHeader, string> = {
  pension: 'pension',
  nhf: 'NHF',
  nhis: 'NHIS',
  life_assurance: 'life assurance',
  mortgage_interest: 'mortgage interest',
  annual_rent: 'rent',
};

/** 'NHF, NHIS and rent' */
const wordList = (words: readonly string[]) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/**
 * Which of an employee's reliefs were declared on the year's bills and which took the default:
 * 'Declared: NHIS and rent. Pension at the 8% default of basic, housing and transport. Not declared,
 * so none assumed: NHF, life assurance and mortgage interest.'
 */
export function reliefsBasis(employee: AnnualReturnEmployee): string {
  const declared = employee.declaredReliefMonths ?? {};
  const said = (header: PayeReliefHeader) => {
    const months = declared[header] ?? 0;
    return months < employee.months
      ? `${RELIEF_WORDS[header]} (${months} of ${employee.months} months)`
      : RELIEF_WORDS[header];
  };
  const declaredWords = PAYE_RELIEF_HEADERS.filter((header) => declared[header]).map(said);
  const pensionMonths = declared.pension ?? 0;
  const others = PAYE_RELIEF_HEADERS.filter((header) => header !== 'pension' && !declared[header]).map(
    (header) => RELIEF_WORDS[header],
  );
  return [
    `Declared: ${declaredWords.length > 0 ? wordList(declaredWords) : 'none'}.`,
    pensionMonths === 0
      ? 'Pension at the 8% default of basic, housing and transport.'
      : pensionMonths < employee.months
        ? 'Pension at the 8% default of basic, housing and transport in the other months.'
        : null,
    others.length > 0 ? `Not declared, so none assumed: ${wordList(others)}.` : null,
  ]
    .filter((sentence) => sentence !== null)
    .join(' ');
}

/** A difference between the return and the year's bills, said plainly. */
export function differenceMessage(difference: AnnualReturnDifference): string {
  switch (difference.kind) {
    case 'missing_month':
      return (
        `${monthName(difference.period)}: no paid PAYE bill. The return has no PAYE for that month; pay it (late) or be ready to explain it to ` +
        `the revenue service.`
      );
    case 'month_not_due':
      return `${monthName(difference.period)}: no paid PAYE bill yet. Its PAYE is due by ${longDate(difference.dueDate)}; the return counts it once paid.`;
    case 'supplementary':
      return (
        `${monthName(difference.period)}: a supplementary bill, ${difference.reference}, added ${nairaText(difference.taxKobo)} of PAYE to the ` +
        `month${difference.reason ? ` (${difference.reason})` : ''}. Its rows are counted in the return.`
      );
    case 'declared_tax': {
      const months = monthRuns(difference.periods);
      const direction = difference.differenceKobo < 0 ? 'less' : 'more';
      return (
        `${difference.name} (${difference.taxPayerNumber}): PAYE deducted in ${months} was ${nairaText(difference.declaredKobo)}, ` +
        `${nairaText(difference.differenceKobo)} ${direction} than the law's figure of ${nairaText(difference.expectedKobo)}. ` +
        `The return shows what was deducted.`
      );
    }
    case 'paid_outside_levy':
      return (
        `${monthName(difference.period)}: ${nairaText(difference.taxKobo)} paid outside Levy (agency reference ${difference.reference}). ` +
        `${
          difference.split
            ? "Its payroll file gives each employee's figures."
            : "The month's split per employee is not on record: it counts in the " + "employer's total only."
        }`
      );
    case 'bill_total':
      return (
        `Bill ${difference.reference}: its amount due, ${nairaText(difference.amountDueKobo)}, differs from the sum of its rows, ` +
        `${nairaText(difference.rowsKobo)}.`
      );
  }
}

export function contentView(result: AnnualReturn): AnnualReturnContent {
  return {
    months_owed: result.monthsOwed,
    income_columns: INCOME_COLUMN_LABELS,
    employees: result.employees.map((employee) => ({
      tax_payer_number: employee.taxPayerNumber,
      name: employee.name,
      designation: employee.designation,
      months: employee.months,
      gross: naira(employee.grossKobo),
      incomes: employee.incomesKobo.map(naira),
      pension_relief: naira(employee.reliefs.pension),
      reliefs: {
        pension: naira(employee.reliefs.pension),
        nhf: naira(employee.reliefs.nhf),
        nhis: naira(employee.reliefs.nhis),
        life_assurance: naira(employee.reliefs.lifeAssurance),
        mortgage_interest: naira(employee.reliefs.mortgageInterest),
        rent_relief: naira(employee.reliefs.rentRelief),
        cra: naira(employee.reliefs.cra),
      },
      declared_reliefs: PAYE_RELIEF_HEADERS.flatMap((relief) => {
        const months = employee.declaredReliefMonths?.[relief];
        return months ? [{ relief, months }] : [];
      }),
      reliefs_basis: reliefsBasis(employee),
      total_reliefs: naira(employee.totalReliefsKobo),
      chargeable_income: naira(employee.chargeableIncomeKobo),
      tax_deducted: naira(employee.taxDeductedKobo),
      expected_tax: naira(employee.expectedTaxKobo),
      monthly: employee.monthly.map((month) => ({
        period: month.period,
        gross: naira(month.grossKobo),
        tax: naira(month.taxKobo),
        bills: month.bills,
      })),
    })),
    totals: {
      employees: result.totals.employees,
      gross: naira(result.totals.grossKobo),
      incomes: result.totals.incomesKobo.map(naira),
      total_reliefs: naira(result.totals.totalReliefsKobo),
      tax_deducted: naira(result.totals.taxDeductedKobo),
      expected_tax: naira(result.totals.expectedTaxKobo),
      bills_amount_due: naira(result.totals.billsAmountDueKobo),
    },
    bills: result.bills.map((bill) => ({
      reference: bill.reference,
      period: bill.period,
      supplementary: bill.supplementary,
      amount_due: naira(bill.amountDueKobo),
      paid_outside_levy: bill.paidOutsideLevy ?? false,
    })),
    reconciled: result.reconciled,
    differences: result.differences.map((difference) => ({
      kind: difference.kind,
      period: 'period' in difference ? difference.period : null,
      message: differenceMessage(difference),
    })),
  };
}
