import { PAYE_TEMPLATE_HEADERS } from '@levy/tax';
import { randomUUID } from 'node:crypto';
import { giveConsent, ownerWithOrganisation, type TestApp, type TestFile } from './harness';

// What the bills tests share: an organisation registered in a state, a funded wallet, payroll and
// WHT files, and Pay itself, against the real app.

export const PAYE_HEADER = PAYE_TEMPLATE_HEADERS.join(',');

/** PAYE rows where basic salary is the whole gross: the engine takes 8% of it as pension. */
export function payeFile(rows: Array<[string, string, number, number]>, filename = 'october-payroll.csv'): TestFile {
  const lines = rows.map(
    ([tin, name, gross, tax]) => `${tin},${name},Nigerian,Officer,${gross},${tax},${gross},0,0,0,0,0,0,0,0,0,0,0`,
  );
  return {
    field: 'recipients',
    filename,
    contentType: 'text/csv',
    content: Buffer.from(`${PAYE_HEADER}\n${lines.join('\n')}\n`),
  };
}

// October 2026, NTA 2025: ₦500,000 → ₦65,300; ₦300,000 → ₦32,180; ₦200,000 → ₦17,600 (declared ₦12,000).
export const THREE_EMPLOYEES = payeFile([
  ['N-1000001', 'Adaeze Okafor', 500_000, 65_300],
  ['N-1000002', 'Musa Bello', 300_000, 32_180],
  ['N-1000003', 'Ngozi Eze', 200_000, 12_000],
]);

export const WHT_AUTO_HEADER = 'tax_payer_number,name,amount';

export function whtAutoFile(field: string, rows: Array<[string, string, number]>): TestFile {
  return {
    field,
    filename: 'vendors.csv',
    contentType: 'text/csv',
    content: Buffer.from(`${WHT_AUTO_HEADER}\n${rows.map((row) => row.join(',')).join('\n')}\n`),
  };
}

export async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type Owner = { token: string; organisationId: string };

/** The helpers bound to the test app `app()` gives (made in beforeAll, so read when called). */
export function billKit(app: () => TestApp) {
  /** An owner's corporation registered in a state with payroll consent and THREE_EMPLOYEES on file: PAYE can be billed there. */
  async function organisationWithState(taxPayerNumber = 'C-0012345', stateCode = 'LA') {
    const owner = await ownerWithOrganisation(app());
    const corporation = await app().call('POST', 'core', 'internal/corporations', {
      token: owner.token,
      body: { name: `Bills Corp ${randomUUID().slice(0, 6)}` },
    });
    const corporationId = corporation.data.id as string;
    const added = await app().call('POST', 'core', `internal/corporations/${corporationId}/states/${stateCode}`, {
      token: owner.token,
      body: { tax_payer_number: taxPayerNumber },
    });
    if (added.code !== 'OK') throw new Error(`add state failed: ${JSON.stringify(added)}`);
    await registerPayroll(owner.token, corporationId, stateCode);
    return { owner, corporationId };
  }

  /** Consent, then THREE_EMPLOYEES as the registration's payroll on file. */
  async function registerPayroll(
    token: string,
    corporationId: string,
    stateCode: string,
    file: TestFile = THREE_EMPLOYEES,
  ) {
    await giveConsent(app(), token, corporationId, stateCode);
    const uploaded = await app().upload(`internal/corporations/${corporationId}/states/${stateCode}/payrolls/file`, {
      namespace: 'core',
      token,
      files: [{ ...file, field: 'file' }],
    });
    if (uploaded.code !== 'OK') throw new Error(`payroll upload failed: ${JSON.stringify(uploaded)}`);
  }

  async function walletOf(owner: Owner) {
    const wallets = await app().call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`, {
      token: owner.token,
    });
    return wallets.data.wallets[0] as { id: string; balance: string };
  }

  async function fund(owner: Owner, amount: string) {
    const wallet = await walletOf(owner);
    const funded = await app().call('POST', 'core', `internal/sandbox/wallets/${wallet.id}/fund`, {
      token: owner.token,
      body: { amount },
    });
    if (funded.code !== 'OK') throw new Error(`fund failed: ${JSON.stringify(funded)}`);
  }

  function generate(
    token: string,
    corporationId: string,
    type: 'paye' | 'wht',
    fields: Record<string, string>,
    files: TestFile[],
    key: string | null = randomUUID(),
    state = 'LA',
  ) {
    return app().upload(`internal/corporations/${corporationId}/states/${state}/${type}/bills`, {
      namespace: 'core',
      token,
      fields,
      files,
      headers: key ? { 'idempotency-key': key } : {},
    });
  }

  async function billCount(owner: { token: string }) {
    return (await app().call('GET', 'core', 'internal/bills', { token: owner.token })).data.pagination
      .total_count as number;
  }

  async function billOf(token: string, id: string) {
    return (await app().call('GET', 'core', `internal/bills/${id}`, { token })).data;
  }

  return { organisationWithState, registerPayroll, walletOf, fund, generate, billCount, billOf };
}
