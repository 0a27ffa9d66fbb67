import { asKobo, type IsoDate, type Kobo } from '@levy/tax';
import { categoriseNarration, extractCounterparty } from './category-rules';
import { ROUNDING_KOBO } from './check-statement';
import { dayNumberOfIso } from './day-number';
import { parseAmount } from './parse-amount';
import {
  decideSlashOrder,
  parseDateToken,
  resolveDateToken,
  type DateToken,
  type SlashOrder,
  type SlashOrderDecision,
} from './parse-date';
import type { RawRow } from './rebuild-rows';
import type { Transaction } from './transaction';

/** Something the reader decided or noticed about a row that is not a verdict: shown with the row. */
export interface StatementNote {
  message: string;
  /** The transaction it concerns (oldest first, from 0), or null for the whole statement. */
  index: number | null;
  page: number | null;
  y: number | null;
}

/** How the running balance bore out the reading. */
export interface Reconciliation {
  /** Rows with a printed balance and a balance before them to compare. */
  checkedRows: number;
  /** Of those, rows whose amount and direction give their balance exactly. */
  reconciledRows: number;
  /** Rows whose direction the balance decided against their column (or sign-less amounts). */
  directionsFromBalance: number;
  /** Rows whose amount was not found and was taken from the balance's change. */
  amountsFromBalance: number;
  /** True when the two money columns hold the other side from their headings, as the balance shows. */
  swappedColumns: boolean;
  /** Rows printed at the same time but out of balance order, put in the balance's order. */
  reordered: number;
}

export interface NormalisedRows {
  transactions: Transaction[];
  /** 'value' when the statement prints only value dates and the rows are dated by them. */
  dateColumn: 'transaction' | 'value';
  notes: StatementNote[];
  reconciliation: Reconciliation;
  slashOrder: SlashOrderDecision;
  /** True when the statement lists the newest transaction first (the engine reverses it). */
  isNewestFirst: boolean;
  /** Rows dropped, with why, so an extract view can show them. */
  skipped: { page: number; y: number; reason: string }[];
  /** Rows whose direction came from the balance because the amount carried no sign. */
  inferredDirections: number;
  /** Sign-less amounts with no balance on either side to tell: read as credits, and counted. */
  guessedDirections: number;
  printedPeriod: { start: IsoDate; end: IsoDate } | null;
}

function tidy(text: string | undefined): string | null {
  if (text === undefined) return null;
  const tidied = text.replace(/\s+/g, ' ').trim();
  return tidied === '' ? null : tidied;
}

function signedBalance(text: string | undefined): Kobo | null {
  if (text === undefined) return null;
  const parsed = parseAmount(text);
  if (!parsed) return null;
  // A balance marked DR is overdrawn; unmarked or CR is in credit.
  return asKobo(parsed.marker === 'DR' ? -Math.abs(parsed.kobo) : parsed.kobo);
}

type Direction = 'debit' | 'credit' | 'unknown';

function readMoney(
  fields: RawRow['fields'],
): { debit: number; credit: number; direction: Direction; amount: number; isTwoColumn: boolean } | null {
  const debit = fields.debit === undefined ? null : parseAmount(fields.debit);
  const credit = fields.credit === undefined ? null : parseAmount(fields.credit);
  if (debit || credit) {
    const debitKobo = debit ? Math.abs(debit.kobo) : 0;
    const creditKobo = credit ? Math.abs(credit.kobo) : 0;
    return {
      debit: debitKobo,
      credit: creditKobo,
      direction: debitKobo > 0 ? 'debit' : 'credit',
      amount: debitKobo || creditKobo,
      isTwoColumn: true,
    };
  }
  const amount = fields.amount === undefined ? null : parseAmount(fields.amount);
  if (!amount) return null;
  const size = Math.abs(amount.kobo);
  let direction: Direction = 'unknown';
  if (amount.kobo < 0 || amount.marker === 'DR') direction = 'debit';
  else if (amount.marker === 'CR' || /^\s*\+/.test(fields.amount ?? '')) direction = 'credit';
  else if (fields.type !== undefined) {
    const type = fields.type.trim().toUpperCase();
    if (/^(?:D|DR|DEBIT|WITHDRAWAL|OUT|-)/.test(type)) direction = 'debit';
    else if (/^(?:C|CR|CREDIT|DEPOSIT|IN|\+)/.test(type)) direction = 'credit';
  }
  return {
    debit: direction === 'debit' ? size : 0,
    credit: direction === 'credit' ? size : 0,
    direction,
    amount: size,
    isTwoColumn: false,
  };
}

interface Draft {
  row: RawRow;
  date: IsoDate;
  /** The date cell as printed (with its time): rows printed at the same second share it. */
  dateText: string;
  valueDate: IsoDate | null;
  debit: number;
  credit: number;
  amount: number;
  direction: Direction;
  /** Read from a debit and a credit column (not one signed amount). */
  isTwoColumn: boolean;
  balance: number | null;
  notes: string[];
}

function countChainBreaks(rows: readonly { debit: number; credit: number; balance: number | null }[]): number {
  let breaks = 0;
  for (let index = 1; index < rows.length; index++) {
    const previous = rows[index - 1].balance;
    const current = rows[index];
    if (previous === null || current.balance === null) continue;
    if (previous - current.debit + current.credit !== current.balance) breaks++;
  }
  return breaks;
}

/** Rows whose debit and credit, read one way or swapped, give their balance from the one before. */
function countReconciled(drafts: readonly Draft[], opening: number | null, swapped: boolean): number {
  let reconciled = 0;
  let previous = opening;
  for (const draft of drafts) {
    if (previous !== null && draft.balance !== null) {
      const [debit, credit] = swapped && draft.isTwoColumn ? [draft.credit, draft.debit] : [draft.debit, draft.credit];
      if (previous - debit + credit === draft.balance) reconciled++;
    }
    if (draft.balance !== null) previous = draft.balance;
  }
  return reconciled;
}

/** The balance's change fits the row's amount, whatever the direction. */
function fitsChain(previous: number, draft: Draft): boolean {
  return draft.balance !== null && Math.abs(draft.balance - previous) === draft.amount;
}

function setDirection(draft: Draft, direction: 'debit' | 'credit'): void {
  draft.direction = direction;
  draft.debit = direction === 'debit' ? draft.amount : 0;
  draft.credit = direction === 'credit' ? draft.amount : 0;
}

function formatKobo(kobo: number): string {
  const whole = Math.floor(Math.abs(kobo) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `₦${whole}.${String(Math.abs(kobo) % 100).padStart(2, '0')}`;
}

/**
 * The running balance as the arbiter of each row. First the reading of the two money columns
 * the balance bears out best (as headed, or the other way round); then rows printed at the same
 * second but out of balance order are put in its order; then each row: where the balance's change
 * is the row's amount the other way, the balance gives the direction; where no amount was found,
 * the balance's change gives it. A change that is not the amount either way is left as a break.
 */
function arbitrate(
  drafts: Draft[],
  opening: number | null,
  headings: { debit: string | null; credit: string | null },
): Reconciliation {
  const reconciliation: Reconciliation = {
    checkedRows: 0,
    reconciledRows: 0,
    directionsFromBalance: 0,
    amountsFromBalance: 0,
    swappedColumns: false,
    reordered: 0,
  };
  if (
    drafts.some((draft) => draft.isTwoColumn) &&
    countReconciled(drafts, opening, true) > countReconciled(drafts, opening, false)
  ) {
    reconciliation.swappedColumns = true;
    for (const draft of drafts) {
      if (draft.isTwoColumn && draft.direction !== 'unknown')
        setDirection(draft, draft.direction === 'debit' ? 'credit' : 'debit');
    }
  }
  let previous = opening;
  for (let index = 0; index < drafts.length; index++) {
    const draft = drafts[index];
    const next = drafts[index + 1];
    if (
      previous !== null &&
      draft.balance !== null &&
      next &&
      next.balance !== null &&
      next.dateText === draft.dateText &&
      !fitsChain(previous, draft) &&
      fitsChain(previous, next) &&
      fitsChain(next.balance, draft)
    ) {
      drafts[index] = next;
      drafts[index + 1] = draft;
      next.notes.push(
        `Printed after a transaction of the same time but before it in the running balance: read in the balance's order`,
      );
      reconciliation.reordered++;
      index--;
      continue;
    }
    if (previous !== null && draft.balance !== null) {
      const change = draft.balance - previous;
      if (draft.amount === 0 && change !== 0) {
        draft.amount = Math.abs(change);
        setDirection(draft, change < 0 ? 'debit' : 'credit');
        draft.notes.push(
          `No amount was found on this row: the running balance's change gives a ${draft.direction} of ${formatKobo(draft.amount)}`,
        );
        reconciliation.amountsFromBalance++;
      } else if (draft.direction === 'unknown' && Math.abs(change) === draft.amount && change !== 0) {
        setDirection(draft, change < 0 ? 'debit' : 'credit');
        reconciliation.directionsFromBalance++;
      } else if (draft.direction !== 'unknown' && change === -(draft.credit - draft.debit) && change !== 0) {
        const column = draft.direction === 'debit' ? headings.debit : headings.credit;
        setDirection(draft, change < 0 ? 'debit' : 'credit');
        draft.notes.push(
          `Printed as a ${draft.direction === 'debit' ? 'credit' : 'debit'}${column ? ` (under "${column}")` : ''}, but the running balance ` +
            `${change < 0 ? 'falls' : 'rises'} by it: read as a ${draft.direction}, as the balance shows`,
        );
        reconciliation.directionsFromBalance++;
      }
      reconciliation.checkedRows++;
      if (Math.abs(previous - draft.debit + draft.credit - draft.balance) <= ROUNDING_KOBO)
        reconciliation.reconciledRows++;
    }
    if (draft.balance !== null) previous = draft.balance;
    else if (previous !== null) previous = previous - draft.debit + draft.credit;
  }
  return reconciliation;
}

/**
 * Turns rebuilt rows into transactions: decides DD/MM against MM/DD for the whole statement,
 * reads amounts in kobo (splitting a signed or DR/CR-marked single column), puts newest-first
 * statements in date order, lets the running balance arbitrate each row's amount and direction
 * (see `arbitrate`), and categorises each narration.
 */
export function normaliseRows(
  rows: readonly RawRow[],
  printedPeriod: { start: DateToken | null; end: DateToken | null },
  layoutHint: SlashOrder | null,
  openingBalance: Kobo | null,
  headings: { debit: string | null; credit: string | null } = { debit: null, credit: null },
): NormalisedRows {
  const skipped: NormalisedRows['skipped'] = [];
  const dateTokens: DateToken[] = [];
  const parsed: {
    row: RawRow;
    date: DateToken;
    dateText: string;
    valueDate: DateToken | null;
    byValueDate: boolean;
  }[] = [];
  for (const row of rows) {
    const transactionDate = row.fields.date === undefined ? null : parseDateToken(row.fields.date);
    const valueDate = row.fields.valueDate === undefined ? null : parseDateToken(row.fields.valueDate);
    const date = transactionDate ?? valueDate;
    if (!date) {
      skipped.push({ page: row.page, y: row.y, reason: 'no date' });
      continue;
    }
    dateTokens.push(date);
    if (transactionDate && valueDate) dateTokens.push(valueDate);
    const dateText = (transactionDate ? row.fields.date : row.fields.valueDate) ?? '';
    parsed.push({
      row,
      date,
      dateText,
      valueDate: transactionDate ? valueDate : null,
      byValueDate: transactionDate === null,
    });
  }
  const periodTokens = [printedPeriod.start, printedPeriod.end].filter((token): token is DateToken => token !== null);
  const fixedPeriod =
    printedPeriod.start?.kind === 'fixed' && printedPeriod.end?.kind === 'fixed'
      ? { from: printedPeriod.start.iso, to: printedPeriod.end.iso }
      : null;
  const slashOrder = decideSlashOrder([...periodTokens, ...dateTokens], fixedPeriod, layoutHint);
  const order = slashOrder.order;
  const periodStart = printedPeriod.start ? resolveDateToken(printedPeriod.start, order) : null;
  const periodEnd = printedPeriod.end ? resolveDateToken(printedPeriod.end, order) : null;

  let drafts: Draft[] = [];
  let byValueDate = 0;
  for (const { row, date, dateText, valueDate, byValueDate: isByValueDate } of parsed) {
    const iso = resolveDateToken(date, order);
    const balance = signedBalance(row.fields.balance);
    // A row with a balance but no amount found: the balance's change may give it.
    const money =
      readMoney(row.fields) ??
      (balance !== null ? { debit: 0, credit: 0, direction: 'unknown' as const, amount: 0, isTwoColumn: false } : null);
    if (!iso) {
      skipped.push({ page: row.page, y: row.y, reason: 'date impossible under the statement date order' });
      continue;
    }
    if (!money) {
      skipped.push({ page: row.page, y: row.y, reason: 'no amount' });
      continue;
    }
    if (isByValueDate) byValueDate++;
    drafts.push({
      row,
      date: iso,
      dateText,
      valueDate: valueDate ? resolveDateToken(valueDate, order) : null,
      ...money,
      balance,
      notes: [],
    });
  }
  const dateColumn = drafts.length > 0 && byValueDate === drafts.length ? 'value' : 'transaction';
  const statementNotes: StatementNote[] = [];
  if (dateColumn === 'value') {
    statementNotes.push({
      message: 'The statement prints only value dates: rows are dated by their value date',
      index: null,
      page: null,
      y: null,
    });
  }
  for (const draft of drafts) {
    if (dateColumn === 'transaction' && draft.valueDate === null && draft.row.fields.date === undefined)
      draft.notes.push('No transaction date on this row: dated by its value date');
  }

  // Newest first? Dates say so when they differ; on a one-day statement the balance chain does.
  let isNewestFirst = false;
  if (drafts.length > 1) {
    const first = dayNumberOfIso(drafts[0].date);
    const last = dayNumberOfIso(drafts[drafts.length - 1].date);
    if (first > last) isNewestFirst = true;
    else if (first === last && drafts.every((draft) => draft.direction !== 'unknown')) {
      isNewestFirst = countChainBreaks([...drafts].reverse()) < countChainBreaks(drafts);
    }
  }
  if (isNewestFirst) drafts = drafts.reverse();

  const reconciliation = arbitrate(drafts, openingBalance, headings);
  if (reconciliation.swappedColumns) {
    const named =
      headings.debit && headings.credit ? `"${headings.debit}" and "${headings.credit}"` : 'debit and credit';
    statementNotes.push({
      message: `The running balance shows the columns ${named} the other way round: read as the balance shows`,
      index: null,
      page: null,
      y: null,
    });
  }

  // Sign-less amounts the balance could not tell: taken as credits, and counted when no balance was there to ask.
  let guessedDirections = 0;
  let previousBalance: number | null = openingBalance;
  for (const draft of drafts) {
    if (draft.direction === 'unknown') {
      if (previousBalance === null || draft.balance === null) guessedDirections++;
      setDirection(
        draft,
        previousBalance !== null && draft.balance !== null && previousBalance - draft.amount === draft.balance
          ? 'debit'
          : 'credit',
      );
    }
    if (draft.balance !== null) previousBalance = draft.balance;
  }

  const notes: StatementNote[] = [...statementNotes];
  const transactions: Transaction[] = drafts.map((draft, index) => {
    const narration = tidy(draft.row.fields.narration) ?? '';
    const direction = draft.debit > 0 || (draft.credit === 0 && draft.direction === 'debit') ? 'debit' : 'credit';
    const { category, chargeKind } = categoriseNarration(narration, direction);
    const y = Math.round(draft.row.y * 10) / 10;
    for (const message of draft.notes) notes.push({ message, index, page: draft.row.page, y });
    return {
      index,
      date: draft.date,
      valueDate: draft.valueDate,
      narration,
      reference: tidy(draft.row.fields.reference),
      debit: asKobo(draft.debit),
      credit: asKobo(draft.credit),
      balance: draft.balance === null ? null : asKobo(draft.balance),
      channel: tidy(draft.row.fields.channel),
      counterparty: tidy(draft.row.fields.counterparty)?.toUpperCase() ?? extractCounterparty(narration),
      category,
      chargeKind,
      page: draft.row.page,
      y,
    };
  });
  return {
    transactions,
    dateColumn,
    notes,
    reconciliation,
    slashOrder,
    isNewestFirst,
    skipped,
    inferredDirections: reconciliation.directionsFromBalance + guessedDirections,
    guessedDirections,
    printedPeriod: periodStart && periodEnd ? { start: periodStart, end: periodEnd } : null,
  };
}
