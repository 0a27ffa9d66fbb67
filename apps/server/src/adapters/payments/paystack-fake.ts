import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateNuban, isValidNuban } from '@levy/tax';

/** Where the fake's webhooks go: the answer is recorded, and anything but 200 is retried. */
export type WebhookDelivery = (
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

export interface PaystackFake {
  /** The base URL the Paystack adapter is given in place of https://api.paystack.co. */
  readonly url: string;
  close(): Promise<void>;
}

interface Customer {
  id: number;
  customer_code: string;
  email: string;
  first_name: string;
}

interface Account {
  id: number;
  account_number: string;
  account_name: string;
  customer_code: string;
  bank: { name: string; id: number; slug: string };
}

interface Transaction {
  id: number;
  reference: string;
  status: string;
  amount: number;
  currency: 'NGN';
  channel: 'dedicated_nuban';
  gateway_response: string;
  paid_at: string;
  created_at: string;
  fees: number;
  customer: { id: number; customer_code: string; email: string };
  authorization: {
    channel: 'dedicated_nuban';
    sender_name: string;
    receiver_bank_account_number: string;
    receiver_bank: string;
    narration: string;
  };
  /** Late settlement: the bank has not reported it; only a requery of its account delivers it. */
  held: boolean;
  /** Verification of it never answers within an adapter's timeout. */
  slow: boolean;
}

interface Recipient {
  id: number;
  recipient_code: string;
  type: 'nuban';
  name: string;
  currency: 'NGN';
  active: true;
  details: { account_number: string; account_name: string; bank_code: string; bank_name: string };
}

interface FakeTransfer {
  id: number;
  transfer_code: string;
  reference: string;
  amount: number;
  currency: 'NGN';
  source: 'balance';
  reason: string;
  status: string;
  gateway_response: string | null;
  recipient_code: string;
  fee_charged: number;
  transferred_at: string | null;
  createdAt: string;
  updatedAt: string;
}

interface State {
  nextId: number;
  customers: Customer[];
  accounts: Account[];
  transactions: Transaction[];
  recipients?: Recipient[];
  transfers?: FakeTransfer[];
}

const TEST_BANK = { name: 'Test Bank', id: 1, slug: 'test-bank' };
// The fake numbers its accounts as valid NUBANs of Wema Bank, a bank that hosts Paystack's accounts.
const NUBAN_BANK_CODE = '035';
/** Paystack's fee on a transfer into a dedicated account: 1%, at most ₦300. */
const feeOf = (amount: number) => Math.min(Math.round(amount / 100), 30_000);
/** A credit whose kobo end in 04 is declined: it exists on verify as failed, and sends no webhook. */
const isDeclinedAmount = (amount: number) => amount % 100 === 4;
/** A customer whose name says so waits for its account (and gets one late), or never gets one. */
const PENDING_NAME = /pending/i;
const UNASSIGNABLE_NAME = /unassignable/i;
const PENDING_ASSIGNMENT_MS = 8_000;

/**
 * Nigerian banks the fake pays into, with Paystack's codes (a real `GET /bank` lists several
 * hundred; these are enough to choose from in development and tests).
 */
const BANKS = [
  ['Access Bank', '044', 'access-bank'],
  ['Citibank Nigeria', '023', 'citibank-nigeria'],
  ['Ecobank Nigeria', '050', 'ecobank-nigeria'],
  ['Fidelity Bank', '070', 'fidelity-bank'],
  ['First Bank of Nigeria', '011', 'first-bank-of-nigeria'],
  ['First City Monument Bank', '214', 'first-city-monument-bank'],
  ['Globus Bank', '00103', 'globus-bank'],
  ['Guaranty Trust Bank', '058', 'guaranty-trust-bank'],
  ['Jaiz Bank', '301', 'jaiz-bank'],
  ['Keystone Bank', '082', 'keystone-bank'],
  ['Kuda Bank', '50211', 'kuda-bank'],
  ['Moniepoint MFB', '50515', 'moniepoint-mfb-ng'],
  ['OPay Digital Services Limited (OPay)', '999992', 'paycom'],
  ['PalmPay', '999991', 'palmpay'],
  ['Polaris Bank', '076', 'polaris-bank'],
  ['Providus Bank', '101', 'providus-bank'],
  ['Stanbic IBTC Bank', '221', 'stanbic-ibtc-bank'],
  ['Standard Chartered Bank', '068', 'standard-chartered-bank'],
  ['Sterling Bank', '232', 'sterling-bank'],
  ['Union Bank of Nigeria', '032', 'union-bank-of-nigeria'],
  ['United Bank For Africa', '033', 'united-bank-for-africa'],
  ['Unity Bank', '215', 'unity-bank'],
  ['Wema Bank', '035', 'wema-bank'],
  ['Zenith Bank', '057', 'zenith-bank'],
].map(([name, code, slug], index) => ({
  id: index + 1,
  name,
  slug,
  code,
  longcode: '',
  gateway: 'emandate',
  pay_with_bank: false,
  active: true,
  is_deleted: false,
  country: 'Nigeria',
  currency: 'NGN',
  type: 'nuban',
  createdAt: '2016-07-14T10:04:29.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
}));
const ACCOUNT_NAMES = [
  'ACME NIGERIA LIMITED',
  'ADAEZE OKAFOR',
  'BABATUNDE ADEYEMI VENTURES',
  'CHIDI NWOSU',
  'HALIMA BELLO',
];
/**
 * What happens to a transfer, by the end of the recipient account's 9-digit serial (the NUBAN
 * before its check digit): 051 fails, 052 succeeds then is reversed, 053 stays pending; 054's first
 * request gets no answer and makes nothing (a retry under the same reference goes through); 055 is
 * made and paid but neither the answer nor the webhook reaches the caller; 404 is an account no bank
 * knows. Any other account succeeds.
 */
const serialEnd = (accountNumber: string) => accountNumber.slice(6, 9);
/** A transfer whose kobo end in 05 is refused: the business's Paystack balance is short. */
const isShortBalanceAmount = (amount: number) => amount % 100 === 5;
const TRANSFER_REFERENCE = /^[a-z0-9_-]{16,50}$/;

class FakeHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new FakeHttpError(400, 'Invalid JSON body');
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A local fake of Paystack's Dedicated Virtual Account API, for development and tests: the same
 * paths, envelopes, kobo amounts, statuses and HMAC-SHA512 signed webhooks, with state kept so
 * verification follows webhooks. Its control calls under /__fake/paystack trigger the documented
 * behaviours (docs/payment-rails/paystack.md lists them).
 */
export async function startPaystackFake(options: {
  secretKey: string;
  deliver: WebhookDelivery;
  statePath?: string;
  retryDelaysMs?: number[];
}): Promise<PaystackFake> {
  const state: State =
    options.statePath && existsSync(options.statePath)
      ? (JSON.parse(readFileSync(options.statePath, 'utf8')) as State)
      : { nextId: 4_099_260_516, customers: [], accounts: [], transactions: [] };
  state.recipients ??= [];
  state.transfers ??= [];
  const recipients = state.recipients;
  const transfers = state.transfers;
  const save = () => {
    if (!options.statePath) return;
    mkdirSync(path.dirname(options.statePath), { recursive: true });
    writeFileSync(options.statePath, JSON.stringify(state));
  };
  const nextId = () => {
    state.nextId += 1;
    return state.nextId;
  };
  const timers = new Set<NodeJS.Timeout>();
  const later = (delayMs: number, work: () => Promise<unknown>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void work().catch(() => undefined);
    }, delayMs);
    timers.add(timer);
  };
  /** Transfer references whose first request was left unanswered (account serial 054). */
  const unanswered = new Set<string>();
  /** An answer that comes long after any caller's timeout: the caller cannot tell whether anything was done. */
  const noAnswer = () =>
    new Promise<never>((_resolve, reject) =>
      later(60_000, async () => reject(new FakeHttpError(504, 'The request timed out'))),
    );
  const sign = (body: string, key = options.secretKey) => createHmac('sha512', key).update(body).digest('hex');

  /** Sends one webhook as Paystack does; a receiver that does not answer 200 gets it again later. */
  async function send(
    body: string,
    signature: string | null,
    retriesLeft = options.retryDelaysMs ?? [1_000, 5_000, 30_000],
  ) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature !== null) headers['x-paystack-signature'] = signature;
    const answer = await options.deliver(body, headers).catch((error: unknown) => ({ status: 0, body: String(error) }));
    if (answer.status !== 200 && signature !== null && retriesLeft.length > 0)
      later(retriesLeft[0], () => send(body, signature, retriesLeft.slice(1)));
    return answer;
  }
  const sendEvent = (event: string, data: object) => {
    const body = JSON.stringify({ event, data });
    return send(body, sign(body));
  };
  const chargeData = ({ held: _held, slow: _slow, ...transaction }: Transaction) => transaction;

  const findTransaction = (reference: string) => {
    const found = state.transactions.find((transaction) => transaction.reference === reference);
    if (!found) throw new FakeHttpError(400, 'Transaction reference not found');
    return found;
  };

  const findTransfer = (reference: string) => {
    const found = transfers.find((each) => each.reference === reference || each.transfer_code === reference);
    if (!found) throw new FakeHttpError(404, 'Transfer not found');
    return found;
  };
  /** A transfer as Paystack's verify and webhooks show it: with its recipient and its NIP session. */
  const transferData = ({ recipient_code: code, ...transfer }: FakeTransfer) => {
    const recipient = recipients.find((each) => each.recipient_code === code)!;
    return {
      ...transfer,
      integration: { id: 100043, is_live: false, business_name: 'Levy' },
      domain: 'test',
      recipient,
      session: { provider: 'nip', id: transfer.status === 'pending' ? null : `100004${transfer.id}` },
    };
  };
  /** Moves a transfer to a status and announces it with its signed event. */
  function settleTransfer(transfer: FakeTransfer, status: 'success' | 'failed' | 'reversed', gatewayResponse: string) {
    transfer.status = status;
    transfer.gateway_response = gatewayResponse;
    transfer.updatedAt = new Date().toISOString();
    if (status !== 'failed') transfer.transferred_at ??= transfer.updatedAt;
    save();
    return sendEvent(`transfer.${status}`, transferData(transfer));
  }
  /** What the recipient's bank does with a transfer (the account's magic ending), announced by webhook. */
  async function process(transfer: FakeTransfer) {
    const recipient = recipients.find((each) => each.recipient_code === transfer.recipient_code)!;
    const end = serialEnd(recipient.details.account_number);
    if (end === '053') return;
    if (end === '051') {
      await settleTransfer(transfer, 'failed', 'The receiving bank is not available');
      return;
    }
    await settleTransfer(transfer, 'success', 'Approved');
    if (end === '052') await settleTransfer(transfer, 'reversed', 'The beneficiary account could not be credited');
  }

  function assign(customer: Customer) {
    if (UNASSIGNABLE_NAME.test(customer.first_name)) {
      return sendEvent('dedicatedaccount.assign.failed', {
        customer,
        dedicated_account: null,
        identification: { status: 'failed' },
        reason: 'The customer could not be validated',
      });
    }
    let account = state.accounts.find((each) => each.customer_code === customer.customer_code);
    if (!account) {
      const id = state.accounts.length + 1;
      account = {
        id,
        account_number: generateNuban(NUBAN_BANK_CODE, 700_000_000 + id),
        account_name: `LEVY / ${customer.first_name.toUpperCase()}`,
        customer_code: customer.customer_code,
        bank: TEST_BANK,
      };
      state.accounts.push(account);
      save();
    }
    return sendEvent('dedicatedaccount.assign.success', {
      customer,
      dedicated_account: { ...account, assigned: true, active: true, currency: 'NGN' },
      identification: { status: 'success' },
    });
  }

  function credit(accountNumber: string, body: Record<string, unknown>): Transaction {
    const account = state.accounts.find((each) => each.account_number === accountNumber);
    const amount = Number(body.amount_kobo);
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new FakeHttpError(400, 'amount_kobo must be a positive whole number of kobo');
    const customer = state.customers.find((each) => each.customer_code === account?.customer_code);
    const now = new Date().toISOString();
    const transaction: Transaction = {
      id: nextId(),
      reference: `dva_${randomBytes(10).toString('hex')}`,
      status: isDeclinedAmount(amount) ? 'failed' : 'success',
      amount,
      currency: 'NGN',
      channel: 'dedicated_nuban',
      gateway_response: isDeclinedAmount(amount) ? 'Declined' : 'Approved',
      paid_at: text(body.paid_at) || now,
      created_at: now,
      fees: feeOf(amount),
      customer: {
        id: customer?.id ?? 0,
        customer_code: customer?.customer_code ?? 'CUS_unknown',
        email: customer?.email ?? '',
      },
      authorization: {
        channel: 'dedicated_nuban',
        sender_name: text(body.sender_name) || 'Test Sender',
        receiver_bank_account_number: accountNumber,
        receiver_bank: TEST_BANK.name,
        narration: `NIP: ${text(body.sender_name) || 'Test Sender'}`,
      },
      held: body.late === true,
      slow: false,
    };
    state.transactions.push(transaction);
    save();
    return transaction;
  }

  type Handler = (
    match: RegExpMatchArray,
    url: URL,
    request: IncomingMessage,
  ) => Promise<{ status?: number; body: object }>;
  const ok = (message: string, data?: unknown, meta?: object) => ({
    body: { status: true, message, data, ...(meta ? { meta } : {}) },
  });

  const api: Array<[string, RegExp, Handler]> = [
    [
      'POST',
      /^\/customer$/,
      async (_match, _url, request) => {
        const body = await readJson(request);
        const email = text(body.email);
        if (!email) throw new FakeHttpError(400, 'Email Address is required');
        let customer = state.customers.find((each) => each.email === email);
        if (!customer) {
          customer = {
            id: nextId(),
            customer_code: `CUS_${randomBytes(8).toString('hex')}`,
            email,
            first_name: text(body.first_name),
          };
          state.customers.push(customer);
          save();
        }
        return ok('Customer created', customer);
      },
    ],
    [
      'GET',
      /^\/dedicated_account\/available_providers$/,
      async () =>
        ok('Dedicated account providers retrieved', [
          { provider_slug: TEST_BANK.slug, bank_id: TEST_BANK.id, bank_name: TEST_BANK.name, id: 1 },
        ]),
    ],
    [
      'POST',
      /^\/dedicated_account\/assign$/,
      async (_match, _url, request) => {
        const body = await readJson(request);
        const customer = state.customers.find((each) => each.email === text(body.email));
        if (!customer) throw new FakeHttpError(400, 'Customer not found');
        if (text(body.preferred_bank) !== TEST_BANK.slug) throw new FakeHttpError(400, 'Invalid preferred bank');
        // A quick assignment is announced before this call answers, as Paystack's events may be.
        if (PENDING_NAME.test(customer.first_name)) later(PENDING_ASSIGNMENT_MS, () => assign(customer));
        else await assign(customer);
        return ok('Assign dedicated account in progress');
      },
    ],
    [
      'GET',
      /^\/dedicated_account\/requery$/,
      async (_match, url) => {
        const accountNumber = url.searchParams.get('account_number') ?? '';
        if (
          !state.accounts.some((each) => each.account_number === accountNumber) ||
          url.searchParams.get('provider_slug') !== TEST_BANK.slug
        )
          throw new FakeHttpError(400, 'Dedicated account not found');
        for (const transaction of state.transactions.filter(
          (each) => each.held && each.authorization.receiver_bank_account_number === accountNumber,
        )) {
          transaction.held = false;
          save();
          if (transaction.status === 'success') later(0, () => sendEvent('charge.success', chargeData(transaction)));
        }
        return ok('We are checking the status of your transfer. We will send you a notification once it is confirmed');
      },
    ],
    [
      'GET',
      /^\/transaction\/verify\/([^/]+)$/,
      async (match) => {
        const transaction = findTransaction(decodeURIComponent(match[1]));
        if (transaction.slow) await new Promise((resolve) => later(60_000, async () => resolve(null)));
        return ok('Verification successful', chargeData(transaction));
      },
    ],
    [
      'GET',
      /^\/transaction\/(\d+)$/,
      async (match) => {
        const found = state.transactions.find((transaction) => transaction.id === Number(match[1]));
        if (!found) throw new FakeHttpError(404, 'Transaction not found');
        return ok('Transaction retrieved', chargeData(found));
      },
    ],
    [
      'GET',
      /^\/transaction$/,
      async (_match, url) => {
        const from = new Date(url.searchParams.get('from') ?? 0).getTime();
        const to = new Date(url.searchParams.get('to') ?? Date.now()).getTime();
        const status = url.searchParams.get('status');
        const perPage = Math.min(Number(url.searchParams.get('perPage') ?? 50) || 50, 100);
        const page = Math.max(Number(url.searchParams.get('page') ?? 1) || 1, 1);
        const matching = state.transactions.filter((each) => {
          const at = new Date(each.created_at).getTime();
          return !each.held && at >= from && at <= to && (!status || each.status === status);
        });
        const pageCount = Math.max(Math.ceil(matching.length / perPage), 1);
        return ok('Transactions retrieved', matching.slice((page - 1) * perPage, page * perPage).map(chargeData), {
          total: matching.length,
          skipped: (page - 1) * perPage,
          perPage,
          page,
          pageCount,
        });
      },
    ],
  ];

  api.push(
    [
      'GET',
      /^\/bank$/,
      async () => ok('Banks retrieved', BANKS, { next: null, previous: null, perPage: BANKS.length }),
    ],
    [
      'GET',
      /^\/bank\/resolve$/,
      async (_match, url) => {
        const accountNumber = url.searchParams.get('account_number') ?? '';
        const bankCode = url.searchParams.get('bank_code') ?? '';
        if (!BANKS.some((bank) => bank.code === bankCode))
          throw new FakeHttpError(422, 'Unknown bank code: ' + bankCode);
        if (!isValidNuban(accountNumber, bankCode) || serialEnd(accountNumber) === '404')
          throw new FakeHttpError(422, 'Could not resolve account name. Check parameters or try again.');
        const name = ACCOUNT_NAMES[Number(accountNumber.slice(0, 9)) % ACCOUNT_NAMES.length];
        return ok('Account number resolved', { account_number: accountNumber, account_name: name, bank_id: 1 });
      },
    ],
    [
      'POST',
      /^\/transferrecipient$/,
      async (_match, _url, request) => {
        const body = await readJson(request);
        const accountNumber = text(body.account_number);
        const bank = BANKS.find((each) => each.code === text(body.bank_code));
        if (text(body.type) !== 'nuban') throw new FakeHttpError(400, 'Invalid type');
        if (!text(body.name)) throw new FakeHttpError(400, 'Name is required');
        if (!bank || !isValidNuban(accountNumber, bank.code) || serialEnd(accountNumber) === '404')
          throw new FakeHttpError(400, 'Cannot resolve account');
        // An account that is already a recipient answers with that recipient, not a new one.
        let recipient = recipients.find(
          (each) => each.details.account_number === accountNumber && each.details.bank_code === bank.code,
        );
        if (!recipient) {
          recipient = {
            id: nextId(),
            recipient_code: `RCP_${randomBytes(8).toString('hex')}`,
            type: 'nuban',
            name: text(body.name),
            currency: 'NGN',
            active: true,
            details: {
              account_number: accountNumber,
              account_name: ACCOUNT_NAMES[Number(accountNumber.slice(0, 9)) % ACCOUNT_NAMES.length],
              bank_code: bank.code,
              bank_name: bank.name,
            },
          };
          recipients.push(recipient);
          save();
        }
        return {
          status: 201,
          body: { status: true, message: 'Transfer recipient created successfully', data: recipient },
        };
      },
    ],
    [
      'POST',
      /^\/transfer$/,
      async (_match, _url, request) => {
        const body = await readJson(request);
        const amount = Number(body.amount);
        const reference = text(body.reference);
        const recipientCode = text(body.recipient);
        if (text(body.source) !== 'balance') throw new FakeHttpError(400, 'Invalid source');
        if (!Number.isSafeInteger(amount) || amount < 10_000)
          throw new FakeHttpError(400, 'Amount must be a whole number of kobo, at least 10000');
        if (!TRANSFER_REFERENCE.test(reference))
          throw new FakeHttpError(400, 'Reference must be 16 to 50 characters of a-z, 0-9, - and _');
        if (!recipients.some((each) => each.recipient_code === recipientCode))
          throw new FakeHttpError(400, 'Recipient specified is invalid');
        const end = serialEnd(recipients.find((each) => each.recipient_code === recipientCode)!.details.account_number);
        if (end === '054' && !unanswered.has(reference)) {
          unanswered.add(reference);
          return noAnswer();
        }
        const existing = transfers.find((each) => each.reference === reference);
        if (existing) {
          // The same transfer sent again is a retry: it answers the transfer as it stands.
          if (existing.amount !== amount || existing.recipient_code !== recipientCode)
            throw new FakeHttpError(400, 'Duplicate Transfer Reference');
          return ok('Transfer has been queued', transferData(existing));
        }
        if (isShortBalanceAmount(amount))
          throw new FakeHttpError(400, 'Your balance is not enough to fulfill this request');
        const now = new Date().toISOString();
        const transfer: FakeTransfer = {
          id: nextId(),
          transfer_code: `TRF_${randomBytes(8).toString('hex')}`,
          reference,
          amount,
          currency: 'NGN',
          source: 'balance',
          reason: text(body.reason),
          status: 'pending',
          gateway_response: null,
          recipient_code: recipientCode,
          fee_charged: 0,
          transferred_at: null,
          createdAt: now,
          updatedAt: now,
        };
        transfers.push(transfer);
        save();
        const queued = transferData(transfer);
        if (end === '055') {
          transfer.status = 'success';
          transfer.gateway_response = 'Approved';
          transfer.transferred_at = now;
          save();
          return noAnswer();
        }
        // The outcome is announced before this call answers, as Paystack's events may be.
        await process(transfer);
        return ok('Transfer has been queued', queued);
      },
    ],
    [
      'GET',
      /^\/transfer\/verify\/([^/]+)$/,
      async (match) => ok('Transfer retrieved', transferData(findTransfer(decodeURIComponent(match[1])))),
    ],
  );

  const control: Array<[string, RegExp, Handler]> = [
    [
      'POST',
      /^\/__fake\/paystack\/transfers\/([^/]+)\/(resend|forge|reverse)$/,
      async (match, _url, request) => {
        const transfer = findTransfer(decodeURIComponent(match[1]));
        const body = await readJson(request);
        if (match[2] === 'reverse') {
          if (transfer.status !== 'success') throw new FakeHttpError(400, 'Only a successful transfer can be reversed');
          return { body: { delivery: await settleTransfer(transfer, 'reversed', 'Reversed by the receiving bank') } };
        }
        const event = `transfer.${transfer.status === 'pending' ? 'success' : transfer.status}`;
        const eventBody = JSON.stringify({ event, data: transferData(transfer) });
        if (match[2] === 'resend') {
          const times = Math.min(Math.max(Number(body.times) || 1, 1), 50);
          return {
            body: {
              deliveries: await Promise.all(Array.from({ length: times }, () => send(eventBody, sign(eventBody)))),
            },
          };
        }
        const signatures: Record<string, string | null> = {
          'wrong-key': sign(eventBody, 'sk_test_not_the_business_key'),
          'other-body': sign(`${eventBody} `),
          missing: null,
        };
        const variant = text(body.variant);
        if (!(variant in signatures)) throw new FakeHttpError(400, 'variant must be wrong-key, other-body or missing');
        return { body: { delivery: await send(eventBody, signatures[variant], []) } };
      },
    ],
    [
      'POST',
      /^\/__fake\/paystack\/dva\/(\d{10})\/credit$/,
      async (match, _url, request) => {
        const body = await readJson(request);
        const transaction = credit(match[1], body);
        // Paystack sends webhooks only for successes, and only once the bank has reported the transfer;
        // `lost: true` is a notice that never reaches Levy (only reconciliation finds the transfer).
        if (transaction.status !== 'success' || transaction.held || body.lost === true)
          return { body: { transaction: chargeData(transaction), delivery: null } };
        const announced = Number.isSafeInteger(body.webhook_amount_kobo)
          ? { ...chargeData(transaction), amount: Number(body.webhook_amount_kobo) }
          : chargeData(transaction);
        return {
          body: { transaction: chargeData(transaction), delivery: await sendEvent('charge.success', announced) },
        };
      },
    ],
    [
      'POST',
      /^\/__fake\/paystack\/transactions\/([^/]+)\/resend$/,
      async (match, _url, request) => {
        const times = Math.min(Math.max(Number((await readJson(request)).times) || 1, 1), 50);
        const transaction = findTransaction(decodeURIComponent(match[1]));
        return {
          body: {
            deliveries: await Promise.all(
              Array.from({ length: times }, () => sendEvent('charge.success', chargeData(transaction))),
            ),
          },
        };
      },
    ],
    [
      'POST',
      /^\/__fake\/paystack\/transactions\/([^/]+)\/forge$/,
      async (match, _url, request) => {
        const variant = text((await readJson(request)).variant);
        const body = JSON.stringify({
          event: 'charge.success',
          data: chargeData(findTransaction(decodeURIComponent(match[1]))),
        });
        const signatures: Record<string, string | null> = {
          'wrong-key': sign(body, 'sk_test_not_the_business_key'),
          'other-body': sign(`${body} `),
          missing: null,
        };
        if (!(variant in signatures)) throw new FakeHttpError(400, 'variant must be wrong-key, other-body or missing');
        return { body: { delivery: await send(body, signatures[variant], []) } };
      },
    ],
    [
      'POST',
      /^\/__fake\/paystack\/events\/unknown-charge$/,
      async (_match, _url, request) => {
        const body = await readJson(request);
        const data = {
          id: nextId(),
          reference: `dva_${randomBytes(10).toString('hex')}`,
          status: 'success',
          amount: Number(body.amount_kobo) || 100_000,
          currency: 'NGN',
          channel: 'dedicated_nuban',
          authorization: { receiver_bank_account_number: text(body.account_number) },
        };
        return { body: { delivery: await sendEvent('charge.success', data) } };
      },
    ],
    [
      'POST',
      /^\/__fake\/paystack\/transactions\/([^/]+)\/(reverse|slow|amend)$/,
      async (match, _url, request) => {
        const transaction = findTransaction(decodeURIComponent(match[1]));
        if (match[2] === 'reverse') transaction.status = 'reversed';
        else if (match[2] === 'amend') {
          // Paystack's record now says another amount (e.g. a partial reversal at the bank).
          const amount = Number((await readJson(request)).amount_kobo);
          if (!Number.isSafeInteger(amount) || amount <= 0)
            throw new FakeHttpError(400, 'amount_kobo must be a positive whole number of kobo');
          transaction.amount = amount;
        } else transaction.slow = (await readJson(request)).slow !== false;
        save();
        return { body: { transaction: chargeData(transaction) } };
      },
    ],
  ];

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const isControl = url.pathname.startsWith('/__fake/');
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    try {
      if (!isControl && request.headers.authorization !== `Bearer ${options.secretKey}`)
        return answer(401, { status: false, message: 'Invalid key' });
      for (const [method, pattern, handler] of isControl ? control : api) {
        const match = url.pathname.match(pattern);
        if (match && request.method === method) {
          const result = await handler(match, url, request);
          return answer(result.status ?? 200, result.body);
        }
      }
      answer(404, { status: false, message: 'Not found' });
    } catch (error) {
      if (error instanceof FakeHttpError)
        return answer(error.status, { status: false, message: error.message, type: 'validation_error' });
      answer(500, { status: false, message: error instanceof Error ? error.message : 'Fake failure' });
    }
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
