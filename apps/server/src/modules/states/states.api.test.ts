import { addMonths, lagosPeriod } from '@levy/tax';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import {
  corporationWithConsent,
  createTestApp,
  joinAsMember,
  latestConsentPin,
  ownerWithOrganisation,
  payrollCsv,
  signUp,
  type TestApp,
} from '../../../test/harness';
import { sandboxTaxpayerName } from '../../adapters/agency/sandbox-agency';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

async function newCorporation(token: string, name = `Corp ${Math.random().toString(36).slice(2, 8)}`) {
  const created = await test.call('POST', 'core', 'internal/corporations', { token, body: { name } });
  return created.data.id as string;
}

async function registrationCount(corporationId: string) {
  const [{ n }] = await queryRows<{ n: number }>(
    test.database.db,
    sql`select count(*)::int as n from corporation_states where corporation_id = ${corporationId}`,
  );
  return n;
}

describe('verify and add a state', () => {
  it('verifies a Tax ID with the agency, then adds the state with the verified name', async () => {
    const owner = await ownerWithOrganisation(test);
    const corporationId = await newCorporation(owner.token, 'States Corp Limited');
    const verified = await test.call('POST', 'core', 'internal/corporations/states/LA/records/verify', {
      token: owner.token,
      body: { tax_payer_number: 'c-0012345' },
    });
    // Asked without a corporation, the sandbox names a stable generated taxpayer; for the corporation registering it, that corporation.
    expect(verified.data).toEqual({
      name: sandboxTaxpayerName('C-0012345'),
      tax_payer_number: 'C-0012345',
      name_matches: null,
      name_to_confirm: false,
    });
    const forCorporation = await test.call('POST', 'core', 'internal/corporations/states/LA/records/verify', {
      token: owner.token,
      body: { tax_payer_number: 'C-0012345', corporation_id: corporationId },
    });
    expect(forCorporation.data).toEqual({
      name: 'States Corp Limited',
      tax_payer_number: 'C-0012345',
      name_matches: true,
      name_to_confirm: false,
    });
    const byId = await test.call('POST', 'core', 'internal/corporations/states/25/records/verify', {
      token: owner.token,
      body: { tax_payer_number: 'C-0012345' },
    });
    expect(byId.data).toEqual(verified.data);

    const added = await test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA`, {
      token: owner.token,
      body: { tax_payer_number: 'C-0012345' },
    });
    expect(added.message).toBe('State added successfully');
    expect(added.data).toMatchObject({
      tax_payer_number: 'C-0012345',
      tax_payer_name: 'States Corp Limited',
      name_matches: true,
      is_control_consent_given: false,
      state: { code: 'LA', name: 'Lagos' },
    });
    const listed = await test.call('GET', 'core', `internal/corporations/${corporationId}/states`, {
      token: owner.token,
    });
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0].state.revenue_service).toBe('Lagos State Internal Revenue Service');

    const again = await test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA`, {
      token: owner.token,
      body: { tax_payer_number: 'C-0099999' },
    });
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe('Lagos is already registered for this corporation. Update its Tax ID instead.');
    const summary = await test.call('GET', 'auth', `organisations/${owner.organisationId}/onboarding/summary`, {
      token: owner.token,
    });
    expect(summary.data).toMatchObject({ corporation_count: 1, states_registered: 1 });
  });

  it('answers bad Tax IDs with the spec messages', async () => {
    const owner = await ownerWithOrganisation(test);
    const corporationId = await newCorporation(owner.token);
    const bad = await test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA`, {
      token: owner.token,
      body: { tax_payer_number: 'X-123' },
    });
    expect(bad.data).toEqual({ tax_payer_number: 'Provide a valid Tax ID' });
    const empty = await test.call('POST', 'core', 'internal/corporations/states/LA/records/verify', {
      token: owner.token,
      body: { tax_payer_number: '' },
    });
    expect(empty.data).toEqual({ tax_payer_number: 'This field is required' });
    const unknownState = await test.call('POST', 'core', 'internal/corporations/states/XX/records/verify', {
      token: owner.token,
      body: { tax_payer_number: 'C-0012345' },
    });
    expect(unknownState.code).toBe('NOT_FOUND');
  });

  it('saves nothing when the agency does not know the Tax ID', async () => {
    const owner = await ownerWithOrganisation(test);
    const corporationId = await newCorporation(owner.token);
    const verify = await test.call('POST', 'core', 'internal/corporations/states/LA/records/verify', {
      token: owner.token,
      body: { tax_payer_number: 'C-0000000404' },
    });
    expect(verify.status).toBe(400);
    expect(verify.data).toEqual({
      tax_payer_number: 'Lagos State Internal Revenue Service has no taxpayer with the Tax ID C-0000000404.',
    });
    const add = await test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA`, {
      token: owner.token,
      body: { tax_payer_number: 'N-0000000404' },
    });
    expect(add.code).toBe('INVALID_INPUT');
    expect(await registrationCount(corporationId)).toBe(0);
  });

  it('saves nothing when the agency does not answer in time', async () => {
    const owner = await ownerWithOrganisation(test);
    const corporationId = await newCorporation(owner.token);
    const add = await test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA`, {
      token: owner.token,
      body: { tax_payer_number: 'C-0000000503' },
    });
    expect(add.status).toBe(503);
    expect(add.code).toBe('UNAVAILABLE');
    expect(add.message).toBe(
      'Lagos State Internal Revenue Service did not answer in time. Nothing was saved; please try again later.',
    );
    expect(await registrationCount(corporationId)).toBe(0);
  });
});

describe('the first tax month and the Tax ID’s owner', () => {
  it('counts months owed from the first tax month the form gives, which admins change', async () => {
    const owner = await ownerWithOrganisation(test);
    const corporationId = await newCorporation(owner.token);
    const thisMonth = lagosPeriod(new Date());
    const add = (body: Record<string, unknown>) =>
      test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA`, {
        token: owner.token,
        body: { tax_payer_number: 'C-0012345', ...body },
      });
    expect((await add({ first_tax_month: addMonths(thisMonth, 1) })).data).toEqual({
      first_tax_month: 'The first tax month cannot be in the future',
    });
    expect((await add({ first_tax_month: '2019-12' })).data).toEqual({
      first_tax_month: "The first tax month cannot be before 2020-01: Levy's tax rules start then",
    });
    expect((await add({ first_tax_month: '2026-13' })).data).toEqual({
      first_tax_month: 'First tax month must be written YYYY-MM',
    });
    const added = await add({ first_tax_month: addMonths(thisMonth, -3) });
    expect(added.data.first_tax_month).toBe(addMonths(thisMonth, -3));
    // PAYE's months (WHT is owed from the same first month).
    const alerts = async () =>
      (
        (
          await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/alerts`, {
            token: owner.token,
          })
        ).data as Array<{ kind: string; tax_month: string; status: string }>
      ).filter((alert) => alert.kind === 'paye');
    expect((await alerts()).map((alert) => alert.tax_month)).toEqual([
      addMonths(thisMonth, -3),
      addMonths(thisMonth, -2),
      addMonths(thisMonth, -1),
    ]);

    const member = await joinAsMember(test, owner);
    const setMonth = (token: string, month: string) =>
      test.call('PUT', 'core', `internal/corporations/${corporationId}/states/LA/first-tax-month`, {
        token,
        body: { first_tax_month: month },
      });
    expect((await setMonth(member.token, thisMonth)).code).toBe('FORBIDDEN');
    expect((await setMonth(owner.token, addMonths(thisMonth, -1))).data.first_tax_month).toBe(addMonths(thisMonth, -1));
    expect((await alerts()).map((alert) => alert.tax_month)).toEqual([addMonths(thisMonth, -1)]);
  });

  it('asks for confirmation when the agency holds the Tax ID for another taxpayer, then keeps both names', async () => {
    const owner = await ownerWithOrganisation(test);
    const corporationId = await newCorporation(owner.token, 'Adamawa Foods Limited');
    const refused = await test.call('POST', 'core', `internal/corporations/${corporationId}/states/AD`, {
      token: owner.token,
      body: { tax_payer_number: 'C-0000000409' },
    });
    expect(refused.code).toBe('CONFLICT');
    expect(refused.data).toEqual({
      agency_name: sandboxTaxpayerName('C-0000000409'),
      tax_payer_number: 'C-0000000409',
    });
    expect(refused.message).toContain(
      `holds C-0000000409 for "${sandboxTaxpayerName('C-0000000409')}", not Adamawa Foods Limited`,
    );
    expect(await registrationCount(corporationId)).toBe(0);
    const verified = await test.call('POST', 'core', 'internal/corporations/states/AD/records/verify', {
      token: owner.token,
      body: { tax_payer_number: 'C-0000000409', corporation_id: corporationId },
    });
    expect(verified.data.name_matches).toBe(false);

    const confirmed = await test.call('POST', 'core', `internal/corporations/${corporationId}/states/AD`, {
      token: owner.token,
      body: { tax_payer_number: 'C-0000000409', confirm_name: true },
    });
    expect(confirmed.data).toMatchObject({ tax_payer_name: sandboxTaxpayerName('C-0000000409'), name_matches: false });
    const changed = await test.call('PUT', 'core', `internal/corporations/${corporationId}/states/AD`, {
      token: owner.token,
      body: { tax_payer_number: 'C-0000000409' },
    });
    expect(changed.code).toBe('CONFLICT');
  });
});

describe('update and remove a state', () => {
  it('updates the Tax ID: the old registration and its payroll go, the new one comes', async () => {
    const owner = await ownerWithOrganisation(test);
    const { corporationId } = await corporationWithConsent(test, owner);
    const file = payrollCsv([{ tin: 'N-1111111', name: 'Ada Obi', gross: '400000', tax: '40000' }]);
    await test.upload(`internal/corporations/${corporationId}/states/LA/payrolls/file`, {
      namespace: 'core',
      token: owner.token,
      files: [{ field: 'file', filename: 'payroll.csv', contentType: 'text/csv', content: file }],
    });

    const updated = await test.call('PUT', 'core', `internal/corporations/${corporationId}/states/LA`, {
      token: owner.token,
      body: { tax_payer_number: 'C-0054321' },
    });
    expect(updated.message).toBe('State ID updated successfully');
    expect(updated.data).toMatchObject({
      tax_payer_number: 'C-0054321',
      name_matches: true,
      is_control_consent_given: false,
      employee_count: 0,
    });
    expect(updated.data.removed).toEqual({
      tax_payer_number: 'C-0012345',
      employees: 1,
      payroll_files: 1,
      consent: true,
    });
    expect(await registrationCount(corporationId)).toBe(1);

    const failed = await test.call('PUT', 'core', `internal/corporations/${corporationId}/states/LA`, {
      token: owner.token,
      body: { tax_payer_number: 'C-0000000404' },
    });
    expect(failed.code).toBe('INVALID_INPUT');
    const listed = await test.call('GET', 'core', `internal/corporations/${corporationId}/states`, {
      token: owner.token,
    });
    expect(listed.data[0].tax_payer_number).toBe('C-0054321');
    const notRegistered = await test.call('PUT', 'core', `internal/corporations/${corporationId}/states/OG`, {
      token: owner.token,
      body: { tax_payer_number: 'C-0054321' },
    });
    expect(notRegistered.message).toBe('Ogun is not registered for this corporation.');
  });

  it('removes a state with all its data and says what was removed', async () => {
    const owner = await ownerWithOrganisation(test);
    const { corporationId } = await corporationWithConsent(test, owner);
    const file = payrollCsv([
      { tin: 'N-1111111', name: 'Ada Obi', gross: '400000', tax: '40000' },
      { tin: 'N-2222222', name: 'Bayo Ade', gross: '300000', tax: '30000' },
    ]);
    await test.upload(`internal/corporations/${corporationId}/states/LA/payrolls/file`, {
      namespace: 'core',
      token: owner.token,
      files: [{ field: 'file', filename: 'payroll.csv', contentType: 'text/csv', content: file }],
    });
    const removed = await test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA/remove`, {
      token: owner.token,
    });
    expect(removed.message).toBe('State removed successfully');
    expect(removed.data).toEqual({
      state: { id: 25, code: 'LA', name: 'Lagos' },
      removed: { tax_payer_number: 'C-0012345', employees: 2, payroll_files: 1, consent: true },
    });
    const [{ employees }] = await queryRows<{ employees: number }>(
      test.database.db,
      sql`select count(*)::int as employees from payroll_employees`,
    );
    expect(employees).toBe(0);
    expect(
      (await test.call('GET', 'core', `internal/corporations/${corporationId}/states`, { token: owner.token })).data,
    ).toEqual([]);
    expect(
      (
        await test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA/remove`, {
          token: owner.token,
        })
      ).code,
    ).toBe('NOT_FOUND');
  });
});

describe('payroll consent', () => {
  async function registered() {
    const owner = await ownerWithOrganisation(test);
    const corporationId = await newCorporation(owner.token);
    await test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA`, {
      token: owner.token,
      body: { tax_payer_number: 'C-0012345' },
    });
    return { owner, corporationId, path: `internal/corporations/${corporationId}/states/LA/consent` };
  }

  it('mails a code to the owner and accepts it once', async () => {
    const { owner, corporationId, path } = await registered();
    const listed = async () =>
      (await test.call('GET', 'core', `internal/corporations/${corporationId}/states`, { token: owner.token })).data[0];
    // Registered, never asked: consent is not pending yet.
    expect(await listed()).toMatchObject({ is_control_consent_given: false, consent_requested_at: null });
    const requested = await test.call('POST', 'core', path, { token: owner.token });
    expect(Date.parse((await listed()).consent_requested_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(requested.data.email).toMatch(/^p\*{5}.@example\.ng$/);
    expect(requested.data.token).toHaveLength(43);
    const mail = (await test.mailbox())[0];
    expect(mail.to).toBe(owner.email);
    expect(mail.subject).toMatch(/^\d{6} is your Lagos State Internal Revenue Service consent code$/);
    const pin = await latestConsentPin(test);
    const verified = await test.call('POST', 'core', `${path}/verify`, {
      token: owner.token,
      body: { pin, token: requested.data.token },
    });
    expect(verified.data.is_control_consent_given).toBe(true);
    const reused = await test.call('POST', 'core', `${path}/verify`, {
      token: owner.token,
      body: { pin, token: requested.data.token },
    });
    expect(reused.data).toEqual({ pin: 'This code was already used. Request a new one.' });
  });

  it('counts wrong codes and stops after five', async () => {
    const { owner, path } = await registered();
    const requested = await test.call('POST', 'core', path, { token: owner.token });
    const pin = await latestConsentPin(test);
    const wrong = pin === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      messages.push(
        (
          await test.call('POST', 'core', `${path}/verify`, {
            token: owner.token,
            body: { pin: wrong, token: requested.data.token },
          })
        ).data.pin,
      );
    }
    expect(messages).toEqual([
      'The code is not correct. 4 tries left.',
      'The code is not correct. 3 tries left.',
      'The code is not correct. 2 tries left.',
      'The code is not correct. 1 try left.',
      'The code is not correct. Request a new one.',
    ]);
    const right = await test.call('POST', 'core', `${path}/verify`, {
      token: owner.token,
      body: { pin, token: requested.data.token },
    });
    expect(right.status).toBe(429);
    expect(right.message).toBe('Too many wrong codes. Request a new one.');
  });

  it('refuses an expired code, a non-digit code and a token of another state', async () => {
    const { owner, corporationId, path } = await registered();
    const requested = await test.call('POST', 'core', path, { token: owner.token });
    const pin = await latestConsentPin(test);
    const letters = await test.call('POST', 'core', `${path}/verify`, {
      token: owner.token,
      body: { pin: '12ab56', token: requested.data.token },
    });
    expect(letters.data).toEqual({ pin: 'The code must contain digits only' });
    await test.call('POST', 'core', `internal/corporations/${corporationId}/states/OG`, {
      token: owner.token,
      body: { tax_payer_number: 'C-0012345' },
    });
    const otherState = await test.call(
      'POST',
      'core',
      `internal/corporations/${corporationId}/states/OG/consent/verify`,
      { token: owner.token, body: { pin, token: requested.data.token } },
    );
    expect(otherState.data).toEqual({ token: 'This consent request is not valid. Request a new code.' });
    await test.database.db.execute(sql`update consent_requests set expires_at = now() - interval '1 second'`);
    const expired = await test.call('POST', 'core', `${path}/verify`, {
      token: owner.token,
      body: { pin, token: requested.data.token },
    });
    expect(expired.data).toEqual({ pin: 'This code has expired. Request a new one.' });
  });
});

describe('boundaries', () => {
  it('answers NOT_FOUND for another organisation’s corporation and changes nothing', async () => {
    const a = await ownerWithOrganisation(test);
    const { corporationId } = await corporationWithConsent(test, a);
    const b = await ownerWithOrganisation(test);
    const base = `internal/corporations/${corporationId}/states`;
    const calls: Array<[string, string, unknown]> = [
      ['GET', base, undefined],
      ['POST', `${base}/OG`, { tax_payer_number: 'C-0012345' }],
      ['PUT', `${base}/LA`, { tax_payer_number: 'C-0099999' }],
      ['POST', `${base}/LA/remove`, {}],
      ['POST', `${base}/LA/consent`, {}],
      ['POST', `${base}/LA/consent/verify`, { pin: '123456', token: 'x' }],
      ['GET', `${base}/LA/payrolls/employees`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const result = await test.call(method, 'core', path, { token: b.token, body });
      expect([path, result.code, result.data]).toEqual([path, 'NOT_FOUND', null]);
    }
    const upload = await test.upload(`${base}/LA/payrolls/file`, {
      namespace: 'core',
      token: b.token,
      files: [
        {
          field: 'file',
          filename: 'p.csv',
          contentType: 'text/csv',
          content: payrollCsv([{ tin: 'N-1', name: 'X', gross: '1', tax: '1' }]),
        },
      ],
    });
    expect(upload.code).toBe('NOT_FOUND');
    const states = await test.call('GET', 'core', base, { token: a.token });
    expect(states.data).toHaveLength(1);
    expect(states.data[0]).toMatchObject({ tax_payer_number: 'C-0012345', is_control_consent_given: true });
  });

  it('refuses every state call without a token, and without an organisation', async () => {
    const { session } = await signUp(test);
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: Array<[string, string]> = [
      ['GET', `internal/corporations/${id}/states`],
      ['POST', 'internal/corporations/states/LA/records/verify'],
      ['POST', `internal/corporations/${id}/states/LA`],
      ['PUT', `internal/corporations/${id}/states/LA`],
      ['POST', `internal/corporations/${id}/states/LA/remove`],
      ['POST', `internal/corporations/${id}/states/LA/consent`],
      ['POST', `internal/corporations/${id}/states/LA/consent/verify`],
      ['GET', `internal/corporations/${id}/states/LA/payrolls/employees`],
    ];
    for (const [method, path] of calls) {
      expect([path, (await test.call(method, 'core', path, { body: {} })).code]).toEqual([path, 'NO_AUTH']);
      expect([path, (await test.call(method, 'core', path, { token: session.token, body: {} })).code]).toEqual([
        path,
        'FORBIDDEN',
      ]);
    }
  });
});
