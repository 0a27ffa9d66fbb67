import { asKobo, type IsoDate, type Kobo } from '@levy/tax';
import { categoriseNarration, extractCounterparty } from './category-rules';
import { dayNumberOfIso } from './day-number';
import { parseAmount } from './parse-amount';
import { decideSlashOrder, parseDateToken, resolveDateToken, type DateToken, type SlashOrder, type SlashOrderDecision } from './parse-date';
import type { RawRow } from './rebuild-rows';
import type { Transaction } from './transaction';

export interface NormalisedRows {
  transactions: Transaction[];
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

function readMoney(fields: RawRow['fields']): { debit: number; credit: number; direction: Direction; amount: number } | null {
  const debit = fields.debit === undefined ? null : parseAmount(fields.debit);
  const credit = fields.credit === undefined ? null : parseAmount(fields.credit);
  if (debit || credit) {
    const debitKobo = debit ? Math.abs(debit.kobo) : 0;
    const creditKobo = credit ? Math.abs(credit.kobo) : 0;
    return { debit: debitKobo, credit: creditKobo, direction: debitKobo > 0 ? 'debit' : 'credit', amount: debitKobo || creditKobo };
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
  };
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

/**
 * Turns rebuilt rows into transactions: decides DD/MM against MM/DD for the whole statement,
 * reads amounts in kobo (splitting a signed or DR/CR-marked single column, and taking the
 * direction from the balance where the amount has no sign), puts newest-first statements in
 * date order, and categorises each narration.
 */
export function normaliseRows(
  rows: readonly RawRow[],
  printedPeriod: { start: DateToken | null; end: DateToken | null },
  layoutHint: SlashOrder | null,
  openingBalance: Kobo | null,
): NormalisedRows {
  const skipped: NormalisedRows['skipped'] = [];
  const dateTokens: DateToken[] = [];
  const parsed: { row: RawRow; date: DateToken; valueDate: DateToken | null }[] = [];
  for (const row of rows) {
    const dateText = row.fields.date ?? row.fields.valueDate;
    const date = dateText === undefined ? null : parseDateToken(dateText);
    if (!date) {
      skipped.push({ page: row.page, y: row.y, reason: 'no date' });
      continue;
    }
    const valueDate = row.fields.date !== undefined && row.fields.valueDate !== undefined ? parseDateToken(row.fields.valueDate) : null;
    dateTokens.push(date);
    if (valueDate) dateTokens.push(valueDate);
    parsed.push({ row, date, valueDate });
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

  interface Draft {
    row: RawRow;
    date: IsoDate;
    valueDate: IsoDate | null;
    debit: number;
    credit: number;
    amount: number;
    direction: Direction;
    balance: number | null;
  }
  let drafts: Draft[] = [];
  for (const { row, date, valueDate } of parsed) {
    const iso = resolveDateToken(date, order);
    const money = readMoney(row.fields);
    if (!iso) {
      skipped.push({ page: row.page, y: row.y, reason: 'date impossible under the statement date order' });
      continue;
    }
    if (!money) {
      skipped.push({ page: row.page, y: row.y, reason: 'no amount' });
      continue;
    }
    drafts.push({
      row,
      date: iso,
      valueDate: valueDate ? resolveDateToken(valueDate, order) : null,
      ...money,
      balance: signedBalance(row.fields.balance),
    });
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

  // Unsigned single amounts: the balance movement tells debit from credit.
  let inferredDirections = 0;
  let guessedDirections = 0;
  for (let index = 0; index < drafts.length; index++) {
    const draft = drafts[index];
    if (draft.direction !== 'unknown') continue;
    const previous = index > 0 ? drafts[index - 1].balance : openingBalance;
    // Without a balance to compare, a sign-less amount is taken as a credit (and counted).
    let direction: Direction = 'credit';
    if (previous === null || draft.balance === null) guessedDirections++;
    else if (previous - draft.amount === draft.balance) direction = 'debit';
    draft.direction = direction;
    draft.debit = direction === 'debit' ? draft.amount : 0;
    draft.credit = direction === 'credit' ? draft.amount : 0;
    inferredDirections++;
  }

  const transactions: Transaction[] = drafts.map((draft, index) => {
    const narration = tidy(draft.row.fields.narration) ?? '';
    const direction = draft.debit > 0 || (draft.credit === 0 && draft.direction === 'debit') ? 'debit' : 'credit';
    const { category, chargeKind } = categoriseNarration(narration, direction);
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
      y: Math.round(draft.row.y * 10) / 10,
    };
  });
  return {
    transactions,
    slashOrder,
    isNewestFirst,
    skipped,
    inferredDirections,
    guessedDirections,
    printedPeriod: periodStart && periodEnd ? { start: periodStart, end: periodEnd } : null,
  };
}
