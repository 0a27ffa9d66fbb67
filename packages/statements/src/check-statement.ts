import { asKobo, formatNaira, isValidNuban, type IsoDate, type Kobo } from '@levy/tax';
import type { SlashOrderDecision } from './parse-date';
import type { PdfMetadata } from './source-document';
import type { Transaction } from './transaction';

export type CheckId =
  | 'balance_chain'
  | 'opening_closing'
  | 'printed_totals'
  | 'date_order'
  | 'duplicates'
  | 'period_coverage'
  | 'date_format'
  | 'nuban'
  | 'pdf_metadata'
  | 'page_numbers'
  | 'amount_direction'
  | 'account_number';

export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skipped';

export interface StatementCheck {
  id: CheckId;
  status: CheckStatus;
  message: string;
  details?: Record<string, unknown>;
}

export type Verdict = 'consistent' | 'suspicious' | 'inconsistent';

export interface CheckInput {
  transactions: readonly Transaction[];
  printed: {
    openingBalance: Kobo | null;
    closingBalance: Kobo | null;
    totalDebits: Kobo | null;
    totalCredits: Kobo | null;
  };
  printedPeriod: { start: IsoDate; end: IsoDate } | null;
  accountNumber: string | null;
  nubanBankCode: string | null;
  bankName: string | null;
  slashOrder: SlashOrderDecision;
  metadata: PdfMetadata | null;
  pageCount: number;
  pageNumbers: readonly { page: number; printed: number; of: number }[];
  /** Sign-less amounts whose direction no balance could tell (read as credits). */
  guessedDirections: number;
  /** The rows are dated by value dates, which banks do not print in order. */
  isByValueDate?: boolean;
  /**
   * Breaks in the running balance that are how the bank prints, not edits: by row index, the
   * difference (printed − expected balance) the pattern accounts for and the pattern in words.
   */
  printingPatterns?: ReadonlyMap<number, { difference: number; pattern: string }>;
}

/** A break in the running balance this small is the bank's rounding, noted with its row, not a failure. */
export const ROUNDING_KOBO = 1;

/** Producers of PDF editors and converters: a bank's e-statement is written by its own system. */
export const EDITING_PRODUCERS: readonly RegExp[] = [
  /ilovepdf/i,
  /smallpdf/i,
  /sejda/i,
  /pdfescape/i,
  /pdf-?xchange/i,
  /foxit\s*(?:phantom|editor)/i,
  /nitro/i,
  /\bcanva\b/i,
  /microsoft.*word/i,
  /libreoffice/i,
  /openoffice/i,
  /wps\s*office/i,
  /pdfelement|wondershare/i,
  /acrobat\s+pro/i,
  /photoshop/i,
  /inkscape/i,
  /\bgimp\b/i,
  /pdffiller/i,
  /dochub/i,
  /soda\s*pdf/i,
  /pdf\s*candy/i,
  /google\s*docs/i,
  /mac\s*os.*quartz/i,
];

// An e-statement is written once; a modification date later than this after creation means
// someone saved the file again.
const MODIFIED_AFTER_MS = 60 * 60 * 1000;

function describeRow(transaction: Transaction): string {
  return `${transaction.date} (page ${transaction.page})`;
}

/** Row by row: previous balance − debit + credit = balance. Reports the first break. */
function checkBalanceChain(input: CheckInput): StatementCheck {
  const rows = input.transactions;
  if (!rows.some((row) => row.balance !== null)) {
    return { id: 'balance_chain', status: 'skipped', message: 'The statement prints no running balance to check' };
  }
  let previous: number | null = input.printed.openingBalance;
  const breaks: { index: number; date: IsoDate; page: number; y: number; expected: number; printed: number }[] = [];
  const roundings: { index: number; expected: number; printed: number }[] = [];
  const patterns: { index: number; difference: number; pattern: string }[] = [];
  for (const row of rows) {
    const expected = previous === null ? null : previous - row.debit + row.credit;
    if (row.balance !== null) {
      if (expected !== null && Math.abs(expected - row.balance) <= ROUNDING_KOBO && expected !== row.balance) {
        roundings.push({ index: row.index, expected, printed: row.balance });
      } else if (expected !== null && expected !== row.balance) {
        const pattern = input.printingPatterns?.get(row.index);
        if (pattern && pattern.difference === row.balance - expected)
          patterns.push({ index: row.index, difference: pattern.difference, pattern: pattern.pattern });
        else
          breaks.push({ index: row.index, date: row.date, page: row.page, y: row.y, expected, printed: row.balance });
      }
      previous = row.balance;
    } else {
      previous = expected;
    }
  }
  const patternTotal = patterns.reduce((sum, entry) => sum + entry.difference, 0);
  if (breaks.length === 0 && patterns.length > 0) {
    return {
      id: 'balance_chain',
      status: 'pass',
      message:
        `Every running balance follows from the one before it, except where the bank prints ` +
        `${patterns.length === 1 ? 'a known pattern' : `known patterns (${patterns.length} rows)`}: ` +
        `${[...new Set(patterns.map((entry) => entry.pattern))].join('; ')}`,
      details: {
        roundings,
        roundingTotal: roundings.reduce((sum, entry) => sum + entry.printed - entry.expected, 0),
        patterns,
        patternTotal,
      },
    };
  }
  if (breaks.length === 0) {
    if (roundings.length > 0) {
      return {
        id: 'balance_chain',
        status: 'pass',
        message:
          `Every running balance follows from the one before it, ${roundings.length === 1 ? 'once' : `${roundings.length} times`} within the ` +
          `bank's one-kobo rounding`,
        details: {
          roundings,
          roundingTotal: roundings.reduce((sum, entry) => sum + entry.printed - entry.expected, 0),
        },
      };
    }
    return { id: 'balance_chain', status: 'pass', message: 'Every running balance follows from the one before it' };
  }
  const first = breaks[0];
  const row = rows[first.index];
  return {
    id: 'balance_chain',
    status: 'fail',
    message:
      `The running balance breaks ${breaks.length} time${breaks.length === 1 ? '' : 's'}; first on ${describeRow(row)}: ` +
      `expected ${formatNaira(asKobo(first.expected))}, printed ${formatNaira(asKobo(first.printed))}`,
    details: { breakCount: breaks.length, firstBreak: first, breaks: breaks.slice(0, 20) },
  };
}

function sumSide(rows: readonly Transaction[], side: 'debit' | 'credit'): number {
  let total = 0;
  for (const row of rows) total += row[side];
  return total;
}

function derivedOpening(input: CheckInput): number | null {
  if (input.printed.openingBalance !== null) return input.printed.openingBalance;
  const first = input.transactions[0];
  return first && first.balance !== null ? first.balance + first.debit - first.credit : null;
}

function lastBalance(rows: readonly Transaction[]): number | null {
  for (let index = rows.length - 1; index >= 0; index--) if (rows[index].balance !== null) return rows[index].balance;
  return null;
}

/** opening + credits − debits = closing, over the whole statement, allowing the chain's roundings. */
function checkOpeningClosing(input: CheckInput, roundingTotal: number): StatementCheck {
  const opening = derivedOpening(input);
  const closing = input.printed.closingBalance ?? lastBalance(input.transactions);
  if (opening === null || closing === null) {
    return { id: 'opening_closing', status: 'skipped', message: 'No opening or closing balance to check' };
  }
  const credits = sumSide(input.transactions, 'credit');
  const debits = sumSide(input.transactions, 'debit');
  const computed = opening + credits - debits;
  if (computed === closing || (roundingTotal !== 0 && computed + roundingTotal === closing)) {
    return {
      id: 'opening_closing',
      status: 'pass',
      message: 'Opening balance + credits − debits = closing balance',
      details: { opening, credits, debits, closing },
    };
  }
  return {
    id: 'opening_closing',
    status: 'fail',
    message:
      `Opening ${formatNaira(asKobo(opening))} + credits − debits gives ${formatNaira(asKobo(computed))}, but the closing balance is ` +
      `${formatNaira(asKobo(closing))}`,
    details: { opening, credits, debits, closing, computed, difference: closing - computed },
  };
}

/** The totals and balances the statement prints against those of its rows. */
function checkPrintedTotals(input: CheckInput): StatementCheck {
  const { printed } = input;
  const mismatches: string[] = [];
  let compared = 0;
  const compare = (label: string, printedValue: number | null, computed: number | null) => {
    if (printedValue === null || computed === null) return;
    compared++;
    if (printedValue !== computed) {
      mismatches.push(
        `${label}: printed ${formatNaira(asKobo(printedValue))}, rows give ${formatNaira(asKobo(computed))}`,
      );
    }
  };
  compare('Total debits', printed.totalDebits, sumSide(input.transactions, 'debit'));
  compare('Total credits', printed.totalCredits, sumSide(input.transactions, 'credit'));
  compare('Closing balance', printed.closingBalance, lastBalance(input.transactions));
  const first = input.transactions[0];
  compare(
    'Opening balance',
    printed.openingBalance,
    first && first.balance !== null ? first.balance + first.debit - first.credit : null,
  );
  if (compared === 0)
    return {
      id: 'printed_totals',
      status: 'skipped',
      message: 'The statement prints no totals or balances to compare',
    };
  if (mismatches.length === 0)
    return {
      id: 'printed_totals',
      status: 'pass',
      message: `The ${compared} printed totals and balances match the rows`,
    };
  return { id: 'printed_totals', status: 'fail', message: mismatches.join('; '), details: { mismatches } };
}

function checkDateOrder(input: CheckInput): StatementCheck {
  // Value dates follow the bank's settlement, not the order of posting: their order proves nothing.
  if (input.isByValueDate)
    return {
      id: 'date_order',
      status: 'skipped',
      message: 'Only value dates are printed, and banks do not print those in order',
    };
  const outOfOrder: number[] = [];
  for (let index = 1; index < input.transactions.length; index++) {
    if (input.transactions[index].date < input.transactions[index - 1].date) outOfOrder.push(index);
  }
  if (outOfOrder.length === 0) return { id: 'date_order', status: 'pass', message: 'Dates run in order' };
  const row = input.transactions[outOfOrder[0]];
  return {
    id: 'date_order',
    status: 'warn',
    message: `${outOfOrder.length} row${outOfOrder.length === 1 ? ' is' : 's are'} out of date order; first on ${describeRow(row)}`,
    details: { indexes: outOfOrder.slice(0, 20) },
  };
}

/** The same row twice, balance included: a running balance cannot repeat a movement exactly. */
function checkDuplicates(input: CheckInput): StatementCheck {
  const seen = new Map<string, number>();
  const duplicates: [number, number][] = [];
  for (const row of input.transactions) {
    if (row.balance === null || (row.debit === 0 && row.credit === 0)) continue;
    const key = `${row.date}|${row.narration}|${row.reference ?? ''}|${row.debit}|${row.credit}|${row.balance}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) duplicates.push([earlier, row.index]);
    else seen.set(key, row.index);
  }
  if (duplicates.length === 0) return { id: 'duplicates', status: 'pass', message: 'No row appears twice' };
  const row = input.transactions[duplicates[0][1]];
  return {
    id: 'duplicates',
    status: 'warn',
    message: `${duplicates.length} row${duplicates.length === 1 ? ' appears' : 's appear'} twice, balance and all; first on ${describeRow(row)}`,
    details: { pairs: duplicates.slice(0, 20) },
  };
}

function checkPeriodCoverage(input: CheckInput): StatementCheck {
  const period = input.printedPeriod;
  if (!period) return { id: 'period_coverage', status: 'skipped', message: 'The statement prints no period' };
  const outside = input.transactions.filter((row) => row.date < period.start || row.date > period.end);
  if (outside.length === 0)
    return {
      id: 'period_coverage',
      status: 'pass',
      message: `Every row falls within ${period.start} to ${period.end}`,
    };
  return {
    id: 'period_coverage',
    status: 'warn',
    message:
      `${outside.length} row${outside.length === 1 ? ' falls' : 's fall'} outside the printed period ${period.start} to ${period.end}; first on ` +
      `${describeRow(outside[0])}`,
    details: { indexes: outside.slice(0, 20).map((row) => row.index) },
  };
}

function checkDateFormat(input: CheckInput): StatementCheck {
  const { slashOrder } = input;
  if (slashOrder.isConflicting) {
    return {
      id: 'date_format',
      status: 'warn',
      message: 'Some dates can only be DD/MM and others only MM/DD: the statement mixes date formats',
      details: { ...slashOrder },
    };
  }
  if (slashOrder.decidedBy === 'no-slashed-dates')
    return {
      id: 'date_format',
      status: 'pass',
      message: 'No date leaves the day and the month in doubt',
      details: { ...slashOrder },
    };
  const order = slashOrder.order === 'dmy' ? 'day first (DD/MM)' : 'month first (MM/DD)';
  return {
    id: 'date_format',
    status: 'pass',
    message: `Dates read ${order}: ${DATE_ORDER_GROUNDS[slashOrder.decidedBy]}`,
    details: { ...slashOrder },
  };
}

/** Why the day/month order was chosen, in words for the person reading the checks (never the decision's code). */
const DATE_ORDER_GROUNDS: Readonly<Record<Exclude<SlashOrderDecision['decidedBy'], 'no-slashed-dates'>, string>> = {
  values: 'some dates are only possible that way (a number above 12)',
  period: 'that way the dates fall inside the printed period',
  'date-order': 'that way the dates run in order',
  layout: "this bank's statements print dates that way",
  default: 'nothing on the statement decides it, so the usual Nigerian order is taken',
};

function checkNuban(input: CheckInput): StatementCheck {
  if (input.accountNumber === null)
    return { id: 'nuban', status: 'skipped', message: 'No account number found on the statement' };
  if (input.nubanBankCode === null) {
    return {
      id: 'nuban',
      status: 'skipped',
      message: input.bankName
        ? `${input.bankName} account numbers are not checked against the NUBAN check digit`
        : 'The bank is not known, so the account number cannot be checked',
    };
  }
  if (isValidNuban(input.accountNumber, input.nubanBankCode)) {
    return {
      id: 'nuban',
      status: 'pass',
      message: `Account number ${input.accountNumber} has a valid NUBAN check digit for ${input.bankName ?? 'the bank'}`,
    };
  }
  return {
    id: 'nuban',
    status: 'warn',
    message: `Account number ${input.accountNumber} is not a valid NUBAN for ${input.bankName ?? 'the bank'}: its check digit is wrong`,
  };
}

function checkPdfMetadata(input: CheckInput): StatementCheck {
  const metadata = input.metadata;
  if (!metadata) return { id: 'pdf_metadata', status: 'skipped', message: 'Not a PDF' };
  const concerns: string[] = [];
  for (const tool of [metadata.producer, metadata.creator]) {
    if (tool && EDITING_PRODUCERS.some((pattern) => pattern.test(tool)))
      concerns.push(`the PDF was written by ${tool}, an editing or conversion tool`);
  }
  if (metadata.createdAt && metadata.modifiedAt) {
    const gap = Date.parse(metadata.modifiedAt) - Date.parse(metadata.createdAt);
    if (gap > MODIFIED_AFTER_MS)
      concerns.push(
        `the PDF was modified on ${metadata.modifiedAt.slice(0, 10)}, after it was created on ${metadata.createdAt.slice(0, 10)}`,
      );
  }
  const details = { ...metadata };
  if (concerns.length > 0)
    return {
      id: 'pdf_metadata',
      status: 'warn',
      message: `${concerns.join('; ')}`.replace(/^./, (c) => c.toUpperCase()),
      details,
    };
  return {
    id: 'pdf_metadata',
    status: 'pass',
    message: `Producer ${metadata.producer ?? 'not stated'}; not modified after creation`,
    details,
  };
}

/** "Page n of N" against the file's pages: a removed page shows here. */
function checkPageNumbers(input: CheckInput): StatementCheck {
  const numbers = input.pageNumbers;
  if (numbers.length === 0) return { id: 'page_numbers', status: 'skipped', message: 'No printed page numbers' };
  const claimed = Math.max(...numbers.map((entry) => entry.of));
  const printed = new Set(numbers.map((entry) => entry.printed));
  const missing: number[] = [];
  for (let page = 1; page <= claimed; page++) if (!printed.has(page)) missing.push(page);
  if (claimed !== input.pageCount || missing.length > 0) {
    return {
      id: 'page_numbers',
      status: 'fail',
      message:
        `The statement says it has ${claimed} pages but the file has ${input.pageCount}` +
        (missing.length > 0 ? `; page${missing.length === 1 ? '' : 's'} ${missing.join(', ')} missing` : ''),
      details: { claimed, pageCount: input.pageCount, missing },
    };
  }
  return { id: 'page_numbers', status: 'pass', message: `All ${claimed} printed pages are present` };
}

function checkAmountDirection(input: CheckInput): StatementCheck {
  if (input.guessedDirections === 0)
    return {
      id: 'amount_direction',
      status: 'pass',
      message: 'Every amount is a debit or a credit as printed or by the balance',
    };
  return {
    id: 'amount_direction',
    status: 'warn',
    message:
      `${input.guessedDirections} amount${input.guessedDirections === 1 ? ' has' : 's have'} no sign and no balance to tell debit from credit; ` +
      `read as credits`,
  };
}

/** Runs every check on one statement. */
export function checkStatement(input: CheckInput): StatementCheck[] {
  const chain = checkBalanceChain(input);
  // What the bank's rounding and its printing patterns moved, the opening and closing balances moved too.
  const roundingTotal =
    ((chain.details?.roundingTotal as number | undefined) ?? 0) +
    ((chain.details?.patternTotal as number | undefined) ?? 0);
  return [
    chain,
    checkOpeningClosing(input, roundingTotal),
    checkPrintedTotals(input),
    checkDateOrder(input),
    checkDuplicates(input),
    checkPeriodCoverage(input),
    checkDateFormat(input),
    checkNuban(input),
    checkPdfMetadata(input),
    checkPageNumbers(input),
    checkAmountDirection(input),
  ];
}

// The checks that prove the figures add up; when none could run, nothing was proved.
const ARITHMETIC_CHECKS: readonly CheckId[] = ['balance_chain', 'opening_closing', 'printed_totals'];

/**
 * Reading is not authenticity. Where lines of the statement could not be read into rows, a break
 * in its arithmetic may be the reading's, not the statement's: the arithmetic checks that failed
 * become warnings that say so, and the statement is never called inconsistent for them.
 */
export function excuseUnreadLines(checks: readonly StatementCheck[], unreadLines: number): StatementCheck[] {
  if (unreadLines === 0) return [...checks];
  const lines = unreadLines === 1 ? '1 line of the statement' : `${unreadLines} lines of the statement`;
  return checks.map((check) =>
    ARITHMETIC_CHECKS.includes(check.id) && check.status === 'fail'
      ? {
          ...check,
          status: 'warn',
          message:
            `${check.message}. ${lines} could not be read into rows, so this may be the reading rather than the statement: it is not taken as a ` +
            `sign of editing`,
        }
      : check,
  );
}

/**
 * Any failed check makes a statement inconsistent; any warning, suspicious. A statement whose
 * figures could not be checked at all (no running balance, no printed balances or totals) is
 * suspicious too: "consistent" must mean the arithmetic was checked and held.
 */
export function decideVerdict(checks: readonly StatementCheck[]): { verdict: Verdict; reasons: string[] } {
  const failed = checks.filter((check) => check.status === 'fail');
  const warned = checks.filter((check) => check.status === 'warn');
  const reasons = [...failed, ...warned].map((check) => check.message);
  const arithmetic = checks.filter((check) => ARITHMETIC_CHECKS.includes(check.id));
  if (arithmetic.length > 0 && arithmetic.every((check) => check.status === 'skipped')) {
    reasons.push(
      'Nothing on the statement lets its figures be checked: it prints no running balance, opening or closing balance, or totals',
    );
  }
  if (failed.length > 0) return { verdict: 'inconsistent', reasons };
  if (reasons.length > 0) return { verdict: 'suspicious', reasons };
  return { verdict: 'consistent', reasons: [] };
}
