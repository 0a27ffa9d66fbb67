import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fieldErrors, nairaAmount } from '@levy/contracts';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import { AppError, invalidInput, type ErrorCode } from '../../errors';
import { API_BASE } from '../../http/gateway';
import type { WalletsService } from './wallets.service';

const transferEvent = z.object({
  event: z.string(),
  data: z.object({
    reference: z.string().trim().min(1),
    account_number: z.string().regex(/^\d{10}$/),
    amount: nairaAmount('Amount'),
    sender_name: z.string().trim().min(1),
    paid_at: z.iso.datetime({ offset: true }),
  }),
});

export function paymentWebhookPath(provider: PaymentProvider): string {
  return `${API_BASE}/webhooks/payments/${provider.name}`;
}

/**
 * `POST /service/v1/webhooks/payments/{provider}`: the provider's signed transfer notice. The
 * signature covers the raw bytes, so this route reads its body unparsed (its own plugin scope).
 */
export async function registerPaymentWebhook(app: FastifyInstance, deps: { provider: PaymentProvider; wallets: WalletsService }) {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(paymentWebhookPath(deps.provider), async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-levy-signature'];
      if (!deps.provider.isSignatureValid(raw, Array.isArray(signature) ? signature[0] : signature)) {
        throw new AppError('NO_AUTH', 'The webhook signature is not valid.');
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('INVALID_INPUT', 'The request body is not valid JSON.');
      }
      const parsed = transferEvent.safeParse(json);
      if (!parsed.success) throw invalidInput(fieldErrors(parsed.error));
      if (parsed.data.event !== 'transfer.received') return reply.send({ code: 'OK', message: `Event ${parsed.data.event} ignored`, data: null });
      const { reference, account_number, amount, sender_name, paid_at } = parsed.data.data;
      const result = await deps.wallets.applyTransfer({ reference, accountNumber: account_number, amount, senderName: sender_name, paidAt: new Date(paid_at) });
      return reply.send({ code: 'OK', message: result.credited ? 'Transfer credited' : 'Transfer already applied', data: result });
    });
  });
}

/** Sandbox funding: builds a transfer notice, signs it as the provider would, and posts it to the webhook. */
export function createSandboxTransferSender(app: FastifyInstance, provider: PaymentProvider) {
  return async (_walletId: string, accountNumber: string, amount: string, senderName: string) => {
    const body = JSON.stringify({
      event: 'transfer.received',
      data: { reference: `SBX-${randomBytes(8).toString('hex').toUpperCase()}`, account_number: accountNumber, amount, sender_name: senderName, paid_at: new Date().toISOString() },
    });
    const response = await app.inject({
      method: 'POST',
      url: paymentWebhookPath(provider),
      headers: { 'content-type': 'application/json', 'x-levy-signature': provider.sign(Buffer.from(body)) },
      payload: body,
    });
    const envelope = response.json<{ code: ErrorCode | 'OK'; message: string; data: unknown }>();
    if (envelope.code !== 'OK') throw new AppError(envelope.code, envelope.message, envelope.data);
    return envelope.data;
  };
}
