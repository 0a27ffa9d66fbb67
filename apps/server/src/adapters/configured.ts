import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { createManualAgency } from './agency/manual-agency';
import { createSandboxAgency, type NotifyTaxpayer } from './agency/sandbox-agency';
import { withAgencyTimeout, type StateAgency } from './agency/state-agency';
import { createLogTransport, createSmtpTransport, type MailTransport } from './mail/mail-transport';
import type { FundingProvider } from './payments/funding-provider';
import { createPaystackFunding } from './payments/paystack';
import { startPaystackFake, type PaystackFake } from './payments/paystack-fake';
import { createRemitaGateway } from './remittance/remita-gateway';
import { SANDBOX_REMITA, sandboxRemita, type SandboxCollector } from './remittance/remita-sandbox';

// The adapters the configuration chooses: a real counterpart, or in the sandbox a local fake of it.

export function mailTransportOf(config: Config, log: (line: string) => void): MailTransport {
  return config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : createLogTransport(log);
}

/**
 * Taxes are remitted through Remita itself, or in the sandbox through the local Remita fake, with a
 * route for every collector: the same adapter either way (docs/payment-rails/remita.md).
 */
export async function remittanceGatewayOf(config: Config, collectors: SandboxCollector[]) {
  const remita =
    config.remittance.gateway === 'remita'
      ? config.remittance.remita
      : { ...SANDBOX_REMITA, baseUrl: await sandboxRemita(collectors, config.remittanceSandboxPort) };
  return createRemitaGateway({ ...remita, timeoutMs: config.remittanceTimeoutMs });
}

/** The state revenue services: the sandbox agency, or the honest manual steps where no API exists (decision 0045). */
export function stateAgencyOf(
  config: Config,
  deps: { notify: NotifyTaxpayer; wrap: (agency: StateAgency) => StateAgency },
): StateAgency {
  const agency = config.stateAgency === 'manual' ? createManualAgency() : createSandboxAgency({ notify: deps.notify });
  return withAgencyTimeout(deps.wrap(agency), config.agencyTimeoutMs);
}

/**
 * Paystack; in the sandbox, the real adapter against a local fake of Paystack (the one given, else
 * one started here and closed with the app), whose webhooks come to this app at `webhookPath`.
 * `fakeUrl` is that fake's address, null against the real Paystack.
 */
export async function fundingOf(
  config: Config,
  deps: { app: FastifyInstance; given?: PaystackFake; webhookPath: (provider: FundingProvider) => string },
): Promise<{ provider: FundingProvider; fakeUrl: string | null }> {
  const sandbox = config.payments.provider === 'sandbox';
  const own =
    sandbox && !deps.given
      ? await startPaystackFake({
          secretKey: config.payments.paystackSecretKey,
          statePath: config.env === 'test' ? undefined : path.join(config.dataDir, 'paystack-fake.json'),
          deliver: async (body, headers) => {
            const answer = await deps.app.inject({
              method: 'POST',
              url: deps.webhookPath(provider),
              headers,
              payload: body,
            });
            return { status: answer.statusCode, body: answer.body };
          },
        })
      : null;
  if (own) deps.app.addHook('onClose', () => own.close());
  const fake = sandbox ? (deps.given ?? own) : null;
  const provider = createPaystackFunding({
    baseUrl: fake?.url ?? config.payments.paystackBaseUrl,
    secretKey: config.payments.paystackSecretKey,
    timeoutMs: config.payments.paystackTimeoutMs,
  });
  return { provider, fakeUrl: fake?.url ?? null };
}
