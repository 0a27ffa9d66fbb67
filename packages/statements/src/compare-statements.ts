import { addDays, formatNaira, type IsoDate, type Kobo } from '@levy/tax';
import type { StatementCheck } from './check-statement';

/** What `compareStatements` needs of each statement (a StatementResult has all of it). */
export interface StatementSpan {
  account: { number: string | null };
  period: { start: IsoDate | null; end: IsoDate | null };
  computed: { openingBalance: Kobo | null; closingBalance: Kobo | null };
}

/**
 * Checks several statements of one account together: same account number, no gap and no
 * overlap between periods, and each opening balance equal to the previous closing balance.
 * Returns one check per finding (all 'pass' when the statements join up), in period order.
 */
export function compareStatements(statements: readonly StatementSpan[]): StatementCheck[] {
  const checks: StatementCheck[] = [];
  const numbers = new Set(statements.map((statement) => statement.account.number).filter((number) => number !== null));
  if (numbers.size > 1) {
    checks.push({
      id: 'account_number',
      status: 'warn',
      message: `The statements are for different account numbers: ${[...numbers].join(', ')}`,
    });
  }
  const sorted = statements
    .filter((statement) => statement.period.start !== null && statement.period.end !== null)
    .sort((a, b) => ((a.period.start as string) < (b.period.start as string) ? -1 : 1));
  for (let index = 1; index < sorted.length; index++) {
    const previous = sorted[index - 1];
    const current = sorted[index];
    const previousEnd = previous.period.end as IsoDate;
    const currentStart = current.period.start as IsoDate;
    const expectedStart = addDays(previousEnd, 1);
    if (currentStart > expectedStart) {
      checks.push({
        id: 'period_coverage',
        status: 'warn',
        message: `No statement covers ${expectedStart} to ${addDays(currentStart, -1)}`,
        details: { gapFrom: expectedStart, gapTo: addDays(currentStart, -1) },
      });
    } else if (currentStart < expectedStart) {
      checks.push({
        id: 'period_coverage',
        status: 'warn',
        message:
          `Two statements both cover ${currentStart} to ` +
          `${previousEnd < (current.period.end as IsoDate) ? previousEnd : (current.period.end as IsoDate)}`,
        details: { overlapFrom: currentStart, overlapTo: previousEnd },
      });
    } else if (
      previous.computed.closingBalance !== null &&
      current.computed.openingBalance !== null &&
      previous.computed.closingBalance !== current.computed.openingBalance
    ) {
      checks.push({
        id: 'balance_chain',
        status: 'fail',
        message:
          `The statement from ${currentStart} opens at ${formatNaira(current.computed.openingBalance)}, but the one before closed at ` +
          `${formatNaira(previous.computed.closingBalance)}`,
      });
    } else {
      checks.push({ id: 'period_coverage', status: 'pass', message: `${previousEnd} and ${currentStart} join up` });
    }
  }
  return checks;
}
