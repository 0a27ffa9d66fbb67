import type { IsoDate, Kobo } from '@levy/tax';
import type { Category, ChargeKind } from './category-rules';

/** One statement line, normalised: money in kobo, dates ISO, and where on the source it sat. */
export interface Transaction {
  /** Position in the statement, oldest first, from 0. */
  index: number;
  date: IsoDate;
  valueDate: IsoDate | null;
  narration: string;
  reference: string | null;
  /** 0 when the line is a credit. */
  debit: Kobo;
  /** 0 when the line is a debit. */
  credit: Kobo;
  /** The running balance as printed (negative when overdrawn); null where the bank prints none. */
  balance: Kobo | null;
  channel: string | null;
  counterparty: string | null;
  category: Category;
  chargeKind: ChargeKind | null;
  /** Page (PDF) or sheet (XLSX) the row starts on, from 1. */
  page: number;
  /** Points from the page top (PDF) or the row number (CSV, XLSX). */
  y: number;
}
