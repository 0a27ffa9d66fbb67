import { asKobo, formatNaira } from '@levy/tax';
import { ROUNDING_KOBO } from './check-statement';
import type { StatementNote } from './normalise-rows';
import type { Transaction } from './transaction';

/** A row whose running balance does not follow from the one before it by the row's amount. */
interface Break {
  section: number;
  row: Transaction;
  /** Printed balance − expected balance. */
  difference: number;
  /** What the balance actually moved by (printed − previous). */
  moved: number;
}

export interface PrintingPatterns {
  /** Per section, by the row's index in that section: the break the pattern accounts for. */
  patterns: Map<number, { difference: number; pattern: string }>[];
  /** One note per pattern, on the statement's row (indexes among all sections' rows). */
  notes: StatementNote[];
  /** Rows the patterns explain. */
  rowCount: number;
}

function chainBreaks(rows: readonly Transaction[], opening: number | null, section: number): Break[] {
  const breaks: Break[] = [];
  let previous = opening;
  for (const row of rows) {
    const expected = previous === null ? null : previous - row.debit + row.credit;
    if (row.balance === null) {
      previous = expected;
      continue;
    }
    if (previous !== null && expected !== null && Math.abs(row.balance - expected) > ROUNDING_KOBO) {
      breaks.push({ section, row, difference: row.balance - expected, moved: row.balance - previous });
    }
    previous = row.balance;
  }
  return breaks;
}

/** The same payment: date, narration and amount as printed. */
function isSamePayment(a: Transaction, b: Transaction): boolean {
  return a.date === b.date && a.narration === b.narration && a.debit === b.debit && a.credit === b.credit;
}

/**
 * A payment funded from two pockets (a wallet and its savings) is printed in both sections at its
 * full amount while each balance moves by its share: each chain breaks there, and the two shares
 * add up to the printed amount. That is how the bank prints it, not an edit. Pairs such breaks
 * across sections (same date, narration and amount, both balances moving the same way) and
 * returns them as patterns the balance chain accepts, with a note each.
 */
export function findSplitPayments(
  sections: readonly (readonly Transaction[])[],
  openings: readonly (number | null)[],
  offsets: readonly number[],
): PrintingPatterns {
  const found: PrintingPatterns = {
    patterns: sections.map(() => new Map<number, { difference: number; pattern: string }>()),
    notes: [],
    rowCount: 0,
  };
  if (sections.length < 2) return found;
  const breaks = sections.map((rows, section) => chainBreaks(rows, openings[section], section));
  const paired = new Set<Break>();
  for (let section = 0; section < breaks.length; section++) {
    for (const first of breaks[section]) {
      if (paired.has(first)) continue;
      const amount = first.row.debit + first.row.credit;
      const second = breaks
        .slice(section + 1)
        .flat()
        .find(
          (other) =>
            !paired.has(other) &&
            isSamePayment(first.row, other.row) &&
            Math.sign(first.moved) === Math.sign(other.moved) &&
            first.moved !== 0 &&
            Math.abs(first.moved) + Math.abs(other.moved) === amount,
        );
      if (!second) continue;
      paired.add(first);
      paired.add(second);
      const description =
        `a ${first.row.debit > 0 ? 'payment' : 'receipt'} of ${formatNaira(asKobo(amount))} printed in full in sections ${first.section + 1} and ` +
        `${second.section + 1}, ` +
        `${formatNaira(asKobo(Math.abs(first.moved)))} and ${formatNaira(asKobo(Math.abs(second.moved)))} of it from each`;
      for (const entry of [first, second])
        found.patterns[entry.section].set(entry.row.index, { difference: entry.difference, pattern: description });
      found.notes.push({
        message:
          `Split between two sections: ${description}; each balance moves by its share and the shares add up to the amount, as the bank prints ` +
          `a payment funded from two pockets`,
        index: first.row.index + offsets[first.section],
        page: first.row.page,
        y: first.row.y,
      });
      found.rowCount += 2;
    }
  }
  return found;
}
