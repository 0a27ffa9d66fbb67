import { randomBytes } from 'node:crypto';
import type {
  CalculatePayeParsed,
  CalculateWhtParsed,
  PayeCalculation,
  SharedCalculation,
  SharedCalculationCreated,
  WhtCalculation,
} from '@levy/contracts';
import {
  asKobo,
  computePaye,
  computePayeUnderRegime,
  computeWht,
  otherPayeRegime,
  preparePayeInput,
  whtTypeName,
  type WhtRateTables,
} from '@levy/tax';
import type { Db } from '../../db/client';
import type { StoredPayeInputs, StoredWhtInputs } from './calculator.schema';
import { AppError, invalidInput, notFound } from '../../errors';
import { findShareByToken, insertShare } from './calculator.repo';
import {
  grossFieldOf,
  money,
  payeAmountsOf,
  payeApiField,
  payeFiguresOf,
  percent,
  regimeResult,
  sharedPayeOf,
  storedWhtOf,
  whtApiField,
  withInputErrors,
  type PayeAmounts,
} from './calculator.mapping';
import { createShareLimiter, SHARE_LIMIT } from './share-limiter';

function calculatePayeFrom(period: string, amounts: PayeAmounts, prefix = ''): PayeCalculation {
  const grossField = grossFieldOf(amounts);
  return withInputErrors(
    () => {
      const { input, pensionIsDefault } = preparePayeInput(period, payeFiguresOf(amounts));
      const inForce = computePaye(input);
      // The same inputs under the other regime, for the side-by-side view.
      const other = computePayeUnderRegime(otherPayeRegime(inForce.regime), input);
      return { period, ...regimeResult(inForce, pensionIsDefault), comparison: regimeResult(other, pensionIsDefault) };
    },
    (field) => payeApiField(field, grossField),
    prefix,
    grossField,
  );
}

function calculateWhtFrom(stored: StoredWhtInputs, tables: WhtRateTables, prefix = ''): WhtCalculation {
  return withInputErrors(
    () => {
      const amount = asKobo(stored.amount_kobo);
      const result = computeWht(
        {
          period: stored.period,
          code: stored.type,
          payeeKind: stored.payee_kind,
          resident: stored.resident,
          hasTaxId: stored.has_tax_id,
          amount,
        },
        tables,
      );
      return {
        period: stored.period,
        type: result.code,
        type_name: whtTypeName(result.code),
        amount: money(amount),
        rate: percent(result.rateBps),
        schedule_rate: percent(result.scheduleRateBps),
        doubled: result.doubled,
        tax: money(result.tax),
        net: money(result.net),
        collector: result.collector,
      };
    },
    whtApiField,
    prefix,
    'amount',
  );
}

// 96 random bits: unguessable, and short enough to read out or paste (16 characters).
function newShareToken(): string {
  return randomBytes(12).toString('base64url');
}

export interface CalculatorDeps {
  db: Db;
  /** The WHT rates as the server knows them, staff rows merged (reference-data, decision 0025). */
  whtRates(): Promise<WhtRateTables>;
  shareLimit?: { max: number; windowMs: number };
}

export function createCalculatorService({ db, whtRates, shareLimit = SHARE_LIMIT }: CalculatorDeps) {
  const limiter = createShareLimiter(shareLimit);
  return {
    calculatePaye(body: CalculatePayeParsed): PayeCalculation {
      return calculatePayeFrom(body.period, payeAmountsOf(body));
    },

    async calculateWht(body: CalculateWhtParsed): Promise<WhtCalculation> {
      return calculateWhtFrom(storedWhtOf(body), await whtRates());
    },

    /**
     * Saves the inputs under a new token. They are computed first, so a shared link never opens
     * to an error; only inputs are stored, in kobo (architecture convention 1).
     */
    async share(
      body: { paye?: CalculatePayeParsed; wht?: CalculateWhtParsed },
      address: string,
    ): Promise<SharedCalculationCreated> {
      let paye: StoredPayeInputs | null = null;
      let wht: StoredWhtInputs | null = null;
      if (body.paye) {
        const amounts = payeAmountsOf(body.paye);
        calculatePayeFrom(body.paye.period, amounts, 'paye.');
        paye = { period: body.paye.period, amounts_kobo: amounts };
      }
      if (body.wht) {
        wht = storedWhtOf(body.wht);
        calculateWhtFrom(wht, await whtRates(), 'wht.');
      }
      if (!paye && !wht) throw invalidInput({ paye: 'Give the PAYE or the WHT inputs to share' });
      const row = await db.transaction(async (tx) => {
        if (!(await limiter.take(tx, address))) {
          throw new AppError(
            'RATE_LIMITED',
            'You have shared many calculations in a short time. Please wait a few minutes and try again.',
          );
        }
        return insertShare(tx, { token: newShareToken(), paye, wht });
      });
      return { token: row.token };
    },

    async findShare(token: string): Promise<SharedCalculation> {
      const row = await findShareByToken(db, token);
      if (!row) throw notFound('This shared calculation was not found. Check the link, or start a new calculation.');
      const { wht } = row;
      return {
        token: row.token,
        paye: row.paye ? sharedPayeOf(row.paye) : null,
        wht: wht
          ? {
              period: wht.period,
              type: wht.type,
              payee_kind: wht.payee_kind,
              resident: wht.resident,
              has_tax_id: wht.has_tax_id,
              amount: money(asKobo(wht.amount_kobo)),
            }
          : null,
        created_at: row.createdAt.toISOString(),
      };
    },
  };
}

export type CalculatorService = ReturnType<typeof createCalculatorService>;
