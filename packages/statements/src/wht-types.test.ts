import { asKobo, computeWht, type IsoDate } from '@levy/tax';
import { describe, expect, it } from 'vitest';
import { analyseStatement, whtTypeOfNarration } from './analyse-statement';
import { categoriseNarration, extractCounterparty } from './category-rules';
import type { Transaction } from './transaction';

function debits(lines: Array<{ date: IsoDate; narration: string; amount: number }>): Transaction[] {
  return lines.map((line, index) => {
    const { category, chargeKind } = categoriseNarration(line.narration, 'debit');
    return {
      index,
      date: line.date,
      valueDate: null,
      narration: line.narration,
      reference: null,
      debit: asKobo(line.amount),
      credit: asKobo(0),
      balance: null,
      channel: null,
      counterparty: extractCounterparty(line.narration),
      category,
      chargeKind,
      page: 1,
      y: index,
    };
  });
}

const wht = (code: 'rent' | 'professional_fees' | 'other_services', period: string, amount: number) =>
  computeWht({ period, code, payeeKind: 'company', resident: true, hasTaxId: true, amount: asKobo(amount) }).tax;

describe('the WHT type of a vendor’s payments', () => {
  it('reads the type where the narration says it', () => {
    expect(whtTypeOfNarration('NIP TRANSFER TO HAVEN ESTATES LTD/OFFICE RENT Q1')).toBe('rent');
    expect(whtTypeOfNarration('TRF TO OKON & PARTNERS/legal fees invoice 14')).toBe('professional_fees');
    expect(whtTypeOfNarration('NIP TO ZEE AGENCY/SALES COMMISSION MAR')).toBe('professional_fees');
    expect(whtTypeOfNarration('TRANSFER TO DANGOTE SUPPLIES LTD/CEMENT SUPPLY')).toBe('supply_of_goods');
    expect(whtTypeOfNarration('TRANSFER TO STANBIC NOMINEES/DIVIDEND 2025')).toBe('dividend');
    expect(whtTypeOfNarration('NIP TRANSFER TO BRIGHTPATH VENTURES LTD')).toBeNull();
  });

  it("works out each payment's WHT at its own type's rate and names the vendor's type from the narrations", () => {
    const rows = debits([
      { date: '2026-01-05', narration: 'NIP TRANSFER TO HAVEN ESTATES LTD/OFFICE RENT JAN', amount: 100_000_000 },
      { date: '2026-02-05', narration: 'NIP TRANSFER TO HAVEN ESTATES LTD/OFFICE RENT FEB', amount: 100_000_000 },
      { date: '2026-01-20', narration: 'NIP TRANSFER TO OKON & PARTNERS LTD/AUDIT FEES', amount: 40_000_000 },
      { date: '2026-02-20', narration: 'NIP TRANSFER TO OKON & PARTNERS LTD', amount: 10_000_000 },
      { date: '2026-01-11', narration: 'NIP TRANSFER TO BRIGHTPATH VENTURES LTD', amount: 5_000_000 },
      { date: '2026-02-11', narration: 'NIP TRANSFER TO BRIGHTPATH VENTURES LTD', amount: 5_000_000 },
    ]);
    const byVendor = Object.fromEntries(
      analyseStatement(rows).whtCandidates.map((candidate) => [candidate.vendor, candidate]),
    );
    expect(byVendor['HAVEN ESTATES LTD']).toMatchObject({
      whtCode: 'rent',
      whtCodeSource: 'narration',
      rateBps: 1_000,
      wht: wht('rent', '2026-01', 100_000_000) * 2,
    });
    // Fees for most of the money, one payment unnamed: each at its own rate, no single rate shown.
    expect(byVendor['OKON & PARTNERS LTD']).toMatchObject({
      whtCode: 'professional_fees',
      whtCodeSource: 'narration',
      rateBps: null,
      wht: wht('professional_fees', '2026-01', 40_000_000) + wht('other_services', '2026-02', 10_000_000),
    });
    expect(byVendor['BRIGHTPATH VENTURES LTD']).toMatchObject({
      whtCode: 'other_services',
      whtCodeSource: 'assumed',
      rateBps: 200,
    });
  });
});
