import { deflateRawSync, inflateRawSync } from 'node:zlib';
import {
  analyseStatement,
  type AccountHolder,
  type Category,
  type ChargeKind,
  type SourceLine,
  type Transaction,
} from '@levy/statements';
import { asKobo, type Kobo } from '@levy/tax';
import type { NewTransaction, PageRow, TransactionRow } from './analyser.repo';
import type { CorrectedFields, StoredAnalysis } from './analyser.schema';

/** Rows as the database keeps them ↔ the engine's transactions; corrections; the balance series. */

export function toStoredRow(statementId: string, transaction: Transaction, isCorrected: boolean): NewTransaction {
  return {
    statementId,
    index: transaction.index,
    date: transaction.date,
    valueDate: transaction.valueDate,
    narration: transaction.narration,
    reference: transaction.reference,
    debitKobo: transaction.debit,
    creditKobo: transaction.credit,
    balanceKobo: transaction.balance,
    channel: transaction.channel,
    counterparty: transaction.counterparty,
    category: transaction.category,
    chargeKind: transaction.chargeKind,
    page: transaction.page,
    y: transaction.y,
    isCorrected,
  };
}

/** A stored row as the engine's transaction; `index` renumbers it (rows of several statements together). */
export function toEngineTransaction(row: TransactionRow, index = row.index): Transaction {
  return {
    index,
    date: row.date,
    valueDate: row.valueDate,
    narration: row.narration,
    reference: row.reference,
    debit: row.debitKobo,
    credit: row.creditKobo,
    balance: row.balanceKobo,
    channel: row.channel,
    counterparty: row.counterparty,
    category: row.category as Category,
    chargeKind: row.chargeKind as ChargeKind | null,
    page: row.page,
    y: row.y,
  };
}

/** The fields of a transaction a correction may change, as they are now. */
export function correctableFields(
  transaction: Pick<Transaction, 'category' | 'date' | 'narration' | 'counterparty' | 'debit' | 'credit' | 'balance'>,
): CorrectedFields {
  return {
    category: transaction.category,
    date: transaction.date,
    narration: transaction.narration,
    counterparty: transaction.counterparty,
    debitKobo: transaction.debit,
    creditKobo: transaction.credit,
    balanceKobo: transaction.balance,
  };
}

/** The transaction with a correction's fields applied. */
export function applyCorrection(transaction: Transaction, fields: CorrectedFields): Transaction {
  return {
    ...transaction,
    category: (fields.category as Category | undefined) ?? transaction.category,
    date: fields.date ?? transaction.date,
    narration: fields.narration ?? transaction.narration,
    counterparty: fields.counterparty !== undefined ? fields.counterparty : transaction.counterparty,
    debit: fields.debitKobo ?? transaction.debit,
    credit: fields.creditKobo ?? transaction.credit,
    balance: fields.balanceKobo !== undefined ? fields.balanceKobo : transaction.balance,
  };
}

/** The balance at the end of each day that has a printed balance, in date order. */
export function endOfDayBalances(transactions: readonly Transaction[]): Array<{ date: string; balance: Kobo }> {
  const byDay = new Map<string, Kobo>();
  for (const transaction of transactions)
    if (transaction.balance !== null) byDay.set(transaction.date, transaction.balance);
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, balance]) => ({ date, balance }));
}

/** The engine's analysis of the rows, for their account's holder, with the balance series the charts draw. */
export function analyseRows(transactions: readonly Transaction[], holder: AccountHolder): StoredAnalysis {
  return { engine: analyseStatement(transactions, { holder }), balances: endOfDayBalances(transactions) };
}

export function totalsOf(transactions: readonly Transaction[]): { debits: Kobo; credits: Kobo } {
  let debits = 0;
  let credits = 0;
  for (const transaction of transactions) {
    debits += transaction.debit;
    credits += transaction.credit;
  }
  return { debits: asKobo(debits), credits: asKobo(credits) };
}

/** A line as stored: y, height and its cells as [text, x, width], positions to the hundredth of a point. */
type CompactLine = [number, number, Array<[string, number, number]>];

const hundredths = (value: number) => Math.round(value * 100) / 100;

/** The document's lines grouped by page, each page compact and deflated, for the extract view. */
export function pagesOf(statementId: string, lines: readonly SourceLine[]): PageRow[] {
  const pages = new Map<number, CompactLine[]>();
  for (const line of lines) {
    let page = pages.get(line.page);
    if (!page) {
      page = [];
      pages.set(line.page, page);
    }
    page.push([
      hundredths(line.y),
      hundredths(line.height),
      line.cells.map((cell) => [cell.text, hundredths(cell.x), hundredths(cell.width)]),
    ]);
  }
  return [...pages.entries()].map(([page, compact]) => ({
    statementId,
    page,
    lines: deflateRawSync(JSON.stringify(compact), { level: 1 }),
  }));
}

/** A stored page's lines, as the extract view shows them. */
export function linesOfPage(stored: Buffer): Array<Omit<SourceLine, 'page'>> {
  const compact = JSON.parse(inflateRawSync(stored).toString('utf8')) as CompactLine[];
  return compact.map(([y, height, cells]) => ({
    y,
    height,
    cells: cells.map(([text, x, width]) => ({ text, x, width })),
  }));
}
