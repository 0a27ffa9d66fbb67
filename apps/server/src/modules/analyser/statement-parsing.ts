import type { PeriodSource } from '@levy/contracts';
import type { StatementProgress } from '@levy/statements';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/jobs';
import { inWorker } from '../../workers/worker-pool';
import * as repo from './analyser.repo';
import type { StatementStageCode } from './analyser.schema';
import type * as tasks from './statement-tasks';
import type { StatementReading } from './statement-tasks';

const PARSE_STATEMENT_JOB = 'analyser.parse';

/** How far the progress bar is at each stage: reading the pages is most of the work. */
const STAGE_PERCENT: Record<StatementStageCode, number> = {
  queued: 0,
  reading: 5,
  rebuilding: 82,
  checking: 88,
  analysing: 92,
  saving: 95,
  done: 100,
};
const READING_SHARE = 75;
/** Progress is written when it moves by this many points, not on every page. */
const PROGRESS_STEP = 3;

const FAILED_UNEXPECTEDLY = 'The statement could not be analysed: run it again, or upload the file again';
/** A file whose upload stopped part way (the app stopped while storing its parts). */
export const INCOMPLETE_FILE = {
  code: 'INCOMPLETE_FILE',
  message: 'The statement file was not stored whole: upload it again',
};

/** The engine takes a plain Uint8Array (pdfjs refuses Node's Buffer): a view of the same bytes. */
export function bytesOf(content: Buffer): Uint8Array {
  return new Uint8Array(content.buffer, content.byteOffset, content.byteLength);
}

// The statement is read, and its rows and pages prepared, in the file workers.
const readStatementForStorage = inWorker<typeof tasks.readStatementForStorage>(
  new URL('./statement-tasks.ts', import.meta.url),
  'readStatementForStorage',
);

/** Pages come back from the worker as plain bytes; the database drivers take a Buffer. */
function asStoredPages(pages: readonly repo.PageRow[]): repo.PageRow[] {
  return pages.map((page) => ({
    ...page,
    lines: Buffer.from(page.lines.buffer, page.lines.byteOffset, page.lines.byteLength),
  }));
}

/** The printed period when the statement prints one; otherwise its first to last transaction. */
function periodSourceOf(result: StatementReading['result']): PeriodSource {
  return result.period.printedStart && result.period.printedEnd ? 'printed' : 'transactions';
}

class ParseInterrupted extends Error {
  constructor() {
    super('The statement parse was interrupted by a shutdown; it will run again');
  }
}

/** The parse job: a kept file read by the engine in the background, with its progress, its failures and its result stored. */
export function createStatementParsing(deps: { db: Db; jobs: Jobs }) {
  const { db, jobs } = deps;

  /** Writes a parse's progress into its statement, a few points at a time, in order; stops the engine on shutdown. */
  function progressWriter(statementId: string, run: number, signal: AbortSignal) {
    let written = -PROGRESS_STEP;
    let chain: Promise<unknown> = Promise.resolve();
    const write = (stage: StatementStageCode, done: number, total: number, percent: number) => {
      written = percent;
      chain = chain.then(() =>
        repo.updateStatementRun(db, statementId, run, {
          stage,
          progressDone: done,
          progressTotal: total,
          progressPercent: percent,
        }),
      );
    };
    return {
      report(progress: StatementProgress) {
        if (signal.aborted) throw new ParseInterrupted();
        const stage: StatementStageCode = progress.stage;
        const percent =
          stage === 'reading' && progress.total > 0
            ? STAGE_PERCENT.reading + Math.floor((READING_SHARE * progress.done) / progress.total)
            : STAGE_PERCENT[stage];
        if (percent - written >= PROGRESS_STEP || stage !== 'reading')
          write(stage, progress.done, progress.total, percent);
      },
      saving: () => write('saving', 1, 1, STAGE_PERCENT.saving),
      settled: () => chain,
    };
  }

  /**
   * The parse failed for good: the message on the statement, and none of its rows left. The
   * pages, when the file could be read, are kept: a person maps the columns looking at them.
   */
  async function failParse(
    statementId: string,
    run: number,
    failure: { code: string; message: string; pages: repo.PageRow[] | null; pageCount: number | null },
  ) {
    const batches: repo.RunBatches = { statementId, run };
    if (!(await repo.deleteStoredRows(db, batches))) return;
    if (failure.pages && !(await repo.insertPages(db, asStoredPages(failure.pages), batches))) return;
    await repo.updateStatementRun(db, statementId, run, {
      status: 'failed',
      errorCode: failure.code,
      errorMessage: failure.message,
      pendingPassword: null,
      verdict: null,
      reasons: [],
      checks: [],
      analysis: null,
      analysedAt: null,
      layoutId: null,
      headerLabels: {},
      confidence: null,
      notes: [],
      periodSource: null,
      pageCount: failure.pageCount,
    });
  }

  /**
   * A statement of another account than its record is refused: its figures would be blended into
   * the record's. The record's account is the number typed on it when there is one (a person
   * said which account the record is), else that of its other analysed statements (another
   * number, or the same number at another bank). The message names both accounts.
   */
  async function otherAccount(statementId: string, result: StatementReading['result']): Promise<string | null> {
    const number = result.account.number;
    if (!number) return null;
    const statement = await repo.findStatement(db, statementId);
    const record = statement && (await repo.findRecord(db, statement.recordId));
    if (!statement || !record) return null;
    const bank = result.account.bankName ?? result.layout.bankName;
    const describe = (accountNumber: string, bankName: string | null) =>
      bankName ? `${accountNumber} (${bankName})` : accountNumber;
    if (record.accountNumber && record.accountNumber !== number) {
      return (
        `This statement is for account ${describe(number, bank)}, but this record is for account ` +
        `${describe(record.accountNumber, record.bankName)}: add the statement to a record of its own account, or correct the record's account number if it ` +
        `was typed wrong`
      );
    }
    const others = (await repo.statementsOfRecord(db, statement.recordId)).filter(
      (other) => other.id !== statementId && other.status === 'analysed' && other.accountNumber,
    );
    const clash = others.find(
      (other) =>
        other.accountNumber !== number || (bank !== null && other.bankName !== null && other.bankName !== bank),
    );
    if (!clash) return null;
    return (
      `This statement is for account ${describe(number, bank)}, but this record's statements are for account ` +
      `${describe(clash.accountNumber!, clash.bankName)}: add it to a record of its own account`
    );
  }

  /**
   * The parse job: reads the kept file with its mapping, applies the corrections people made,
   * and stores rows, pages and analysis with the status change in one transaction. A file the
   * engine cannot use fails the statement with the engine's message; a shutdown gives the job
   * back to its queue; anything else is retried, and fails the statement on the last attempt.
   */
  async function parse(statementId: string, run: number, context: { signal: AbortSignal; isLastAttempt: boolean }) {
    const source = await repo.findStatementFile(db, statementId);
    if (!source || source.run !== run) return;
    if (!source.file) return failParse(statementId, run, { ...INCOMPLETE_FILE, pages: null, pageCount: null });
    await repo.updateStatementRun(db, statementId, run, {
      status: 'processing',
      stage: 'reading',
      progressDone: 0,
      progressTotal: 0,
      progressPercent: STAGE_PERCENT.reading,
    });
    const [mapping, corrections] = await Promise.all([
      repo.findMapping(db, statementId),
      repo.correctionsOf(db, statementId),
    ]);
    const progress = progressWriter(statementId, run, context.signal);
    let reading;
    try {
      reading = await readStatementForStorage(
        {
          statementId,
          bytes: bytesOf(source.file),
          fileName: source.fileName,
          mimeType: source.mimeType,
          password: source.pendingPassword ?? undefined,
          mapping: mapping?.mapping,
          corrections: corrections.map(({ index, fields }) => ({ index, fields })),
        },
        progress.report,
      );
    } catch (error) {
      await progress.settled();
      if (!(error instanceof ParseInterrupted) && context.isLastAttempt)
        await failParse(statementId, run, {
          code: 'UNREADABLE',
          message: FAILED_UNEXPECTEDLY,
          pages: null,
          pageCount: null,
        });
      throw error;
    }
    await progress.settled();
    if (!reading.ok) return failParse(statementId, run, reading);
    progress.saving();
    await progress.settled();
    const { result, rows, analysis, totals } = reading;
    const pages = asStoredPages(reading.pages);
    const refusal = await otherAccount(statementId, result);
    if (refusal)
      return failParse(statementId, run, {
        code: 'ACCOUNT_MISMATCH',
        message: refusal,
        pages,
        pageCount: result.pageCount,
      });

    // Rows and pages are written in batches outside a transaction while the statement still
    // shows as processing (only an analysed statement's rows are its result); the status turns
    // to analysed in one statement at the end. A newer run asked for meanwhile stops the writing
    // and clears what was written when it saves.
    const batches: repo.RunBatches = { statementId, run };
    if (
      !(await repo.deleteStoredRows(db, batches)) ||
      !(await repo.insertTransactions(db, rows, batches)) ||
      !(await repo.insertPages(db, pages, batches))
    )
      return;
    await repo.updateStatementRun(db, statementId, run, {
      status: 'analysed',
      stage: 'done',
      progressDone: 1,
      progressTotal: 1,
      progressPercent: STAGE_PERCENT.done,
      pendingPassword: null,
      verdict: result.verdict,
      reasons: result.reasons,
      checks: result.checks,
      periodStart: result.period.start,
      periodEnd: result.period.end,
      periodSource: periodSourceOf(result),
      openingBalanceKobo: result.computed.openingBalance,
      closingBalanceKobo: reading.closingBalance,
      totalDebitsKobo: totals.debits,
      totalCreditsKobo: totals.credits,
      transactionCount: rows.length,
      printed: result.printed,
      accountName: result.account.name,
      accountNumber: result.account.number,
      bankName: result.account.bankName ?? result.layout.bankName,
      layoutId: result.layout.id,
      headerLabels: result.layout.headerLabels,
      pageCount: result.pageCount,
      metadata: result.metadata,
      skippedRows: result.skippedRows,
      confidence: result.confidence,
      notes: result.notes.map((note, position) => ({
        message: note.message,
        index: note.index,
        page: note.page,
        date: reading.noteDates[position],
      })),
      analysis,
      errorCode: null,
      errorMessage: null,
      analysedAt: new Date(),
    });
  }

  jobs.define<{ statementId: string; run: number }>({
    name: PARSE_STATEMENT_JOB,
    options: { retryLimit: 3, retryDelaySeconds: 2, pollingIntervalSeconds: 0.5, expireInSeconds: 900 },
    handle: ({ statementId, run }, { signal, isLastAttempt }) => parse(statementId, run, { signal, isLastAttempt }),
  });

  return {
    /** Queues a run of the statement's parse, in the caller's transaction; a run is queued once. */
    async enqueueParse(tx: Db, statementId: string, run: number) {
      await jobs.enqueue(tx, PARSE_STATEMENT_JOB, { statementId, run }, { singletonKey: `${statementId}:${run}` });
    },
    /** After the queueing transaction commits: the parse starts now, not at the queue's next poll (a person is watching its progress). */
    parseQueued() {
      jobs.wake(PARSE_STATEMENT_JOB);
    },
  };
}
