import type { FundingDifference as FundingDifferenceView, FundingReconciliation } from '@levy/contracts';
import { formatNaira, koboToNairaString, lagosDate, type Kobo } from '@levy/tax';
import {
  FundingUnavailableError,
  type FundingProvider,
  type VerifiedCharge,
} from '../../adapters/payments/funding-provider';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/jobs';
import type { Caller } from '../../http/route';
import { requireOwnOrganisation } from '../accounts/organisation-access';
import * as repo from './wallets.repo';
import { fundingReference } from './wallets.repo';

const RECONCILE_JOB = 'wallets.reconcile-funding';
/** Lagos time: after the provider's day has closed and before the working day starts. */
const RECONCILE_TIME = '05:00';
/** The window: the last three Lagos days and today so far (a transfer the bank reports late is still in it). */
const LOOKBACK_DAYS = 3;
/** How long a difference the reconciliation credited itself stays on the Transactions screen. */
const CREDITED_SHOWN_DAYS = 30;
const DAY_MS = 86_400_000;

/** `26 Nov 2026`, in Lagos (the formatter made once: building one costs more than formatting). */
const LAGOS_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const lagosDay = (at: Date) => LAGOS_DAY.format(at);

/** The start (midnight, Lagos time, UTC+1 all year) of the Lagos day `days` before `at`'s. */
const lagosMidnight = (at: Date, daysBefore: number) =>
  new Date(Date.parse(`${lagosDate(new Date(at.getTime() - daysBefore * DAY_MS))}T00:00:00+01:00`));

/** A charge Levy credits: the same test the webhook's path applies. */
const isCreditable = (charge: VerifiedCharge) =>
  charge.status === 'success' && charge.channel === 'dedicated_nuban' && charge.currency === 'NGN' && charge.amount > 0;

const naira = (kobo: Kobo | null) => (kobo === null ? null : koboToNairaString(kobo));

/** What happened and what to do, in words: the notice on Transactions and the admins' mail say the same. */
export function describeDifference(
  difference: repo.FundingDifference,
  provider: string,
): { whatHappened: string; whatToDo: string } {
  const name = provider === 'paystack' ? 'Paystack' : provider;
  const on = lagosDay(difference.detectedAt);
  const paid = difference.providerAmountKobo === null ? '' : formatNaira(difference.providerAmountKobo);
  const credited = difference.ledgerAmountKobo === null ? '' : formatNaira(difference.ledgerAmountKobo);
  const transaction = `${name} transaction ${difference.transactionId}${difference.providerReference ? ` (reference ${difference.providerReference})` : ''}`;
  if (difference.kind === 'missing_credit' && difference.resolution === 'credited')
    return {
      whatHappened:
        `${name} received a transfer of ${paid} into this wallet's account, but its notice never reached Levy. The daily check on ${on} ` +
        `found it and credited the wallet, once.`,
      whatToDo: 'Nothing: the money is in your wallet. This notice is only so the credit does not surprise you.',
    };
  if (difference.kind === 'missing_credit')
    return {
      whatHappened: `${name} received a transfer of ${paid} into this wallet's account (${transaction}), but Levy could not credit it when checking on ${on}.`,
      whatToDo: `Contact Levy support with the ${name} transaction id ${difference.transactionId}: the wallet has not been credited.`,
    };
  if (difference.kind === 'unknown_credit')
    return {
      whatHappened:
        `The wallet was credited ${credited} for ${transaction}, but ${name} does not list it as a successful ` +
        `transfer${difference.providerStatus ? ` (it says ${difference.providerStatus})` : ' (it knows no such transaction)'}.`,
      whatToDo:
        `Check your bank statement for this transfer before paying from it, and contact Levy support with the ${name} transaction id ` +
        `${difference.transactionId}.`,
    };
  return {
    whatHappened: `The wallet was credited ${credited} for ${transaction}, but ${name} now says it received ${paid}.`,
    whatToDo:
      `Check the amount on the sender's bank statement and contact Levy support with the ${name} transaction id ${difference.transactionId}; ` +
      `the wallet's balance is not changed until then.`,
  };
}

/**
 * The daily funding reconciliation (decision 0044): the provider's successful transfers into
 * wallet accounts over the last three Lagos days are compared with the ledger's credits by the
 * provider's transaction id. A transfer the ledger lacks is verified and credited through the
 * webhook's own path (once, whatever arrives later); a credit the provider does not list, or an
 * amount that differs, is recorded for a person to check. Every difference is recorded once and
 * mailed once to its organisation's admins. Money out in the same run: every withdrawal still
 * processing a minute after it started is asked about again (decision 0043), so one whose answer
 * was lost is settled even when no one opens the withdrawals.
 */
export function createFundingReconciliation(deps: {
  db: Db;
  jobs: Jobs;
  provider: FundingProvider;
  /** The webhook's path: verifies the charge with the provider and credits it once. */
  applyCharge(reference: string): Promise<{ outcome: string; credit?: { credited: boolean } }>;
  /** The organisation's admins' addresses. */
  adminEmailsOf(organisationId: string): Promise<string[]>;
  /** Mails them (through the mail outbox, in the caller's transaction). */
  mail(tx: Db, mail: { to: string; subject: string; text: string; links: string[] }): Promise<void>;
  appUrl: string;
  now: () => Date;
  /** Money out, checked in the same run: withdrawals no answer settled are asked about again; answers how many. */
  recheckWithdrawals(): Promise<number>;
}) {
  const { db, provider } = deps;

  function view(difference: repo.FundingDifference, walletName: string): FundingDifferenceView {
    const { whatHappened, whatToDo } = describeDifference(difference, provider.name);
    return {
      id: difference.id,
      kind: difference.kind,
      resolution: difference.resolution,
      wallet: { id: difference.walletId, name: walletName },
      transaction_id: difference.transactionId,
      provider_reference: difference.providerReference,
      provider_amount: naira(difference.providerAmountKobo),
      provider_status: difference.providerStatus,
      ledger_amount: naira(difference.ledgerAmountKobo),
      what_happened: whatHappened,
      what_to_do: whatToDo,
      detected_at: difference.detectedAt.toISOString(),
    };
  }

  /** Records a difference and, the first time only, mails the organisation's admins in the same transaction. */
  async function record(
    difference: Omit<repo.NewFundingDifference, 'provider' | 'detectedAt'>,
    walletName: string,
  ): Promise<FundingDifferenceView | null> {
    // Read before the transaction: on the embedded database a transaction holds the only connection.
    const admins = await deps.adminEmailsOf(difference.organisationId);
    return db.transaction(async (tx) => {
      const row = await repo.insertFundingDifference(tx, {
        ...difference,
        provider: provider.name,
        detectedAt: deps.now(),
      });
      if (!row) return null;
      const shown = view(row, walletName);
      const link = `${deps.appUrl}/transactions`;
      const subject =
        row.resolution === 'credited'
          ? `A transfer into ${walletName} was credited by the daily check`
          : `A transfer into ${walletName} needs checking`;
      for (const to of new Set(admins))
        await deps.mail(tx, {
          to,
          subject,
          text: `${shown.what_happened}\n\nWhat to do: ${shown.what_to_do}\n\nSee it on Transactions: ${link}`,
          links: [link],
        });
      return shown;
    });
  }

  async function reconcile(): Promise<FundingReconciliation> {
    const to = deps.now();
    const from = lagosMidnight(to, LOOKBACK_DAYS);
    let charges: VerifiedCharge[];
    try {
      charges = (await provider.listCharges({ from, to })).filter(isCreditable);
    } catch (error) {
      if (error instanceof FundingUnavailableError)
        throw new AppError('UNAVAILABLE', `${error.message} Nothing was checked; please try again later.`);
      throw error;
    }
    const differences: FundingDifferenceView[] = [];
    const keep = (shown: FundingDifferenceView | null) => void (shown && differences.push(shown));
    let matched = 0;
    let notOurs = 0;

    const credits = new Map(
      (
        await repo.findFundingCredits(
          db,
          charges.map((charge) => fundingReference(provider.name, charge.transactionId)),
        )
      ).map((credit) => [credit.reference, credit]),
    );
    for (const charge of charges) {
      const credit = credits.get(fundingReference(provider.name, charge.transactionId));
      const common = {
        transactionId: charge.transactionId,
        providerReference: charge.reference,
        providerAmountKobo: charge.amount,
        providerStatus: charge.status,
      };
      if (credit) {
        if (credit.amountKobo === charge.amount) matched += 1;
        else
          keep(
            await record(
              {
                ...common,
                kind: 'amount_mismatch',
                organisationId: credit.organisationId,
                walletId: credit.walletId,
                ledgerAmountKobo: credit.amountKobo,
                resolution: 'to_check',
              },
              credit.walletName,
            ),
          );
        continue;
      }
      const owner = charge.accountNumber ? await repo.findWalletByAccountNumber(db, charge.accountNumber) : undefined;
      if (!owner) {
        notOurs += 1;
        continue;
      }
      // The webhook's own path: verified again with the provider, credited once by its transaction id.
      const applied = await deps.applyCharge(charge.reference).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'UNPROCESSABLE') return null;
        throw error;
      });
      if (applied?.credit && !applied.credit.credited) {
        // The webhook credited it meanwhile.
        matched += 1;
        continue;
      }
      keep(
        await record(
          {
            ...common,
            kind: 'missing_credit',
            organisationId: owner.wallet.organisationId!,
            walletId: owner.wallet.id,
            ledgerAmountKobo: applied?.credit ? charge.amount : null,
            resolution: applied?.credit ? 'credited' : 'to_check',
          },
          owner.wallet.name,
        ),
      );
    }

    // Credits of the window the provider did not list: asked about one by one (a transfer paid
    // before the window but credited in it is listed under its own day).
    const listed = new Set(charges.map((charge) => charge.transactionId));
    const prefix = fundingReference(provider.name, '');
    const posted = await repo.findFundingCreditsBetween(db, prefix, from, to);
    for (const credit of posted.filter((each) => !listed.has(each.reference.slice(prefix.length)))) {
      const transactionId = credit.reference.slice(prefix.length);
      const said = await provider.fetchCharge(transactionId).catch((error: unknown) => {
        if (error instanceof FundingUnavailableError)
          throw new AppError('UNAVAILABLE', `${error.message} The check stopped; please try again later.`);
        throw error;
      });
      if (said && isCreditable(said) && said.amount === credit.amountKobo) {
        matched += 1;
        continue;
      }
      keep(
        await record(
          {
            kind: said && isCreditable(said) ? 'amount_mismatch' : 'unknown_credit',
            organisationId: credit.organisationId,
            walletId: credit.walletId,
            transactionId,
            providerReference: said?.reference ?? null,
            providerAmountKobo: said?.amount ?? null,
            providerStatus: said?.status ?? null,
            ledgerAmountKobo: credit.amountKobo,
            resolution: 'to_check',
          },
          credit.walletName,
        ),
      );
    }
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      charges_checked: charges.length - notOurs,
      credits_checked: posted.length,
      matched,
      not_ours: notOurs,
      differences,
      withdrawals_rechecked: await deps.recheckWithdrawals(),
    };
  }

  deps.jobs.define<object>({
    name: RECONCILE_JOB,
    options: { retryLimit: 2, retryDelaySeconds: 300, expireInSeconds: 3600 },
    handle: async () => void (await reconcile()),
  });
  deps.jobs.scheduleDaily(RECONCILE_JOB, RECONCILE_TIME);

  return {
    reconcile,

    /** What the Transactions screen shows: differences still to check, and those credited in the last 30 days. */
    async differences(caller: Caller, organisationId: string): Promise<FundingDifferenceView[]> {
      requireOwnOrganisation(caller, organisationId);
      const since = new Date(deps.now().getTime() - CREDITED_SHOWN_DAYS * DAY_MS);
      const rows = await repo.findFundingDifferences(db, organisationId, since);
      return rows.map(({ difference, walletName }) => view(difference, walletName));
    },
  };
}

export type FundingReconciliationService = ReturnType<typeof createFundingReconciliation>;
