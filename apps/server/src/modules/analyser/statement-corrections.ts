import { toKobo } from '@levy/tax';
import { accountHolderOf } from '@levy/statements';
import type { Db } from '../../db/client';
import { invalidInput } from '../../errors';
import type { Caller } from '../../http/route';
import type { AnalyserAccess } from './analyser-access';
import { openingOf } from './analyser-views';
import * as repo from './analyser.repo';
import type { CorrectedFields } from './analyser.schema';
import {
  analyseRows,
  applyCorrection,
  correctableFields,
  toEngineTransaction,
  toStoredRow,
  totalsOf,
} from './statement-rows';

interface TransactionCorrectionInput {
  index: number;
  category?: string;
  date?: string;
  narration?: string;
  counterparty?: string;
  debit?: string;
  credit?: string;
  balance?: string;
}

/** A correction's fields as stored: money in kobo, an empty counterparty as none. */
function correctedFields(correction: TransactionCorrectionInput): CorrectedFields {
  return {
    ...(correction.category !== undefined && { category: correction.category }),
    ...(correction.date !== undefined && { date: correction.date }),
    ...(correction.narration !== undefined && { narration: correction.narration }),
    ...(correction.counterparty !== undefined && { counterparty: correction.counterparty || null }),
    ...(correction.debit !== undefined && { debitKobo: toKobo(correction.debit) }),
    ...(correction.credit !== undefined && { creditKobo: toKobo(correction.credit) }),
    ...(correction.balance !== undefined && { balanceKobo: toKobo(correction.balance) }),
  };
}

/** People's corrections of rows as read: kept beside the rows, applied to them, and the statement analysed again. */
export function createStatementCorrections(deps: { db: Db; access: AnalyserAccess }) {
  const { db } = deps;
  const { analysedStatement, statementDetail } = deps.access;

  /** Analyses the statement's rows as they stand (after corrections) and stores the result. */
  async function reanalyse(tx: Db, statementId: string, accountName: string | null) {
    const rows = await repo.transactionsOf(tx, [statementId]);
    const transactions = rows.sort((a, b) => a.index - b.index).map((row) => toEngineTransaction(row));
    const totals = totalsOf(transactions);
    await repo.updateStatement(tx, statementId, {
      analysis: analyseRows(transactions, accountHolderOf(accountName)),
      totalDebitsKobo: totals.debits,
      totalCreditsKobo: totals.credits,
      openingBalanceKobo: openingOf(transactions),
      closingBalanceKobo: transactions.at(-1)?.balance ?? null,
      analysedAt: new Date(),
    });
  }

  return {
    /** Applies per-row corrections (merged with earlier ones) and analyses the statement again at once. */
    async saveCorrections(caller: Caller, id: string, corrections: TransactionCorrectionInput[]) {
      const statement = await analysedStatement(caller, id);
      // Several corrections of one row in a request are one correction, the later fields winning.
      const byIndex = new Map<number, CorrectedFields>();
      for (const correction of corrections)
        byIndex.set(correction.index, { ...byIndex.get(correction.index), ...correctedFields(correction) });
      await db.transaction(async (tx) => {
        const rows = new Map(
          (await repo.findTransactions(tx, statement.id, [...byIndex.keys()])).map((row) => [row.index, row]),
        );
        const missing = [...byIndex.keys()].find((index) => !rows.has(index));
        if (missing !== undefined) throw invalidInput({ corrections: `Row ${missing} is not in this statement` });
        const earlier = new Map(
          (await repo.correctionsOf(tx, statement.id)).map((correction) => [correction.index, correction]),
        );
        for (const [index, fields] of byIndex) {
          const current = toEngineTransaction(rows.get(index)!);
          const before = earlier.get(index);
          await repo.upsertCorrection(tx, {
            statementId: statement.id,
            index,
            fields: { ...before?.fields, ...fields },
            original: before?.original ?? correctableFields(current),
            correctedBy: caller.userId,
          });
          await repo.updateTransaction(
            tx,
            statement.id,
            index,
            toStoredRow(statement.id, applyCorrection(current, fields), true),
          );
        }
        await reanalyse(tx, statement.id, statement.accountName);
      });
      return statementDetail(statement.id);
    },

    /** Puts every corrected row back as read and analyses again. */
    async clearCorrections(caller: Caller, id: string) {
      const statement = await analysedStatement(caller, id);
      await db.transaction(async (tx) => {
        const corrections = await repo.correctionsOf(tx, statement.id);
        const rows = new Map(
          (
            await repo.findTransactions(
              tx,
              statement.id,
              corrections.map((correction) => correction.index),
            )
          ).map((row) => [row.index, row]),
        );
        for (const correction of corrections) {
          const row = rows.get(correction.index);
          if (!row) continue;
          await repo.updateTransaction(
            tx,
            statement.id,
            correction.index,
            toStoredRow(statement.id, applyCorrection(toEngineTransaction(row), correction.original), false),
          );
        }
        await repo.deleteCorrections(tx, statement.id);
        await reanalyse(tx, statement.id, statement.accountName);
      });
      return statementDetail(statement.id);
    },
  };
}
