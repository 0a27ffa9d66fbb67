import { createHmac, timingSafeEqual } from 'node:crypto';
import { asKobo } from '@levy/tax';
import { z } from 'zod';
import {
  FundingUnavailableError,
  TransferRefusedError,
  type AssignedAccount,
  type FundingEvent,
  type FundingProvider,
  type Transfer,
  type VerifiedCharge,
} from './funding-provider';

const PAGE_SIZE = 100;

// Paystack's answers, read leniently: only the fields Levy relies on (docs/payment-rails/paystack.md).
const envelope = z.object({
  status: z.boolean(),
  message: z.string().default(''),
  data: z.unknown().optional(),
  meta: z.unknown().optional(),
});

const transaction = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  reference: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  channel: z.string(),
  paid_at: z.string().nullish(),
  customer: z.object({ customer_code: z.string().nullish() }).nullish(),
  authorization: z
    .object({ receiver_bank_account_number: z.string().nullish(), sender_name: z.string().nullish() })
    .nullish(),
});

const dedicatedAccount = z.object({
  account_number: z.string(),
  account_name: z.string(),
  bank: z.object({ name: z.string(), slug: z.string() }),
});

const transfer = z.object({
  reference: z.string(),
  transfer_code: z.string().nullish(),
  status: z.string(),
  amount: z.number().int(),
  gateway_response: z.string().nullish(),
  reason: z.string().nullish(),
});

const TRANSFER_EVENTS = ['transfer.success', 'transfer.failed', 'transfer.reversed'];

function toTransfer(data: z.infer<typeof transfer>): Transfer {
  return {
    reference: data.reference,
    transferCode: data.transfer_code ?? null,
    status: data.status,
    amount: asKobo(data.amount),
    // Paystack's `reason` is the narration Levy sent; why it failed is the gateway's answer.
    reason: data.gateway_response ?? null,
  };
}

const webhook = z.object({ event: z.string(), data: z.record(z.string(), z.unknown()) });
const customerOf = z.object({ customer: z.object({ customer_code: z.string() }) });
const pageMeta = z.object({ pageCount: z.number().int() });

function toCharge(data: z.infer<typeof transaction>): VerifiedCharge {
  return {
    transactionId: data.id,
    reference: data.reference,
    status: data.status,
    amount: asKobo(data.amount),
    currency: data.currency,
    channel: data.channel,
    accountNumber: data.authorization?.receiver_bank_account_number ?? null,
    customerCode: data.customer?.customer_code ?? null,
    senderName: data.authorization?.sender_name ?? null,
    paidAt: data.paid_at ? new Date(data.paid_at) : null,
  };
}

function toAccount(account: z.infer<typeof dedicatedAccount>): AssignedAccount {
  return {
    accountNumber: account.account_number,
    accountName: account.account_name,
    bankName: account.bank.name,
    bankSlug: account.bank.slug,
  };
}

/**
 * The Paystack adapter: Dedicated Virtual Accounts and transfers over Paystack's HTTP API (bearer
 * secret key, JSON envelope, amounts in kobo) and its webhooks signed with HMAC-SHA512 of the raw body.
 */
export function createPaystackFunding(options: {
  baseUrl: string;
  secretKey: string;
  timeoutMs: number;
}): FundingProvider {
  const sign = (rawBody: Buffer) => createHmac('sha512', options.secretKey).update(rawBody).digest('hex');

  /** One call; null when Paystack answers that it does not know the thing asked for. */
  async function call(method: 'GET' | 'POST', path: string, body?: object): Promise<z.infer<typeof envelope> | null> {
    const answer = await exchange(method, path, body);
    return 'refused' in answer ? null : answer;
  }

  /** One call; `refused` with Paystack's message when it answers 400, 404 or 422 (bad input, no such thing). */
  async function exchange(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
  ): Promise<z.infer<typeof envelope> | { refused: string }> {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch {
      throw new FundingUnavailableError('Paystack did not answer in time.');
    }
    const parsed = envelope.safeParse(await response.json().catch(() => null));
    if (response.status === 404 || ((response.status === 400 || response.status === 422) && parsed.success))
      return { refused: parsed.success ? parsed.data.message : 'Not found' };
    if (response.status === 401)
      throw new FundingUnavailableError('Paystack refused the secret key (PAYSTACK_SECRET_KEY).');
    if (!response.ok || !parsed.success || !parsed.data.status)
      throw new FundingUnavailableError(
        `Paystack answered ${response.status}${parsed.success ? `: ${parsed.data.message}` : ''}.`,
      );
    return parsed.data;
  }

  async function required(method: 'GET' | 'POST', path: string, body?: object) {
    const answer = await call(method, path, body);
    if (!answer) throw new FundingUnavailableError(`Paystack refused ${method} ${path.split('?')[0]}.`);
    return answer;
  }

  return {
    name: 'paystack',
    signatureHeader: 'x-paystack-signature',

    isSignatureValid(rawBody, signature) {
      if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
      return timingSafeEqual(Buffer.from(sign(rawBody), 'hex'), Buffer.from(signature, 'hex'));
    },

    readEvent(rawBody): FundingEvent {
      const { event, data } = webhook.parse(JSON.parse(rawBody.toString('utf8')));
      if (event === 'charge.success') return { kind: 'charge', reference: z.string().min(1).parse(data.reference) };
      if (TRANSFER_EVENTS.includes(event))
        return { kind: 'transfer', reference: z.string().min(1).parse(data.reference), event };
      if (event === 'dedicatedaccount.assign.success') {
        // The docs' samples nest the account; the OpenAPI schema sends it flat with the customer inside.
        const account = dedicatedAccount.parse(data.dedicated_account ?? data);
        return {
          kind: 'assigned',
          customerCode: customerOf.parse(data).customer.customer_code,
          account: toAccount(account),
        };
      }
      if (event === 'dedicatedaccount.assign.failed') {
        const reason =
          typeof data.reason === 'string' && data.reason
            ? data.reason
            : 'Paystack could not assign an account to this customer.';
        return { kind: 'assignment_failed', customerCode: customerOf.parse(data).customer.customer_code, reason };
      }
      return { kind: 'ignored', event };
    },

    async createCustomer(wallet) {
      const customer = await required('POST', '/customer', { email: wallet.email, first_name: wallet.name });
      return { customerCode: z.object({ customer_code: z.string() }).parse(customer.data).customer_code };
    },

    async requestAccount(wallet) {
      // The banks on offer depend on the business and the mode (test mode offers only its test bank).
      const providers = z
        .array(z.object({ provider_slug: z.string() }))
        .min(1)
        .parse((await required('GET', '/dedicated_account/available_providers')).data);
      await required('POST', '/dedicated_account/assign', {
        email: wallet.email,
        first_name: wallet.name,
        preferred_bank: providers[0].provider_slug,
        country: 'NG',
      });
    },

    async verifyCharge(reference) {
      const answer = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      return answer ? toCharge(transaction.parse(answer.data)) : null;
    },

    async fetchCharge(transactionId) {
      if (!/^\d+$/.test(transactionId)) return null;
      const answer = await call('GET', `/transaction/${transactionId}`);
      return answer ? toCharge(transaction.parse(answer.data)) : null;
    },

    async requery({ accountNumber, bankSlug }) {
      await required(
        'GET',
        `/dedicated_account/requery?${new URLSearchParams({ account_number: accountNumber, provider_slug: bankSlug }).toString()}`,
      );
    },

    async listCharges({ from, to }) {
      const charges: VerifiedCharge[] = [];
      for (let page = 1; ; page += 1) {
        const query = new URLSearchParams({
          channel: 'dedicated_nuban',
          status: 'success',
          from: from.toISOString(),
          to: to.toISOString(),
          perPage: String(PAGE_SIZE),
          page: String(page),
        });
        const answer = await required('GET', `/transaction?${query.toString()}`);
        charges.push(...z.array(transaction).parse(answer.data).map(toCharge));
        if (page >= pageMeta.parse(answer.meta).pageCount) return charges;
      }
    },

    async listBanks() {
      const query = new URLSearchParams({ country: 'nigeria', currency: 'NGN', perPage: String(PAGE_SIZE) });
      const banks = z
        .array(
          z.object({
            name: z.string(),
            code: z.string(),
            active: z.boolean().nullish(),
            is_deleted: z.boolean().nullish(),
          }),
        )
        .parse((await required('GET', `/bank?${query.toString()}`)).data);
      return banks
        .filter((bank) => bank.active !== false && bank.is_deleted !== true)
        .map((bank) => ({ code: bank.code, name: bank.name }));
    },

    async resolveAccount({ bankCode, accountNumber }) {
      const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      const answer = await call('GET', `/bank/resolve?${query.toString()}`);
      if (!answer) return null;
      return { accountName: z.object({ account_name: z.string().min(1) }).parse(answer.data).account_name };
    },

    async createRecipient({ bankCode, accountNumber, name }) {
      const answer = await exchange('POST', '/transferrecipient', {
        type: 'nuban',
        name,
        account_number: accountNumber,
        bank_code: bankCode,
        currency: 'NGN',
      });
      if ('refused' in answer) throw new TransferRefusedError(answer.refused);
      return { recipientCode: z.object({ recipient_code: z.string() }).parse(answer.data).recipient_code };
    },

    async initiateTransfer({ amount, recipientCode, reference, reason }) {
      const answer = await exchange('POST', '/transfer', {
        source: 'balance',
        amount,
        recipient: recipientCode,
        reference,
        reason,
        currency: 'NGN',
      });
      if ('refused' in answer) throw new TransferRefusedError(answer.refused);
      return toTransfer(transfer.parse(answer.data));
    },

    async verifyTransfer(reference) {
      const answer = await call('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
      return answer ? toTransfer(transfer.parse(answer.data)) : null;
    },
  };
}
