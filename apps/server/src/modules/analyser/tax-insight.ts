import { PAY_LINK_PARAMS, TAX_MATCH_WINDOW_DAYS, type TaxInsight } from '@levy/contracts';
import type { StatementAnalysis, Transaction } from '@levy/statements';
import { isSameTaxpayerName, subtractKobo, sumKobo, ZERO_KOBO, type Kobo } from '@levy/tax';
import { naira } from './analyser-views';

/** A paid bill of the organisation, as the bills module reports it. */
export interface PaidBill {
  id: string;
  reference: string;
  type: string;
  periodStart: string;
  amountDueKobo: Kobo;
  totalKobo: Kobo;
  paidAt: Date;
}

/** WHT a paid Levy bill withheld from a payee for a month, as the vendors module keeps it. */
export interface WithheldWht {
  name: string;
  taxPayerNumber: string;
  /** YYYY-MM */
  month: string;
  taxKobo: Kobo;
}

/** What Levy's bills already withheld for a vendor the statement pays, over the months it was paid: matched by name. */
function withheldFor(vendor: string, months: readonly string[], withheld: readonly WithheldWht[]): Kobo {
  const inMonths = new Set(months);
  return sumKobo(
    withheld
      .filter((entry) => inMonths.has(entry.month) && isSameTaxpayerName(entry.name, vendor))
      .map((entry) => entry.taxKobo),
  );
}

const DAY_MS = 86_400_000;
const LAGOS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function daysBetween(a: string, b: string): number {
  return Math.round(Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY_MS);
}

/** The Pay Taxes route with the WHT form opened and filled in. */
export function whtFormLink(form: {
  wht_type: string;
  month: string;
  amount: string;
  beneficiary_name: string;
}): string {
  const query = new URLSearchParams({
    [PAY_LINK_PARAMS.type]: 'wht',
    [PAY_LINK_PARAMS.whtType]: form.wht_type,
    [PAY_LINK_PARAMS.month]: form.month,
    [PAY_LINK_PARAMS.amount]: form.amount,
    [PAY_LINK_PARAMS.beneficiary]: form.beneficiary_name,
  });
  return `/bills?${query.toString()}`;
}

/**
 * Debits matched to the organisation's paid tax bills: equal to the bill's total (what the wallet
 * paid) or its amount due, within the window either side of the day it was paid; each bill and
 * each debit matched once, the closest dates first. Then the engine's tax payments that matched
 * no bill, the vendors that may be owed WHT (less what Levy's paid WHT bills already withheld from
 * a payee of the same name in those months), and the VAT charged on bank fees.
 */
export function taxInsightOf(
  statementId: string,
  transactions: readonly Transaction[],
  analysis: StatementAnalysis,
  bills: readonly PaidBill[],
  withheld: readonly WithheldWht[] = [],
): TaxInsight {
  const candidates: Array<{
    transaction: Transaction;
    bill: PaidBill;
    matchedOn: 'total' | 'amount_due';
    daysApart: number;
  }> = [];
  for (const bill of bills) {
    const paidOn = LAGOS_DAY.format(bill.paidAt);
    for (const transaction of transactions) {
      if (transaction.debit === 0) continue;
      const matchedOn =
        transaction.debit === bill.totalKobo ? 'total' : transaction.debit === bill.amountDueKobo ? 'amount_due' : null;
      if (!matchedOn) continue;
      const daysApart = daysBetween(transaction.date, paidOn);
      if (daysApart <= TAX_MATCH_WINDOW_DAYS) candidates.push({ transaction, bill, matchedOn, daysApart });
    }
  }
  candidates.sort(
    (a, b) =>
      a.daysApart - b.daysApart ||
      (a.matchedOn === b.matchedOn ? 0 : a.matchedOn === 'total' ? -1 : 1) ||
      a.transaction.index - b.transaction.index,
  );
  const usedBills = new Set<string>();
  const usedRows = new Set<number>();
  const matches: TaxInsight['bill_matches'] = [];
  for (const candidate of candidates) {
    if (usedBills.has(candidate.bill.id) || usedRows.has(candidate.transaction.index)) continue;
    usedBills.add(candidate.bill.id);
    usedRows.add(candidate.transaction.index);
    const { transaction, bill } = candidate;
    matches.push({
      transaction: {
        index: transaction.index,
        date: transaction.date,
        narration: transaction.narration,
        amount: naira(transaction.debit),
      },
      bill: {
        id: bill.id,
        reference: bill.reference,
        type: bill.type,
        period_start: bill.periodStart,
        amount_due: naira(bill.amountDueKobo),
        total: naira(bill.totalKobo),
        paid_at: bill.paidAt.toISOString(),
      },
      matched_on: candidate.matchedOn,
      days_apart: candidate.daysApart,
    });
  }
  matches.sort((a, b) => a.transaction.index - b.transaction.index);

  return {
    statement_id: statementId,
    window_days: TAX_MATCH_WINDOW_DAYS,
    bill_matches: matches,
    unmatched_tax_payments: analysis.taxPayments.payments
      .filter((payment) => !usedRows.has(payment.index))
      .map((payment) => ({
        index: payment.index,
        date: payment.date,
        amount: naira(payment.amount),
        narration: payment.narration,
      })),
    wht_vendors: analysis.whtCandidates.map((candidate) => {
      const form = {
        wht_type: candidate.whtCode,
        month: candidate.months[candidate.months.length - 1] ?? '',
        amount: naira(candidate.total),
        beneficiary_name: candidate.vendor,
      };
      const paid = withheldFor(candidate.vendor, candidate.months, withheld);
      const outstanding = paid >= candidate.wht ? ZERO_KOBO : subtractKobo(candidate.wht, paid);
      return {
        vendor: candidate.vendor,
        payments: candidate.payments,
        months: candidate.months,
        total: naira(candidate.total),
        wht: naira(candidate.wht),
        wht_withheld_through_levy: naira(paid),
        wht_outstanding: naira(outstanding),
        rate: candidate.rateBps === null ? null : candidate.rateBps / 100,
        wht_type: candidate.whtCode,
        wht_type_source: candidate.whtCodeSource,
        wht_form: form,
        wht_link: whtFormLink(form),
      };
    }),
    bank_charges_vat: naira(analysis.charges.vat),
  };
}
