import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** Every environment variable the server reads. README.md documents each one. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  APP_URL: z.url().optional(),
  SEED_DEMO: booleanFlag.optional(),
  DEMO_EMAIL: z.email().default('demo@levy.ng'),
  DEMO_PASSWORD: z.string().min(8).default('levy-demo-2026'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Levy <no-reply@levy.ng>'),
  TRUST_PROXY: booleanFlag.default(false),
  AGENCY_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** How long a process trusts its copy of the staff reference rows before counting them again (decision 0025). */
  REFERENCE_DATA_RECHECK_MS: z.coerce.number().int().min(0).default(5_000),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'paystack']).default('sandbox'),
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_\w+$/, 'must be a Paystack secret key (sk_test_… or sk_live_…)')
    .optional(),
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  PAYSTACK_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** A staging or demo deploy: production may run against the local fakes, and every screen says so. */
  LEVY_SANDBOX: booleanFlag.default(false),
  REMITTANCE_GATEWAY: z.enum(['sandbox', 'remita']).default('sandbox'),
  /** How the state revenue services are reached: the sandbox agency, or honest manual steps (decision 0045). */
  STATE_AGENCY: z.enum(['sandbox', 'manual']).default('sandbox'),
  REMITA_BASE_URL: z.url().default('https://login.remita.net/remita/exapp/api/v1/send/api/bgatesvc/billing'),
  REMITA_PUBLIC_KEY: z.string().min(1).optional(),
  REMITA_SECRET_KEY: z.string().min(1).optional(),
  REMITA_FUNDING_SOURCE: z.string().min(1).optional(),
  REMITA_DEBITED_ACCOUNT: z.string().min(1).optional(),
  REMITA_INCOME_ACCOUNT: z.string().min(1).optional(),
  /** Remita's SDKs wait 25 s for an answer; a notification not answered in time is asked about by its status. */
  REMITA_TIMEOUT_MS: z.coerce.number().int().positive().default(25_000),
  /** Sandbox: the loopback port of the Remita fake, fixed when several processes must share it (0: any free port). */
  REMITA_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  RECEIPT_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  appUrl: string;
  seedDemo: boolean;
  demoEmail: string;
  demoPassword: string;
  sessionIdleMinutes: number;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  webDistDir: string;
  /** Behind a load balancer: take the client address from X-Forwarded-For (never trust it otherwise). */
  trustProxy: boolean;
  /** How long a state agency may take to answer before the call fails as unavailable. */
  agencyTimeoutMs: number;
  referenceDataRecheckMs: number;
  /**
   * Wallet funding: Paystack itself, or (sandbox) the real Paystack adapter against the local fake
   * of Paystack that the app starts, with the fake's published key.
   */
  payments: {
    provider: 'sandbox' | 'paystack';
    paystackSecretKey: string;
    paystackBaseUrl: string;
    paystackTimeoutMs: number;
  };
  /** Some counterpart is a local fake: screens show a "Sandbox" marker. */
  sandbox: boolean;
  /** Signs receipts' verification codes (HMAC-SHA256 of the bill id): changing it voids every printed code. */
  receiptSigningSecret: string;
  /** PostgreSQL connections per process, and the longest a statement may run (0: no limit). */
  databasePoolSize: number;
  databaseStatementTimeoutMs: number;
  /** Where taxes are remitted: Remita itself, or the local Remita fake the sandbox starts. */
  remittance: { gateway: 'sandbox' } | { gateway: 'remita'; remita: RemitaAccount };
  remittanceTimeoutMs: number;
  remittanceSandboxPort: number;
  /**
   * The state revenue services: the sandbox agency (a fake that answers like one), or `manual`,
   * where no API exists: Levy checks forms, prepares the schedule files and records what the
   * user confirms or copies from the collector's portal (decision 0045).
   */
  stateAgency: 'sandbox' | 'manual';
};

/** What Remita gives a partner at onboarding (docs/payment-rails/remita.md). */
export interface RemitaAccount {
  baseUrl: string;
  publicKey: string;
  secretKey: string;
  fundingSource: string;
  debitedAccount: string;
  incomeAccount: string;
}

const REMITA_VARIABLES = [
  'REMITA_PUBLIC_KEY',
  'REMITA_SECRET_KEY',
  'REMITA_FUNDING_SOURCE',
  'REMITA_DEBITED_ACCOUNT',
  'REMITA_INCOME_ACCOUNT',
] as const;

type Environment = z.infer<typeof environmentSchema>;

/** The remittance gateway the environment chooses, or the problems that stop the server. */
function remittanceOf(value: Environment): { remittance: Config['remittance']; problems: string[] } {
  if (value.REMITTANCE_GATEWAY === 'sandbox') return { remittance: { gateway: 'sandbox' }, problems: [] };
  const missing = REMITA_VARIABLES.filter((name) => !value[name]);
  if (missing.length > 0)
    return {
      remittance: { gateway: 'sandbox' },
      problems: missing.map((name) => `${name}: is required when REMITTANCE_GATEWAY is remita`),
    };
  return {
    remittance: {
      gateway: 'remita',
      remita: {
        baseUrl: value.REMITA_BASE_URL.replace(/\/$/, ''),
        publicKey: value.REMITA_PUBLIC_KEY!,
        secretKey: value.REMITA_SECRET_KEY!,
        fundingSource: value.REMITA_FUNDING_SOURCE!,
        debitedAccount: value.REMITA_DEBITED_ACCOUNT!,
        incomeAccount: value.REMITA_INCOME_ACCOUNT!,
      },
    },
    problems: [],
  };
}

export class ConfigError extends Error {}

/** The local Paystack fake's secret key: it signs the fake's webhooks, so tests and tools can sign too. */
export const SANDBOX_PAYSTACK_SECRET_KEY = 'sk_test_levy_sandbox_paystack_fake';

/**
 * Each counterpart Levy talks to, the variable that chooses its adapter and whether that choice is
 * the local fake. Production refuses a fake unless LEVY_SANDBOX=1 says the deploy is a staging one.
 */
const COUNTERPARTS: Array<{ variable: string; isSandbox: (value: Environment) => boolean; refusal?: string }> = [
  { variable: 'PAYMENT_PROVIDER', isSandbox: (value) => value.PAYMENT_PROVIDER === 'sandbox' },
  { variable: 'REMITTANCE_GATEWAY', isSandbox: (value) => value.REMITTANCE_GATEWAY === 'sandbox' },
  {
    variable: 'STATE_AGENCY',
    isSandbox: (value) => value.STATE_AGENCY === 'sandbox',
    refusal:
      'is sandbox (a fake agency: nothing is registered or filed anywhere); set STATE_AGENCY=manual, or LEVY_SANDBOX=1 for a staging or demo deploy',
  },
];

/** Outside production receipts are signed with this published key: codes made with it prove nothing. */
export const DEVELOPMENT_RECEIPT_SECRET = 'levy-development-receipt-signing-secret';

function paymentsOf(value: Environment): Config['payments'] {
  // The sandbox's base URL is the fake's, known only once the app has started it.
  if (value.PAYMENT_PROVIDER === 'sandbox')
    return {
      provider: 'sandbox',
      paystackSecretKey: SANDBOX_PAYSTACK_SECRET_KEY,
      paystackBaseUrl: '',
      paystackTimeoutMs: value.PAYSTACK_TIMEOUT_MS,
    };
  if (!value.PAYSTACK_SECRET_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  PAYSTACK_SECRET_KEY: is required when PAYMENT_PROVIDER is paystack',
    );
  return {
    provider: 'paystack',
    paystackSecretKey: value.PAYSTACK_SECRET_KEY,
    paystackBaseUrl: value.PAYSTACK_BASE_URL.replace(/\/$/, ''),
    paystackTimeoutMs: value.PAYSTACK_TIMEOUT_MS,
  };
}

/** Parses the environment; a wrong value throws a ConfigError naming the variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const value = parsed.data;
  // Every problem at once, so a deploy is fixed in one go.
  const payments = paymentsOf(value);
  const { remittance, problems } = remittanceOf(value);
  if (value.NODE_ENV === 'production') {
    if (!value.LEVY_SANDBOX) {
      for (const counterpart of COUNTERPARTS.filter((each) => each.isSandbox(value))) {
        problems.push(
          `${counterpart.variable}: ${
            counterpart.refusal ??
            'is sandbox (a local fake: no real money moves); set the real provider, or LEVY_SANDBOX=1 ' +
              'for a staging or demo deploy'
          }`,
        );
      }
    }
    if (!value.RECEIPT_SIGNING_SECRET) problems.push('RECEIPT_SIGNING_SECRET: is required when NODE_ENV is production');
    else if (value.RECEIPT_SIGNING_SECRET === DEVELOPMENT_RECEIPT_SECRET)
      problems.push(
        'RECEIPT_SIGNING_SECRET: still has the published development value; set a long random secret of your own',
      );
    // The demo login is printed in the README: it must never exist where real money moves.
    if (value.SEED_DEMO === true)
      problems.push(
        'SEED_DEMO: the demo account has a published password and is never created when NODE_ENV is production',
      );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return {
    env: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    appUrl: (value.APP_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ''),
    // The demo account is created on the embedded database by default, on a server only on request.
    seedDemo: value.NODE_ENV !== 'production' && (value.SEED_DEMO ?? !value.DATABASE_URL),
    demoEmail: value.DEMO_EMAIL,
    demoPassword: value.DEMO_PASSWORD,
    sessionIdleMinutes: value.SESSION_IDLE_MINUTES,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY,
    agencyTimeoutMs: value.AGENCY_TIMEOUT_MS,
    referenceDataRecheckMs: value.REFERENCE_DATA_RECHECK_MS,
    payments,
    sandbox: COUNTERPARTS.some((counterpart) => counterpart.isSandbox(value)),
    receiptSigningSecret: value.RECEIPT_SIGNING_SECRET ?? DEVELOPMENT_RECEIPT_SECRET,
    databasePoolSize: value.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: value.DATABASE_STATEMENT_TIMEOUT_MS,
    remittance,
    remittanceTimeoutMs: value.REMITA_TIMEOUT_MS,
    remittanceSandboxPort: value.REMITA_SANDBOX_PORT,
    stateAgency: value.STATE_AGENCY,
    webDistDir: path.resolve(value.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
