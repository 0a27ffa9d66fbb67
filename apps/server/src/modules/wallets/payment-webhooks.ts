import type { FastifyInstance } from 'fastify';
import type { FundingProvider } from '../../adapters/payments/funding-provider';
import { AppError } from '../../errors';
import { API_BASE } from '../../http/gateway';
import type { WalletsService } from './wallets.service';

export function paymentWebhookPath(provider: FundingProvider): string {
  return `${API_BASE}/webhooks/payments/${provider.name}`;
}

/**
 * `POST /service/v1/webhooks/payments/{provider}`: the provider's signed notice. The signature
 * covers the raw bytes, so this route reads its body unparsed (its own plugin scope). Any answer
 * but 200 makes the provider send the notice again later, which is what a refusal or an
 * unanswered verification wants.
 */
export async function registerPaymentWebhook(
  app: FastifyInstance,
  deps: { provider: FundingProvider; wallets: WalletsService },
) {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(paymentWebhookPath(deps.provider), async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers[deps.provider.signatureHeader];
      if (!deps.provider.isSignatureValid(raw, Array.isArray(signature) ? signature[0] : signature)) {
        throw new AppError('NO_AUTH', 'The webhook signature is not valid.');
      }
      let event;
      try {
        event = deps.provider.readEvent(raw);
      } catch {
        throw new AppError('INVALID_INPUT', 'The webhook body is not an event Levy can read.');
      }
      const result = await deps.wallets.applyFundingEvent(event);
      return reply.send({ code: 'OK', message: result.outcome, data: result.credit ?? null });
    });
  });
}
