import type { Dated } from './dated';
import { naira, type Kobo } from './money';

export type BillType = 'paye' | 'wht';

export const BILL_TYPES: readonly BillType[] = ['paye', 'wht'];

export interface BillFeeRule {
  /** Flat fee per bill. */
  readonly base: Kobo;
  /** Added per recipient (employee or payee) on the bill. */
  readonly perRecipient: Kobo;
  /** The fee (before VAT) never exceeds this. */
  readonly cap: Kobo;
}

export interface ChargeSchedule {
  readonly fees: Readonly<Record<BillType, BillFeeRule>>;
  /** VAT on the fee, in basis points. */
  readonly vatRateBps: number;
}

/**
 * Levy's bill charge (docs/product.md "Bills": base + per recipient × count, capped, plus
 * VAT on the fee). The amounts are a product decision (docs/decisions/0103); VAT at 7.5% is
 * the VAT Act rate as amended by the Finance Act 2019 and kept by NTA 2025. A new price is a
 * new row with its start date, never an edit of a past row.
 */
export const CHARGE_SCHEDULE_TABLE: readonly Dated<ChargeSchedule>[] = [
  {
    from: '2025-01-01',
    source: 'Levy pricing decision 0103; VAT 7.5% (Finance Act 2019, NTA 2025)',
    value: {
      fees: {
        paye: { base: naira(500), perRecipient: naira(50), cap: naira(20_000) },
        wht: { base: naira(300), perRecipient: naira(30), cap: naira(15_000) },
      },
      vatRateBps: 750,
    },
  },
];

/** The charge schedule the engine reads: the seed here, or the server's seed merged with staff rows (decision 0025). */
export interface ChargeTable {
  readonly chargeSchedule: readonly Dated<ChargeSchedule>[];
}

export const SEED_CHARGE_TABLE: ChargeTable = { chargeSchedule: CHARGE_SCHEDULE_TABLE };
