import { parseAmount } from './parse-amount';

/** What the running balance says each figure column holds (by its index among the figure columns). */
export interface ChainedColumns {
  balance: number;
  /** Debit and credit columns, or one amount column (sign-less, its direction from the balance). */
  debit: number | null;
  credit: number | null;
  amount: number | null;
  /** Rows whose figures chain under this reading / rows checked. */
  share: number;
}

// Below this many rows the balance cannot tell columns apart with confidence.
const MIN_ROWS = 4;

/** A row's figures as kobo, by figure column (null where the column is empty on the row). */
export type FigureRow = readonly (number | null)[];

export function figureKobo(text: string | undefined): number | null {
  if (text === undefined) return null;
  const parsed = parseAmount(text);
  if (!parsed) return null;
  const kobo: number = parsed.kobo;
  return parsed.marker === 'DR' && kobo > 0 ? -kobo : kobo;
}

/**
 * The share of rows where the balance before, moved by the row's change, gives its balance,
 * reading the rows in printed order or the reverse (newest first), whichever chains more. A
 * sign-less change matches a move either way.
 */
function chainShare(
  rows: readonly FigureRow[],
  balance: number,
  change: (row: FigureRow) => number | null,
  isSignLess: boolean,
): number {
  let forward = 0;
  let backward = 0;
  let checked = 0;
  const moves = (from: number, to: number, by: number | null) =>
    by !== null && (isSignLess ? Math.abs(to - from) === Math.abs(by) : from + by === to);
  for (let index = 1; index < rows.length; index++) {
    const previous = rows[index - 1][balance];
    const current = rows[index][balance];
    if (previous === null || current === null) continue;
    checked++;
    if (moves(previous, current, change(rows[index]))) forward++;
    // Newest first: the row above is later, so this balance moved by the row above gives its balance.
    if (moves(current, previous, change(rows[index - 1]))) backward++;
  }
  return checked === 0 ? 0 : Math.max(forward, backward) / checked;
}

const magnitude = (value: number | null) => (value === null ? 0 : Math.abs(value));

type Reading = Omit<ChainedColumns, 'share'>;

/** A row's change under a reading (sign-less for a single amount), or null when it prints none. */
function changeOf(reading: Reading): (row: FigureRow) => number | null {
  const { debit, credit, amount } = reading;
  if (amount !== null) return (row) => row[amount];
  return (row) =>
    (debit !== null && row[debit] !== null) || (credit !== null && row[credit] !== null)
      ? magnitude(credit === null ? null : row[credit]) - magnitude(debit === null ? null : row[debit])
      : null;
}

/** How well a reading of the figure columns chains (0 to 1). */
export function readingShare(rows: readonly FigureRow[], reading: Reading): number {
  return chainShare(rows, reading.balance, changeOf(reading), reading.amount !== null);
}

/**
 * A balance before each row chains exactly as well as the balance after it, read the other way up
 * with debit and credit swapped: the equations cannot tell them apart. Exports print the balance
 * after to the right of the balance before, so of readings that chain equally the one whose
 * balance stands furthest right wins.
 */
function settleTie(tied: readonly Reading[]): Reading {
  return tied.reduce((best, reading) => (reading.balance > best.balance ? reading : best));
}

/**
 * Which figure columns are the amounts and the running balance, decided by the balance alone:
 * every reading (a balance column with a debit and a credit column, or with one amount column)
 * is tried, and the one under which most rows chain wins; debit and credit beat a single amount
 * when both chain (a wide export prints both and a transaction amount). Headings are not read.
 * Null from fewer than four rows, or when no reading chains on any row.
 */
export function chainColumns(rows: readonly FigureRow[], columnCount: number): ChainedColumns | null {
  if (rows.length < MIN_ROWS || columnCount < 2) return null;
  let bestShare = 0;
  let tied: Reading[] = [];
  const consider = (reading: Reading) => {
    const share = readingShare(rows, reading);
    if (share > bestShare + 1e-9) {
      bestShare = share;
      tied = [reading];
    } else if (share > 0 && Math.abs(share - bestShare) <= 1e-9) {
      tied.push(reading);
    }
  };
  for (let balance = 0; balance < columnCount; balance++) {
    for (let debit = 0; debit < columnCount; debit++) {
      for (let credit = 0; credit < columnCount; credit++) {
        if (debit !== balance && credit !== balance && credit !== debit)
          consider({ balance, debit, credit, amount: null });
      }
    }
  }
  for (let balance = 0; balance < columnCount; balance++) {
    for (let amount = 0; amount < columnCount; amount++) {
      if (amount !== balance) consider({ balance, debit: null, credit: null, amount });
    }
  }
  if (tied.length === 0) return null;
  return { ...settleTie(tied), share: bestShare };
}
