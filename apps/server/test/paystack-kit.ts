import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SANDBOX_PAYSTACK_SECRET_KEY } from '../src/config';

/** A Paystack transaction as the fake keeps it (the fields tests read). */
export interface FakeTransaction {
  id: number;
  reference: string;
  status: string;
  amount: number;
}

/** What the app's webhook answered the fake: its HTTP status and body. */
export interface FakeDelivery {
  status: number;
  body: string;
}

/** A control call of the Paystack fake (POST under /__fake/paystack). */
export async function paystackFake<T = { transaction: FakeTransaction; delivery: FakeDelivery | null }>(
  fakeUrl: string,
  path: string,
  body: object = {},
): Promise<T> {
  const response = await fetch(`${fakeUrl}/__fake/paystack${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Paystack fake ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Posts a Paystack event to an app's webhook, signed with the sandbox key (or `signature`). */
export async function postPaystackEvent(app: FastifyInstance, event: object, signature?: string) {
  const raw = JSON.stringify(event);
  const response = await app.inject({
    method: 'POST',
    url: '/service/v1/webhooks/payments/paystack',
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': signature ?? createHmac('sha512', SANDBOX_PAYSTACK_SECRET_KEY).update(raw).digest('hex'),
    },
    payload: raw,
  });
  return {
    status: response.statusCode,
    ...response.json<{ code: string; message: string; data: { credited?: boolean } | null }>(),
  };
}
