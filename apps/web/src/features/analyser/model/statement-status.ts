import { STATEMENT_STAGES, type StatementFormat, type StatementStatus, type StatementVerdict } from '@levy/contracts';

/** A statement still on its way to a result: its screens poll and show progress. */
export function isSettling(status: StatementStatus): boolean {
  return status === 'queued' || status === 'processing';
}

type Stage = (typeof STATEMENT_STAGES)[number];

const STAGE_LABELS: Record<Stage, string> = {
  queued: 'Waiting to start',
  reading: 'Reading pages',
  rebuilding: 'Rebuilding rows',
  checking: 'Checking balances',
  analysing: 'Analysing',
  saving: 'Saving',
  done: 'Done',
};

/** 'Reading pages 3 of 12' while a statement is read; the stage alone otherwise. */
export function describeProgress(progress: { stage: Stage; done: number; total: number }): string {
  const label = STAGE_LABELS[progress.stage];
  return progress.stage === 'reading' && progress.total > 0 ? `${label} ${progress.done} of ${progress.total}` : label;
}

/** The authenticity verdict: its words, colour and what it means for a finance officer. */
export const VERDICT_DISPLAY: Record<StatementVerdict, { label: string; color: string; meaning: string }> = {
  consistent: {
    label: 'Consistent',
    color: 'green',
    meaning: 'Every check that could run held: balances follow, totals agree, dates run in order.',
  },
  suspicious: {
    label: 'Suspicious',
    color: 'yellow',
    meaning: 'Something needs a closer look before relying on this statement.',
  },
  inconsistent: {
    label: 'Inconsistent',
    color: 'red',
    meaning: 'The figures do not add up: the statement may have been edited or misread.',
  },
};

/** A CSV or XLSX anyone can edit: its arithmetic can be checked, but not that the bank produced it. */
export function isSpreadsheet(format: StatementFormat): boolean {
  return format !== 'pdf';
}

/** The verdict of a spreadsheet says what was checked: the arithmetic, not authenticity. */
export const SPREADSHEET_VERDICT_DISPLAY: Record<StatementVerdict, { label: string; meaning: string }> = {
  consistent: {
    label: 'Arithmetic consistent',
    meaning:
      'The arithmetic is consistent: balances follow and totals agree. A CSV or XLSX file can be edited by anyone, so it cannot be authenticated: ask ' +
      'for the bank’s PDF statement to check that.',
  },
  suspicious: {
    label: 'Suspicious',
    meaning:
      'Something in the figures needs a closer look. A CSV or XLSX file can be edited by anyone, so it cannot be authenticated either way.',
  },
  inconsistent: {
    label: 'Inconsistent',
    meaning:
      'The figures do not add up: the file may have been edited or misread. A CSV or XLSX file can be edited by anyone, so it cannot be authenticated ' +
      'either way.',
  },
};

/** A statement's (or several statements') verdict words, with the spreadsheet caveat when any is one. */
export function verdictDisplay(
  verdict: StatementVerdict,
  hasSpreadsheet: boolean,
): { label: string; color: string; meaning: string } {
  return hasSpreadsheet
    ? { ...VERDICT_DISPLAY[verdict], ...SPREADSHEET_VERDICT_DISPLAY[verdict] }
    : VERDICT_DISPLAY[verdict];
}
