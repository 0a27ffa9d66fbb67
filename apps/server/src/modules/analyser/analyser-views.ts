import {
  BANK_CATEGORIES,
  CHARGE_KIND_CODES,
  CHARGE_KINDS,
  type BankCategory,
  type ChargeKindCode,
  type StatementDetail,
  type StatementErrorReason,
  type StatementFolder,
  type StatementRecord,
  type StatementTransaction,
  type Statement,
  type StatementAnalysisData,
  type StatementConfidenceData,
  type PeriodSource,
} from '@levy/contracts';
import type { StatementCheck, StatementConfidence, Transaction } from '@levy/statements';
import { asKobo, koboToNairaString, shortMonthName, type Kobo } from '@levy/tax';
import type { FolderRow, RecordRow, StatementRow, TransactionRow } from './analyser.repo';
import type { StoredAnalysis } from './analyser.schema';

/** The analyser's rows as the API shows them: snake_case, naira strings, ISO times. */

export const naira = (amount: Kobo): string => koboToNairaString(amount);
const nairaOrNull = (amount: Kobo | null | undefined): string | null =>
  amount === null || amount === undefined ? null : koboToNairaString(amount);

export function toFolder(row: FolderRow, counts: { records: number; statements: number } | undefined): StatementFolder {
  return {
    id: row.id,
    name: row.name,
    record_count: counts?.records ?? 0,
    statement_count: counts?.statements ?? 0,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toRecord(
  row: RecordRow,
  span: { statements: number; periodStart: string | null; periodEnd: string | null } | undefined,
): StatementRecord {
  return {
    id: row.id,
    folder_id: row.folderId,
    name: row.name,
    account_number: row.accountNumber,
    bank_name: row.bankName,
    statement_count: span?.statements ?? 0,
    period_start: span?.periodStart ?? null,
    period_end: span?.periodEnd ?? null,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toStatement(
  row: StatementRow,
  extra: { folderId: string; hasMapping: boolean; correctionCount: number },
): Statement {
  const isAnalysed = row.status === 'analysed';
  return {
    id: row.id,
    record_id: row.recordId,
    folder_id: extra.folderId,
    file_name: row.fileName,
    format: row.format,
    file_size: row.fileSize,
    status: row.status,
    progress: { stage: row.stage, done: row.progressDone, total: row.progressTotal, percent: row.progressPercent },
    verdict: isAnalysed ? row.verdict : null,
    reasons: isAnalysed ? row.reasons : [],
    period_start: isAnalysed ? row.periodStart : null,
    period_end: isAnalysed ? row.periodEnd : null,
    period_source: isAnalysed ? row.periodSource : null,
    totals:
      isAnalysed && row.totalDebitsKobo !== null && row.totalCreditsKobo !== null
        ? {
            opening_balance: nairaOrNull(row.openingBalanceKobo),
            closing_balance: nairaOrNull(row.closingBalanceKobo),
            total_credits: naira(row.totalCreditsKobo),
            total_debits: naira(row.totalDebitsKobo),
            transaction_count: row.transactionCount ?? 0,
          }
        : null,
    account_name: row.accountName,
    account_number: row.accountNumber,
    bank_name: row.bankName,
    layout: row.layoutId,
    page_count: row.pageCount,
    has_mapping: extra.hasMapping,
    correction_count: extra.correctionCount,
    error_code: row.status === 'failed' ? ((row.errorCode as StatementErrorReason | null) ?? 'UNREADABLE') : null,
    error_message: row.status === 'failed' ? row.errorMessage : null,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    analysed_at: row.analysedAt?.toISOString() ?? null,
  };
}

export function toChecks(checks: readonly StatementCheck[]) {
  return checks.map((check) => ({ id: check.id, status: check.status, message: check.message }));
}

export function toStatementDetail(row: StatementRow, summary: Statement): StatementDetail {
  const isAnalysed = row.status === 'analysed';
  const printed = isAnalysed ? row.printed : null;
  const metadata = isAnalysed ? row.metadata : null;
  return {
    ...summary,
    checks: isAnalysed ? toChecks(row.checks) : [],
    printed: {
      opening_balance: nairaOrNull(printed?.openingBalance),
      closing_balance: nairaOrNull(printed?.closingBalance),
      total_debits: nairaOrNull(printed?.totalDebits),
      total_credits: nairaOrNull(printed?.totalCredits),
    },
    metadata: metadata
      ? {
          producer: metadata.producer,
          creator: metadata.creator,
          created_at: metadata.createdAt,
          modified_at: metadata.modifiedAt,
          is_encrypted: metadata.isEncrypted,
        }
      : null,
    skipped_rows: isAnalysed ? row.skippedRows : [],
    confidence: isAnalysed && row.confidence ? toConfidence(row.confidence) : null,
    notes: isAnalysed
      ? row.notes.map((note) => ({
          message: note.message,
          row: note.index === null ? null : note.index + 1,
          date: note.date,
          page: note.page,
        }))
      : [],
  };
}

export function toConfidence(confidence: StatementConfidence): StatementConfidenceData {
  return {
    checked_rows: confidence.checkedRows,
    reconciled_rows: confidence.reconciledRows,
    reconciled_share: confidence.reconciledShare,
    columns_from: confidence.columnsFrom,
    decided_by_balance: confidence.decidedByBalance,
    // Kept before the field existed: the explanation says it when it happened.
    swapped_columns: confidence.swappedColumns ?? false,
    explanation: confidence.explanation,
    // Kept before lines not read were listed: none were reported then.
    unplaced_lines: confidence.unplacedLines ?? [],
    unplaced_count: confidence.unplacedCount ?? 0,
  };
}

export function toTransaction(row: TransactionRow): StatementTransaction {
  const isCredit = row.creditKobo > 0;
  const category = row.category as BankCategory;
  return {
    index: row.index,
    date: row.date,
    value_date: row.valueDate,
    narration: row.narration,
    reference: row.reference,
    type: isCredit ? 'credit' : 'debit',
    debit: naira(row.debitKobo),
    credit: naira(row.creditKobo),
    amount: naira(isCredit ? row.creditKobo : row.debitKobo),
    balance: nairaOrNull(row.balanceKobo),
    channel: row.channel,
    counterparty: row.counterparty,
    category,
    category_label: BANK_CATEGORIES[category],
    charge_kind: row.chargeKind as ChargeKindCode | null,
    page: row.page,
    y: row.y,
    is_corrected: row.isCorrected,
  };
}

const flagged = (row: { index: number; date: string; amount: Kobo; narration: string }) => ({
  index: row.index,
  date: row.date,
  amount: naira(row.amount),
  narration: row.narration,
});

/** The analysis panels: summary figures, monthly flows with closing balances, balances by day, categories, salary, recurring debits … */
export function toAnalysisBody(
  analysis: StoredAnalysis,
  context: {
    verdict: StatementAnalysisData['verdict'];
    reasons: string[];
    checks: readonly StatementCheck[];
    openingBalance: Kobo | null;
    closingBalance: Kobo | null;
    periodStart: string | null;
    periodEnd: string | null;
    periodSource: PeriodSource | null;
  },
): Omit<StatementAnalysisData, 'statement_id'> {
  const { engine } = analysis;
  const closingByMonth = new Map<string, Kobo>();
  for (const point of analysis.balances) closingByMonth.set(point.date.slice(0, 7), point.balance);
  return {
    summary: {
      inflow: naira(engine.totals.inflow),
      outflow: naira(engine.totals.outflow),
      net: naira(engine.totals.net),
      count: engine.totals.count,
      average_balance: nairaOrNull(engine.balances.average),
      minimum_balance: nairaOrNull(engine.balances.minimum),
      maximum_balance: nairaOrNull(engine.balances.maximum),
      opening_balance: nairaOrNull(context.openingBalance),
      closing_balance: nairaOrNull(context.closingBalance),
      period_start: context.periodStart,
      period_end: context.periodEnd,
      period_source: context.periodSource,
    },
    monthly: engine.monthly.map((flow) => ({
      month: flow.month,
      label: shortMonthName(flow.month),
      inflow: naira(flow.inflow),
      outflow: naira(flow.outflow),
      net: naira(flow.net),
      count: flow.count,
      closing_balance: nairaOrNull(closingByMonth.get(flow.month)),
    })),
    balances: analysis.balances.map((point) => ({ date: point.date, balance: naira(point.balance) })),
    categories: engine.categories.map((total) => ({
      category: total.category,
      label: BANK_CATEGORIES[total.category],
      count: total.count,
      debits: naira(total.debits),
      credits: naira(total.credits),
    })),
    salary: {
      is_detected: engine.salary.isDetected,
      confidence: engine.salary.confidence,
      payer: engine.salary.payer,
      monthly_amount: nairaOrNull(engine.salary.monthlyAmount),
      typical_day: engine.salary.typicalDay,
      months: engine.salary.months,
      transaction_indexes: engine.salary.transactionIndexes,
    },
    recurring_debits: engine.recurringDebits.map((debit) => ({
      payee: debit.payee,
      count: debit.count,
      months: debit.months,
      typical_amount: naira(debit.typicalAmount),
      total: naira(debit.total),
      category: debit.category,
    })),
    top_counterparties: engine.topCounterparties.map((party) => ({
      name: party.name,
      inflow: naira(party.inflow),
      outflow: naira(party.outflow),
      count: party.count,
    })),
    reversals: engine.reversals.map((row) => ({ ...flagged(row), reverses_index: row.reversesIndex })),
    bounced: engine.bounced.map(flagged),
    charges: {
      total: naira(engine.charges.total),
      vat: naira(engine.charges.vat),
      count: engine.charges.count,
      by_kind: CHARGE_KIND_CODES.flatMap((kind) => {
        const amount = engine.charges.byKind[kind];
        return amount === undefined ? [] : [{ kind, label: CHARGE_KINDS[kind], amount: naira(amount) }];
      }),
    },
    tax_payments: { total: naira(engine.taxPayments.total), payments: engine.taxPayments.payments.map(flagged) },
    verdict: context.verdict,
    reasons: context.reasons,
    checks: toChecks(context.checks),
  };
}

/** The opening balance the rows imply: the first balance before its own movement. */
export function openingOf(transactions: readonly Transaction[]): Kobo | null {
  const first = transactions[0];
  return first && first.balance !== null ? asKobo(first.balance + first.debit - first.credit) : null;
}
