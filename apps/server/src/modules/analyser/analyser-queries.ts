import { BILL_MESSAGES, type PeriodSource, type RecordAnalysis } from '@levy/contracts';
import { compareStatements, type ColumnMapping, type Transaction, type Verdict } from '@levy/statements';
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
import { analyseRows, linesOfPage, toEngineTransaction } from './statement-rows';
import { taxInsightOf, type PaidBill } from './tax-insight';

const VERDICT_RANK: Record<Verdict, number> = { consistent: 0, suspicious: 1, inconsistent: 2 };

/** The engine's column mapping as the contract shows it (snake_case). */
function fromEngineMapping(mapping: ColumnMapping) {
  const { valueDate, date, narration, ...rest } = mapping;
  return { ...rest, date: date ?? 0, narration: narration ?? 0, ...(valueDate === undefined ? {} : { value_date: valueDate }) };
}

/** Statements together: printed only when every one prints its period. */
function combinedPeriodSource(statements: ReadonlyArray<{ periodSource: PeriodSource | null }>): PeriodSource | null {
  if (statements.length === 0) return null;
  return statements.every((statement) => statement.periodSource === 'printed') ? 'printed' : 'transactions';
}

/** What the analyser shows of statements once read: a record's statements together, rows, exports, the analysis, its report, tax insight and pages. */
export function createAnalyserQueries(deps: { db: Db; access: AnalyserAccess; paidBills(organisationId: string): Promise<PaidBill[]> }) {
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
    /** Every analysed statement of the record together: gaps and overlaps between them, and the analysis of all their rows. */
    async recordAnalysis(caller: Caller, id: string): Promise<RecordAnalysis> {
      const record = await ownRecord(caller, id);
      const statements = await repo.statementsOfRecord(db, record.id);
      const analysed = statements.filter((statement) => statement.status === 'analysed');
      const order = new Map(analysed.map((statement, position) => [statement.id, position]));
      const rows = await repo.transactionsOf(db, analysed.map((statement) => statement.id));
      rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : order.get(a.statementId)! - order.get(b.statementId)! || a.index - b.index));
      const transactions: Transaction[] = rows.map((row, index) => toEngineTransaction(row, index));
      const comparison = compareStatements(
        analysed.map((statement) => ({
          account: { number: statement.accountNumber },
          period: { start: statement.periodStart, end: statement.periodEnd },
          computed: { openingBalance: statement.openingBalanceKobo, closingBalance: statement.closingBalanceKobo },
        })),
      );
      const findings = comparison.filter((check) => check.status !== 'pass' && check.status !== 'skipped');
      let verdict: Verdict | null = analysed.length > 0 ? 'consistent' : null;
      for (const statement of analysed) if (statement.verdict && VERDICT_RANK[statement.verdict] > VERDICT_RANK[verdict ?? 'consistent']) verdict = statement.verdict;
      for (const check of findings) {
        const implied: Verdict = check.status === 'fail' ? 'inconsistent' : 'suspicious';
        if (VERDICT_RANK[implied] > VERDICT_RANK[verdict ?? 'consistent']) verdict = implied;
      }
      const reasons = [...analysed.flatMap((statement) => statement.reasons.map((reason) => `${statement.fileName}: ${reason}`)), ...findings.map((check) => check.message)];
      const span = (key: 'gapFrom' | 'overlapFrom', end: 'gapTo' | 'overlapTo') =>
        comparison.flatMap((check) => (check.details && typeof check.details[key] === 'string' ? [{ from: check.details[key], to: String(check.details[end]) }] : []));
      const periodStarts = analysed.map((statement) => statement.periodStart).filter((value): value is string => value !== null).sort();
      const periodEnds = analysed.map((statement) => statement.periodEnd).filter((value): value is string => value !== null).sort();
      return {
        record_id: record.id,
        statement_count: analysed.length,
        pending_count: statements.length - analysed.length,
        statements: analysed.map((statement) => ({ id: statement.id, file_name: statement.fileName, format: statement.format, period_start: statement.periodStart, period_end: statement.periodEnd, verdict: statement.verdict })),
        gaps: span('gapFrom', 'gapTo'),
        overlaps: span('overlapFrom', 'overlapTo'),
        ...toAnalysisBody(analyseRows(transactions), {
          verdict,
          reasons,
          checks: comparison,
          openingBalance: analysed[0]?.openingBalanceKobo ?? null,
          closingBalance: analysed.at(-1)?.closingBalanceKobo ?? null,
          periodStart: periodStarts[0] ?? null,
          periodEnd: periodEnds.at(-1) ?? null,
          periodSource: combinedPeriodSource(analysed),
        }),
      };
    },

    async transactions(caller: Caller, id: string, params: TransactionQuery & { page: number; count: number; no_pages?: boolean }) {
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
      const [rows, bills] = await Promise.all([repo.transactionsOf(db, [statement.id]), deps.paidBills(statement.organisationId)]);
      return taxInsightOf(
        statement.id,
        rows.map((row) => toEngineTransaction(row)),
        statement.analysis.engine,
        bills,
      );
    },

    async extraction(caller: Caller, id: string, page: number) {
      const statement = await ownStatement(caller, id);
      // A failed statement whose file could be read shows its pages, to map the columns from.
      if (statement.status !== 'analysed' && !(statement.status === 'failed' && statement.pageCount !== null)) throw new AppError('UNPROCESSABLE', NOT_ANALYSED);
      const pageCount = statement.pageCount ?? 1;
      if (page > pageCount) throw notFound('Page not found.');
      const [stored, rows, mapping] = await Promise.all([repo.findPage(db, statement.id, page), repo.transactionsOfPage(db, statement.id, page), repo.findMapping(db, statement.id)]);
      return {
        statement_id: statement.id,
        format: statement.format,
        page,
        page_count: pageCount,
        layout: statement.layoutId,
        header_labels: statement.headerLabels,
        mapping: mapping ? fromEngineMapping(mapping.mapping) : null,
        lines: (stored ? linesOfPage(stored.lines) : []).map((line) => ({ y: line.y, height: line.height, text: line.cells.map((cell) => cell.text).join('  '), cells: line.cells })),
        rows: rows.map(toTransaction),
      };
    },
  };
}
