// The journeys' one seam (never part of the app; playwright.config.ts runs it before the server):
// an owner whose corporation registered Lagos as owing from three months ago, so the organisation
// has unpaid past months and alerts. Everything is made through the real API over HTTP (the
// registration's first tax month is a field of the form). It runs on the journeys' data directory
// before the server starts, because the embedded database serves one process at a time.
import { addMonths, lagosPeriod } from '@levy/tax';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { seedDemoAccount, seedReferenceData } from '../src/seed';

const CERTIFICATE = new Blob(['%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'], {
  type: 'application/pdf',
});

/** One employee, ₦500,000 a month, with the PAYE of NTA 2025. */
const PAYROLL =
  'tax_payer_number,name,nationality,designation,gross_income,tax_payable,basic_salary,housing,transport,furniture,' +
  'education,lunch,passage,leave,bonus,13th_month,utility,other_allowances\n' +
  'N-1000001,Adaeze Okafor,Nigerian,Officer,500000,65300,500000,0,0,0,0,0,0,0,0,0,0,0\n';

interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}

async function main() {
  const email = process.env.OVERDUE_OWNER_EMAIL;
  const password = process.env.OVERDUE_OWNER_PASSWORD;
  if (!email || !password) throw new Error('OVERDUE_OWNER_EMAIL and OVERDUE_OWNER_PASSWORD are required');
  const config = loadConfig();
  if (config.env === 'production') throw new Error('The journeys’ seed never runs in production');
  const database = await openDatabase({ dataDir: config.dataDir });
  await database.migrate();
  await seedReferenceData(database.db);
  // The server seeds the demo account only on an empty database: this runs first, so it seeds it too.
  if (config.seedDemo) await seedDemoAccount(database.db, config);
  const app = await buildApp({ config, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  async function call<T>(
    method: string,
    namespace: string,
    path: string,
    options: { body?: unknown; token?: string } = {},
  ): Promise<T> {
    const response = await fetch(`${address}/service/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(options.token ? { 'api-token': options.token } : {}) },
      body: JSON.stringify({ method, namespace, path, body: options.body }),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (envelope.code !== 'OK') throw new Error(`${method} ${path}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  }

  try {
    await call('POST', 'public', 'users/register', {
      body: {
        first_name: 'Kemi',
        last_name: 'Balogun',
        email,
        password,
        phone: '+2348035551234',
        marketing_source_id: 1,
      },
    });
    const mails = await call<Array<{ to: string; links: string[] }>>('GET', 'public', 'dev/mailbox');
    const verifyLink = mails
      .filter((mail) => mail.to === email)
      .flatMap((mail) => mail.links)
      .find((link) => link.includes('/authenticate?token='))!;
    const { token } = await call<{ token: string }>('POST', 'public', 'users/verify-email', {
      body: { token: new URL(verifyLink).searchParams.get('token') },
    });
    const organisation = await call<{ id: string }>('POST', 'auth', 'organisations', { token, body: {} });

    const identity = new FormData();
    for (const [field, value] of Object.entries({
      namespace: 'auth',
      legal_name: 'Balogun Foods Limited',
      cac_number: 'RC7654321',
      business_type: 'Limited liability company',
      industry: 'Manufacturing',
      tax_id: 'C-0054321',
      address: '8 Allen Avenue, Ikeja',
      state_id: '25',
      phone: '+2348035551234',
    }))
      identity.append(field, value);
    identity.append('cac_document', CERTIFICATE, 'cac-certificate.pdf');
    const uploaded = await fetch(`${address}/service/v1/organisations/${organisation.id}/identity`, {
      method: 'POST',
      headers: { 'api-token': token },
      body: identity,
    });
    if (!uploaded.ok) throw new Error(`identity: ${await uploaded.text()}`);
    await call('POST', 'auth', `organisations/${organisation.id}/kyc/completed`, { token });

    const corporation = await call<{ id: string }>('POST', 'core', 'internal/corporations', {
      token,
      body: { name: 'Balogun Foods Ikeja Limited' },
    });
    const threeMonthsAgo = addMonths(lagosPeriod(new Date()), -3);
    const lagos = `internal/corporations/${corporation.id}/states/LA`;
    await call('POST', 'core', lagos, {
      token,
      body: { tax_payer_number: 'C-0054321', first_tax_month: threeMonthsAgo },
    });
    // PAYE is filed for a registered payroll: consent with the mailed code, then one employee on file.
    const consent = await call<{ token: string }>('POST', 'core', `${lagos}/consent`, { token });
    const consentMail = (await call<Array<{ to: string; subject: string }>>('GET', 'public', 'dev/mailbox')).find(
      (mail) => mail.to === email && /consent code$/.test(mail.subject),
    )!;
    await call('POST', 'core', `${lagos}/consent/verify`, {
      token,
      body: { pin: consentMail.subject.slice(0, 6), token: consent.token },
    });
    const payroll = new FormData();
    payroll.append('namespace', 'core');
    payroll.append('file', new Blob([PAYROLL], { type: 'text/csv' }), 'payroll.csv');
    const registered = await fetch(`${address}/service/v1/${lagos}/payrolls/file`, {
      method: 'POST',
      headers: { 'api-token': token },
      body: payroll,
    });
    if (!registered.ok) throw new Error(`payroll: ${await registered.text()}`);
    const wallets = await call<{ wallets: Array<{ id: string }> }>(
      'GET',
      'core',
      `internal/organisations/${organisation.id}/wallets`,
      { token },
    );
    await call('POST', 'core', `internal/sandbox/wallets/${wallets.wallets[0].id}/fund`, {
      token,
      body: { amount: '2000000' },
    });
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
