import { BILL_MESSAGES, type PeriodSource, type RecordAnalysis } from '@levy/contracts';
import {
  accountHolderOf,
  compareStatements,
  type ColumnMapping,
  type Transaction,
  type Verdict,
} from '@levy/statements';
import { asKobo } from '@levy/tax';
import type { Db } from '../../db/client';
import { pageWindow, toPage } from '../../db/pagination';
import { AppError, notFound } from '../../errors';
import type { Caller } from '../../http/route';
import { exportTable, type ExportFormat } from '../../http/table-export';
import { NOT_ANALYSED, type AnalyserAccess } from './analyser-access';
import { naira, toAnalysisBody, toConfidence, toRecord, toTransaction } from './analyser-views';
import * as repo from './analyser.repo';
import type { TransactionQuery } from './analyser.repo';
import { renderAnalysisReport } from './analysis-report';
import { combineStatements } from './record-combination';
import { analyseRows, linesOfPage, toEngineTransaction } from './statement-rows';
import { taxInsightOf, type PaidBill, type WithheldWht } from './tax-insight';

const VERDICT_RANK: Record<Verdict, number> = { consistent: 0, suspicious: 1, inconsistent: 2 };

/** The engine's column mapping as the contract shows it (snake_case). */
function fromEngineMapping(mapping: ColumnMapping) {
  const { valueDate, date, narration, ...rest } = mapping;
  return {
    ...rest,
    date: date ?? 0,
    narration: narration ?? 0,
    ...(valueDate === undefined ? {} : { value_date: valueDate }),
  };
}

/** Statements together: printed only when every one prints its period. */
function combinedPeriodSource(statements: ReadonlyArray<{ periodSource: PeriodSource | null }>): PeriodSource | null {
  if (statements.length === 0) return null;
  return statements.every((statement) => statement.periodSource === 'printed') ? 'printed' : 'transactions';
}

/** What the analyser shows of statements once read: a record's statements together, rows, exports, the analysis, its report, tax insight and pages. */
export function createAnalyserQueries(deps: {
  db: Db;
  access: AnalyserAccess;
  paidBills(organisationId: string): Promise<PaidBill[]>;
  withheldWht(organisationId: string): Promise<WithheldWht[]>;
}) {
  const { db } = deps;
  const { ownRecord, ownStatement, analysedStatement, statementView } = deps.access;

  /** The statement's stored analysis as the API shows it. */
  function analysisBodyOf(statement: Awaited<ReturnType<AnalyserAccess['analysedStatement']>>) {
    return toAnalysisBody(statement.analysis, {
      verdict: statement.verdict,
      reasons: statement.reasons,
      checks: statement.checks,
      openingBalance: statement.openingBalanceKobo,
      closingBalance: statement.closingBalanceKobo,
      periodStart: statement.periodStart,
      periodEnd: statement.periodEnd,
      periodSource: statement.periodSource,
    });
  }

  return {
    /**
     * Every analysed statement of the record together: each transaction counted once however many
     * statements hold it, inconsistent statements left out, gaps and overlaps between the
     * statements that count, and the analysis of the rows that count.
     */
    async recordAnalysis(caller: Caller, id: string): Promise<RecordAnalysis> {
      const record = await ownRecord(caller, id);
      const statements = await repo.statementsOfRecord(db, record.id);
      const analysed = statements.filter((statement) => statement.status === 'analysed');
      const stored = await repo.transactionsOf(
        db,
        analysed.map((statement) => statement.id),
      );
      const combination = combineStatements(
        analysed.map((statement) => ({
          id: statement.id,
          verdict: statement.verdict,
          rows: stored.filter((row) => row.statementId === statement.id),
        })),
      );
      const countedIds = new Set(
        combination.statements.filter((statement) => statement.leftOut === null).map((statement) => statement.id),
      );
      const counted = analysed.filter((statement) => countedIds.has(statement.id));
      const order = new Map(counted.map((statement, position) => [statement.id, position]));
      const rows = [...combination.rows].sort((a, b) =>
        a.date < b.date
          ? -1
          : a.date > b.date
            ? 1
            : order.get(a.statementId)! - order.get(b.statementId)! || a.index - b.index,
      );
      const transactions: Transaction[] = rows.map((row, index) => toEngineTransaction(row, index));
      const comparison = compareStatements(
        counted.map((statement) => ({
          account: { number: statement.accountNumber },
          period: { start: statement.periodStart, end: statement.periodEnd },
          computed: { openingBalance: statement.openingBalanceKobo, closingBalance: statement.closingBalanceKobo },
        })),
      );
      const findings = comparison.filter((check) => check.status !== 'pass' && check.status !== 'skipped');
      const byId = new Map(analysed.map((statement) => [statement.id, statement]));
      const leftOutReasons = combination.statements.flatMap(({ id: statementId, leftOut }) => {
        const fileName = byId.get(statementId)!.fileName;
        if (leftOut === 'inconsistent')
          return [`${fileName} is left out of the combined figures: its balances or totals do not add up`];
        if (leftOut === 'duplicate')
          return [
            `${fileName} is left out of the combined figures: every transaction in it is already in an earlier statement`,
          ];
        return [];
      });
      const duplicateRows = combination.statements.reduce((sum, statement) => sum + statement.duplicateRows, 0);
      const repeats = combination.statements
        .filter((statement) => statement.leftOut === null && statement.duplicateRows > 0)
        .map(
          (statement) =>
            `${byId.get(statement.id)!.fileName} repeats ${statement.duplicateRows} transaction${statement.duplicateRows === 1 ? '' : 's'} of an ` +
            `earlier statement: each is counted once`,
        );
      // The record's verdict is its counted statements' worst; a statement left out as inconsistent makes the record suspicious, not inconsistent.
      let verdict: Verdict | null = analysed.length > 0 ? 'consistent' : null;
      const raise = (implied: Verdict) => {
        if (VERDICT_RANK[implied] > VERDICT_RANK[verdict ?? 'consistent']) verdict = implied;
      };
      for (const statement of counted) if (statement.verdict) raise(statement.verdict);
      for (const check of findings) raise(check.status === 'fail' ? 'inconsistent' : 'suspicious');
      if (leftOutReasons.length > 0) raise('suspicious');
      const reasons = [
        ...leftOutReasons,
        ...repeats,
        ...counted.flatMap((statement) => statement.reasons.map((reason) => `${statement.fileName}: ${reason}`)),
        ...findings.map((check) => check.message),
      ];
      const span = (key: 'gapFrom' | 'overlapFrom', end: 'gapTo' | 'overlapTo') =>
        comparison.flatMap((check) =>
          check.details && typeof check.details[key] === 'string'
            ? [{ from: check.details[key], to: String(check.details[end]) }]
            : [],
        );
      const periodStarts = counted
        .map((statement) => statement.periodStart)
        .filter((value): value is string => value !== null)
        .sort();
      const periodEnds = counted
        .map((statement) => statement.periodEnd)
        .filter((value): value is string => value !== null)
        .sort();
      return {
        record_id: record.id,
        statement_count: counted.length,
        pending_count: statements.length - analysed.length,
        duplicate_rows: duplicateRows,
        statements: combination.statements.map(({ id: statementId, countedRows, duplicateRows: repeated, leftOut }) => {
          const statement = byId.get(statementId)!;
          return {
            id: statement.id,
            file_name: statement.fileName,
            format: statement.format,
            period_start: statement.periodStart,
            period_end: statement.periodEnd,
            verdict: statement.verdict,
            counted_rows: countedRows,
            duplicate_rows: repeated,
            left_out: leftOut,
          };
        }),
        gaps: span('gapFrom', 'gapTo'),
        overlaps: span('overlapFrom', 'overlapTo'),
        ...toAnalysisBody(analyseRows(transactions, accountHolderOf(counted[0]?.accountName)), {
          verdict,
          reasons,
          checks: comparison,
          openingBalance: counted[0]?.openingBalanceKobo ?? null,
          closingBalance: counted.at(-1)?.closingBalanceKobo ?? null,
          periodStart: periodStarts[0] ?? null,
          periodEnd: periodEnds.at(-1) ?? null,
          periodSource: combinedPeriodSource(counted),
        }),
      };
    },

    async transactions(
      caller: Caller,
      id: string,
      params: TransactionQuery & { page: number; count: number; no_pages?: boolean },
    ) {
      const statement = await ownStatement(caller, id);
      const window = pageWindow(params, 100_000);
      const { rows, total, debitsKobo, creditsKobo } = await repo.matchingTransactions(db, statement, params, window);
      return {
        ...toPage(rows.map(toTransaction), total, params),
        aggs: { count: total, total_debits: naira(asKobo(debitsKobo)), total_credits: naira(asKobo(creditsKobo)) },
      };
    },

    async exportTransactions(caller: Caller, id: string, query: TransactionQuery, format: ExportFormat) {
      const statement = await ownStatement(caller, id);
      const { rows } = await repo.matchingTransactions(db, statement, query, { limit: 10_000_000, offset: 0 });
      if (rows.length === 0) throw new AppError('NOT_FOUND', BILL_MESSAGES.noData);
      const base = statement.fileName.replace(/\.[^.]+$/, '');
      return exportTable({
        filename: `${base}-transactions`,
        sheetName: 'Transactions',
        format,
        rows: rows.map(toTransaction),
        columns: [
          { header: 'Row', value: (row) => row.index + 1 },
          { header: 'Date', value: (row) => row.date },
          { header: 'Value date', value: (row) => row.value_date ?? '' },
          { header: 'Narration', value: (row) => row.narration },
          { header: 'Reference', value: (row) => row.reference ?? '' },
          { header: 'Debit (NGN)', value: (row) => row.debit, isMoney: true },
          { header: 'Credit (NGN)', value: (row) => row.credit, isMoney: true },
          { header: 'Balance (NGN)', value: (row) => row.balance ?? '', isMoney: true },
          { header: 'Category', value: (row) => row.category_label },
          { header: 'Counterparty', value: (row) => row.counterparty ?? '' },
          { header: 'Page', value: (row) => row.page },
          { header: 'Corrected', value: (row) => (row.is_corrected ? 'yes' : '') },
        ],
      });
    },

    async analysis(caller: Caller, id: string) {
      const statement = await analysedStatement(caller, id);
      return { statement_id: statement.id, ...analysisBodyOf(statement) };
    },

    async report(caller: Caller, id: string) {
      const statement = await analysedStatement(caller, id);
      const record = (await repo.findRecord(db, statement.recordId))!;
      return renderAnalysisReport({
        statement: await statementView(statement),
        record: toRecord(record, undefined),
        analysis: analysisBodyOf(statement),
        confidence: statement.confidence ? toConfidence(statement.confidence) : null,
        noteCount: statement.notes.length,
      });
    },

    async taxInsight(caller: Caller, id: string) {
      const statement = await analysedStatement(caller, id);
      const [rows, bills, withheld] = await Promise.all([
        repo.transactionsOf(db, [statement.id]),
        deps.paidBills(statement.organisationId),
        deps.withheldWht(statement.organisationId),
      ]);
      return taxInsightOf(
        statement.id,
        rows.map((row) => toEngineTransaction(row)),
        statement.analysis.engine,
        bills,
        withheld,
      );
    },

    async extraction(caller: Caller, id: string, page: number) {
      const statement = await ownStatement(caller, id);
      // A failed statement whose file could be read shows its pages, to map the columns from.
      if (statement.status !== 'analysed' && !(statement.status === 'failed' && statement.pageCount !== null))
        throw new AppError('UNPROCESSABLE', NOT_ANALYSED);
      const pageCount = statement.pageCount ?? 1;
      if (page > pageCount) throw notFound('Page not found.');
      const [stored, rows, mapping] = await Promise.all([
        repo.findPage(db, statement.id, page),
        repo.transactionsOfPage(db, statement.id, page),
        repo.findMapping(db, statement.id),
      ]);
      return {
        statement_id: statement.id,
        format: statement.format,
        page,
        page_count: pageCount,
        layout: statement.layoutId,
        header_labels: statement.headerLabels,
        mapping: mapping ? fromEngineMapping(mapping.mapping) : null,
        lines: (stored ? linesOfPage(stored.lines) : []).map((line) => ({
          y: line.y,
          height: line.height,
          text: line.cells.map((cell) => cell.text).join('  '),
          cells: line.cells,
        })),
        rows: rows.map(toTransaction),
      };
    },
  };
}
