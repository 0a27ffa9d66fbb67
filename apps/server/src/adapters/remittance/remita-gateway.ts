import { createHash, randomUUID } from 'node:crypto';
import { koboToNairaString, parseNaira, type Kobo } from '@levy/tax';
import {
  outcomeOfCode,
  RemittanceError,
  type RemittanceGateway,
  type RemittancePayment,
  type RemittanceStatus,
} from './remittance-gateway';

/**
 * Remita's Billing Gateway, as its SDKs call it (docs/payment-rails/remita.md): `publicKey` and a
 * fresh `transactionId` header on every call, naira amounts, one envelope
 * `{responseCode, responseMsg, responseData: [...]}`, and the payment notification signed with
 * `TXN_HASH` = SHA-512 of rrr + amountDebitted + fundingSource + debittedAccount + paymentAuthCode + secretKey.
 */
export interface RemitaSettings {
  /** Up to and including `…/bgatesvc/billing`, without the last slash. */
  baseUrl: string;
  publicKey: string;
  secretKey: string;
  /** Set by Remita at onboarding: the institution that funds Levy's payments, the account debited and the funds-holding account. */
  fundingSource: string;
  debitedAccount: string;
  incomeAccount: string;
  timeoutMs: number;
}

interface Envelope<T> {
  responseCode?: string;
  responseMsg?: string;
  iResponseCode?: string;
  iResponseMessage?: string;
  responseData?: T[];
}

interface CustomField {
  id: string;
  columnName: string;
  columnType: string;
  required: boolean | string;
  customFieldDropDown?: Array<{ id: string }>;
}

interface PaymentData {
  rrr: string;
  paymentRef?: string;
  paymentDate?: string;
}

/** The same amount always written the same way: the notification hash covers the text. */
const nairaText = (amount: Kobo) => koboToNairaString(amount);

function koboOf(value: unknown, what: string): Kobo {
  const kobo = parseNaira(typeof value === 'number' || typeof value === 'string' ? value : '', 'refuse');
  if (kobo === null)
    throw new RemittanceError('unavailable', `Remita answered with an amount Levy cannot read for ${what}.`);
  return kobo;
}

/** `2026-10-12 14:03:11` or ISO: Remita's payment date (Lagos time when no zone is given). */
function dateOf(text: string | undefined): Date | null {
  if (!text) return null;
  const withZone = /[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}+01:00`;
  const date = new Date(withZone);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function transactionHash(
  fields: {
    rrr: string;
    amountDebitted: string;
    fundingSource: string;
    debittedAccount: string;
    paymentAuthCode: string;
  },
  secretKey: string,
): string {
  return createHash('sha512')
    .update(
      `${fields.rrr}${fields.amountDebitted}${fields.fundingSource}${fields.debittedAccount}${fields.paymentAuthCode}${secretKey}`,
      'utf8',
    )
    .digest('hex');
}

export function createRemitaGateway(settings: RemitaSettings): RemittanceGateway {
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; transactionId?: string; headers?: Record<string, string> } = {},
  ): Promise<Envelope<T>> {
    let response: Response;
    try {
      response = await fetch(`${settings.baseUrl}/${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          publicKey: settings.publicKey,
          transactionId: options.transactionId ?? randomUUID(),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch {
      throw new RemittanceError(
        'unavailable',
        'Remita did not answer in time. Nothing was paid; please try again later.',
      );
    }
    if (response.status >= 500)
      throw new RemittanceError(
        'unavailable',
        `Remita is unavailable (HTTP ${response.status}). Nothing was paid; please try again later.`,
      );
    try {
      return (await response.json()) as Envelope<T>;
    } catch {
      throw new RemittanceError(
        'unavailable',
        'Remita answered with something that is not JSON. Nothing was paid; please try again later.',
      );
    }
  }

  /** The product's custom fields, filled from what Levy knows of the payment; a required field Levy cannot fill is named. */
  async function requestOf(payment: RemittancePayment) {
    const product = await call<CustomField>('GET', `servicetypes/${encodeURIComponent(payment.target.serviceTypeId)}`);
    if (product.responseCode !== '00')
      throw new RemittanceError(
        'refused',
        `Remita does not know the product ${payment.target.serviceTypeId}: ${product.responseMsg ?? 'no reason given'}.`,
      );
    const amount = Number(nairaText(payment.amountKobo));
    const customFields = (product.responseData ?? []).flatMap((field) => {
      const value = fieldValue(field, payment, amount);
      if (value) return [{ id: field.id, values: [value] }];
      if (field.required === true || field.required === 'Y')
        throw new RemittanceError(
          'refused',
          `Remita asks for "${field.columnName}" for this product, which Levy cannot fill: check the remittance route's service type.`,
        );
      return [];
    });
    return {
      billId: payment.target.serviceTypeId,
      amount,
      currency: 'NGN',
      payerName: payment.payer.name,
      payerEmail: payment.payer.email,
      payerPhone: '',
      description: payment.description,
      customFields,
    };
  }

  function fieldValue(field: CustomField, payment: RemittancePayment, amount: number) {
    const name = field.columnName.toLowerCase();
    if (/tax ?(payer )?id|payer ?id|\btin\b/.test(name))
      return { value: payment.payer.taxPayerNumber, amount: 0, quantity: 0 };
    if (/period|month/.test(name)) return { value: payment.period, amount: 0, quantity: 0 };
    if (/amount/.test(name)) return { value: 'Amount', amount, quantity: 0 };
    // A list with one choice (the tax itself) is chosen; a list of several is the route's to name.
    if (field.customFieldDropDown?.length === 1)
      return { value: field.customFieldDropDown[0].id, amount: 0, quantity: 1 };
    return null;
  }

  async function validated(payment: RemittancePayment) {
    const request = await requestOf(payment);
    const answer = await call<{ status: string; amountDue: number | string }>('POST', 'validate', {
      body: { ...request, requestId: randomUUID() },
    });
    const data = answer.responseData?.[0];
    if (answer.responseCode !== '00' || !data)
      throw new RemittanceError(
        'refused',
        `Remita refused the payment details: ${answer.responseMsg ?? 'no reason given'}.`,
      );
    if (data.status !== 'REQUEST_OK')
      throw new RemittanceError(
        'refused',
        `Remita refused the payment details (${data.status}): ${answer.responseMsg ?? 'no reason given'}.`,
      );
    return { request, amountDueKobo: koboOf(data.amountDue, 'the amount due') };
  }

  function statusOf(answer: Envelope<PaymentData>): RemittanceStatus {
    const code = answer.responseCode ?? '';
    const data = answer.responseData?.[0];
    const message = [answer.responseMsg, answer.iResponseMessage].filter(Boolean).join(': ') || 'no message';
    if (!data && code !== '00') {
      const outcome = outcomeOfCode(code);
      return {
        outcome: outcome === 'unknown' ? 'absent' : outcome,
        code,
        message,
        paymentReference: null,
        paidAt: null,
      };
    }
    const outcome = outcomeOfCode(code);
    return {
      outcome,
      code,
      message,
      paymentReference: outcome === 'paid' ? (data?.paymentRef ?? null) : null,
      paidAt: outcome === 'paid' ? dateOf(data?.paymentDate) : null,
    };
  }

  return {
    name: 'remita',

    async quote(payment) {
      return { amountDueKobo: (await validated(payment)).amountDueKobo };
    },

    async reference(payment) {
      const { request } = await validated(payment);
      const transactionId = randomUUID();
      const answer = await call<{ rrr: string; amountDue: number | string }>('POST', 'generate', {
        body: { ...request, requestId: transactionId },
        transactionId,
      });
      const data = answer.responseData?.[0];
      if (answer.responseCode !== '00' || !data?.rrr)
        throw new RemittanceError(
          'refused',
          `Remita did not generate a payment reference: ${answer.responseMsg ?? 'no reason given'}.`,
        );
      return { rrr: String(data.rrr), amountDueKobo: koboOf(data.amountDue, 'the amount due') };
    },

    async notifyPayment({ rrr, amountKobo, transactionId, paymentAuthCode }) {
      const fields = {
        rrr,
        amountDebitted: nairaText(amountKobo),
        fundingSource: settings.fundingSource,
        debittedAccount: settings.debitedAccount,
        paymentAuthCode,
      };
      const body = {
        ...fields,
        paymentChannel: 'INTERNETBANKING',
        tellerName: 'INTERNETBANKING',
        branchCode: '',
        incomeAccount: settings.incomeAccount,
        requestId: transactionId,
      };
      return statusOf(
        await call<PaymentData>('POST', 'payment/notify', {
          body,
          transactionId,
          headers: { TXN_HASH: transactionHash(fields, settings.secretKey) },
        }),
      );
    },

    async status(transactionId) {
      return statusOf(await call<PaymentData>('GET', `payment/status/${encodeURIComponent(transactionId)}`));
    },
  };
}
