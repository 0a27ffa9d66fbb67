import { STATEMENT_STAGES, type StatementStatus, type StatementVerdict } from '@levy/contracts';

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

export const STATUS_LABELS: Record<StatementStatus, string> = { queued: 'Queued', processing: 'Processing', analysed: 'Analysed', failed: 'Failed' };

/** The authenticity verdict: its words, colour and what it means for a finance officer. */
export const VERDICT_DISPLAY: Record<StatementVerdict, { label: string; color: string; meaning: string }> = {
  consistent: { label: 'Consistent', color: 'green', meaning: 'Every check that could run held: balances follow, totals agree, dates run in order.' },
  suspicious: { label: 'Suspicious', color: 'yellow', meaning: 'Something needs a closer look before relying on this statement.' },
  inconsistent: { label: 'Inconsistent', color: 'red', meaning: 'The figures do not add up: the statement may have been edited or misread.' },
};
