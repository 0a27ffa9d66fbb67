import { randomUUID } from 'node:crypto';
import { asKobo, computePaye, defaultPension, naira, type Period } from '@levy/tax';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billKit, payeFile } from '../../../test/bill-kit';
import { createTestApp, ownerWithOrganisation, type TestApp } from '../../../test/harness';

// The app built with STATE_AGENCY=manual (decision 0045): no API reaches the revenue service, so
// the Tax ID's form is checked and the user confirms the name, consent is attested, and filings
// give the schedule to upload on the portal and take the acknowledgement the portal gives.
let test: TestApp;
const { fund, generate } = billKit(() => test);

beforeAll(async () => {
  test = await createTestApp({ env: { STATE_AGENCY: 'manual' } });
});
afterAll(() => test.close());

const ADAEZE = ['N-2000001', 'Adaeze Okafor', 500_000] as const;
/** The law's PAYE for a month of 2025 on a salary that is all basic pay, in naira. */
function lawsTax(period: Period, monthlyGross: number): number {
  const pension = defaultPension({ basic: naira(monthlyGross) });
  return computePaye({ period, annualGross: naira(monthlyGross * 12), pension: asKobo(pension * 12) }).monthlyTax / 100;
}

async function download(token: string, path: string) {
  return test.app.inject({ method: 'GET', url: `/service/v1/core/${path}`, headers: { 'api-token': token } });
}

async function corporation() {
  const owner = await ownerWithOrganisation(test);
  const name = `Manual ${randomUUID().slice(0, 6)} Limited`;
  const created = await test.call('POST', 'core', 'internal/corporations', { token: owner.token, body: { name } });
  const corporationId = created.data.id as string;
  return { owner, name, corporationId, base: `internal/corporations/${corporationId}/states/LA` };
}

describe('manual state agency', () => {
  it('says so to the web', async () => {
    expect((await test.call('GET', 'public', 'deployment')).data).toEqual({ sandbox: true, state_agency: 'manual' });
  });

  it('checks the Tax ID form only, and registers it once the user confirms the name', async () => {
    const { owner, name, corporationId, base } = await corporation();
    const verified = await test.call('POST', 'core', 'internal/corporations/states/LA/records/verify', {
      token: owner.token,
      body: { tax_payer_number: 'c-0012345', corporation_id: corporationId },
    });
    expect(verified.data).toEqual({ name, tax_payer_number: 'C-0012345', name_matches: null, name_to_confirm: true });
    const malformed = await test.call('POST', 'core', 'internal/corporations/states/LA/records/verify', {
      token: owner.token,
      body: { tax_payer_number: 'C-12AB' },
    });
    expect(malformed.code).toBe('INVALID_INPUT');

    const unconfirmed = await test.call('POST', 'core', base, {
      token: owner.token,
      body: { tax_payer_number: 'C-0012345' },
    });
    expect([unconfirmed.code, unconfirmed.message, unconfirmed.data]).toEqual([
      'CONFLICT',
      `Levy cannot ask Lagos State Internal Revenue Service who holds C-0012345: confirm that it is ${name}'s Tax ID as shown on the Lagos State ` +
        `Internal Revenue Service portal.`,
      { agency_name: null, tax_payer_number: 'C-0012345', name_to_confirm: true },
    ]);
    const added = await test.call('POST', 'core', base, {
      token: owner.token,
      body: { tax_payer_number: 'C-0012345', confirm_name: true },
    });
    expect(added.code).toBe('OK');
    expect(added.data).toMatchObject({ tax_payer_name: name, name_matches: true, is_control_consent_given: false });
  });

  it('takes consent by attestation, never by a code', async () => {
    const { owner, base } = await corporation();
    await test.call('POST', 'core', base, {
      token: owner.token,
      body: { tax_payer_number: 'C-0012345', confirm_name: true },
    });
    const code = await test.call('POST', 'core', `${base}/consent`, { token: owner.token });
    expect([code.code, code.message]).toEqual([
      'UNPROCESSABLE',
      "Levy does not reach Lagos State Internal Revenue Service online, so no code is sent: confirm the corporation's consent yourself instead.",
    ]);
    const unattested = await test.call('POST', 'core', `${base}/consent/attest`, { token: owner.token, body: {} });
    expect(unattested.code).toBe('INVALID_INPUT');
    const attested = await test.call('POST', 'core', `${base}/consent/attest`, {
      token: owner.token,
      body: { attest: true },
    });
    expect([attested.code, attested.message, attested.data.is_control_consent_given]).toEqual([
      'OK',
      'Consent recorded',
      true,
    ]);
  });

  it('registers the payroll with no reference, gives its schedule, and records the acknowledgement once', async () => {
    const { owner, base } = await corporation();
    await test.call('POST', 'core', base, {
      token: owner.token,
      body: { tax_payer_number: 'C-0012345', confirm_name: true },
    });
    await test.call('POST', 'core', `${base}/consent/attest`, { token: owner.token, body: { attest: true } });
    expect((await test.call('GET', 'core', `${base}/payrolls/filing`, { token: owner.token })).data).toBeNull();
    const file = payeFile([[ADAEZE[0], ADAEZE[1], ADAEZE[2], lawsTax('2025-12', ADAEZE[2])]]);
    const uploaded = await test.upload(`${base}/payrolls/file`, {
      namespace: 'core',
      token: owner.token,
      files: [{ ...file, field: 'file' }],
    });
    expect(uploaded.code).toBe('OK');
    expect(uploaded.data).toMatchObject({ agency_reference: null, filed_manually: true, employee_count: 1 });

    const schedule = await download(owner.token, `${base}/payrolls/schedule`);
    expect(schedule.statusCode).toBe(200);
    expect(schedule.headers['content-disposition']).toContain('payroll-schedule-LA-C0012345.csv');
    expect(schedule.body.split('\r\n')[1]).toMatch(/^C-0012345,N-2000001,Adaeze Okafor,500000\.00,\d+\.\d{2}$/);

    const recorded = await test.call('POST', 'core', `${base}/payrolls/acknowledgement`, {
      token: owner.token,
      body: { reference: ' LIRS-ACK-77120 ' },
    });
    expect([recorded.code, recorded.message]).toEqual(['OK', 'Acknowledgement recorded']);
    expect(recorded.data).toMatchObject({ filed_manually: true, agency_reference: 'LIRS-ACK-77120' });
    const again = await test.call('POST', 'core', `${base}/payrolls/acknowledgement`, {
      token: owner.token,
      body: { reference: 'LIRS-ACK-99999' },
    });
    expect([again.code, again.message]).toEqual([
      'CONFLICT',
      'The acknowledgement of this payroll is already recorded: LIRS-ACK-77120.',
    ]);
    const blank = await test.call('POST', 'core', `${base}/payrolls/acknowledgement`, {
      token: owner.token,
      body: { reference: '' },
    });
    expect(blank.code).toBe('INVALID_INPUT');
    expect((await test.call('GET', 'core', `${base}/payrolls/filing`, { token: owner.token })).data).toMatchObject({
      agency_reference: 'LIRS-ACK-77120',
      acknowledgement_recorded_at: expect.any(String),
    });
  });

  it('files the annual return with no reference, gives its schedule, and records the acknowledgement once', async () => {
    const { owner, corporationId, base } = await corporation();
    await test.call('POST', 'core', base, {
      token: owner.token,
      body: { tax_payer_number: 'C-0012345', confirm_name: true, first_tax_month: '2025-12' },
    });
    await test.call('POST', 'core', `${base}/consent/attest`, { token: owner.token, body: { attest: true } });
    const file = payeFile([[ADAEZE[0], ADAEZE[1], ADAEZE[2], lawsTax('2025-12', ADAEZE[2])]]);
    await test.upload(`${base}/payrolls/file`, {
      namespace: 'core',
      token: owner.token,
      files: [{ ...file, field: 'file' }],
    });
    await fund(owner, '500000');
    const paid = await generate(owner.token, corporationId, 'paye', { start_date: '2025-12' }, [file]);
    expect(paid.data?.status, JSON.stringify(paid)).toBe('payment_paid');

    const submitted = await test.call('POST', 'core', `${base}/annual-returns/2025/submit`, { token: owner.token });
    expect(submitted.code).toBe('OK');
    expect(submitted.data.filed).toMatchObject({ version: 1, reference: null, filed_manually: true });
    const schedule = await download(owner.token, `${base}/annual-returns/2025/export?format=csv`);
    expect(schedule.statusCode).toBe(200);
    expect(schedule.body).toContain('N-2000001');

    const recorded = await test.call('POST', 'core', `${base}/annual-returns/2025/acknowledgement`, {
      token: owner.token,
      body: { reference: 'LIRS-H1-2025-000417' },
    });
    expect(recorded.code).toBe('OK');
    expect(recorded.data.filed).toMatchObject({ reference: 'LIRS-H1-2025-000417', filed_manually: true });
    expect(recorded.data.versions[0].reference).toBe('LIRS-H1-2025-000417');
    const again = await test.call('POST', 'core', `${base}/annual-returns/2025/acknowledgement`, {
      token: owner.token,
      body: { reference: 'OTHER' },
    });
    expect([again.code, again.message]).toEqual([
      'CONFLICT',
      'The acknowledgement of version 1 is already recorded: LIRS-H1-2025-000417.',
    ]);
  }, 60_000);
});
