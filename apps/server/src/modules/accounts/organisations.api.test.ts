import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import {
  createTestApp,
  joinAsMember,
  ownerWithOrganisation,
  signUp,
  TINY_PNG,
  type TestApp,
} from '../../../test/harness';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const IDENTITY = {
  legal_name: 'Acme Nigeria Limited',
  cac_number: 'RC 1234567',
  business_type: 'Limited liability company',
  industry: 'Manufacturing',
  tax_id: 'C-0012345',
  address: '1 Broad Street, Lagos Island',
  state_id: '25',
  phone: '+2348031234567',
  website: 'acme.ng',
};

const CERTIFICATE = {
  field: 'cac_document',
  filename: 'cac-certificate.png',
  contentType: 'image/png',
  content: TINY_PNG,
};

function auditActions(organisationId: string) {
  return queryRows<{ action: string; actor_user_id: string }>(
    test.database.db,
    sql`select action, actor_user_id from audit_log where organisation_id = ${organisationId} order by created_at`,
  );
}

describe('create and read', () => {
  it('makes the caller owner and admin, and the session follows', async () => {
    const { session } = await signUp(test);
    const created = await test.call('POST', 'auth', 'organisations', { token: session.token });
    expect(created.code).toBe('OK');
    expect(created.data).toMatchObject({ is_owner: true, is_kyc_completed: false });
    const me = await test.call('GET', 'auth', 'users/me', { token: session.token });
    expect(me.data.organisation).toMatchObject({ id: created.data.id, is_owner: true, is_kyc_completed: false });
    expect(me.data.user.role.code).toBe('user.admin');
    expect(me.data.permissions.auth['organisation.inviteuser']).toBe(true);
    expect(me.data.permissions.auth['organisation.create']).toBe(true);

    const again = await test.call('POST', 'auth', 'organisations', { token: session.token });
    expect(again.code).toBe('CONFLICT');
    expect((await auditActions(created.data.id)).map((row) => row.action)).toEqual(['organisation.created']);
  });

  it('gets and renames the organisation', async () => {
    const owner = await ownerWithOrganisation(test);
    const got = await test.call('GET', 'auth', `organisations/${owner.organisationId}`, { token: owner.token });
    expect(got.data).toMatchObject({ id: owner.organisationId, name: 'Acme Nigeria Ltd', is_owner: true });
    const renamed = await test.call('PUT', 'auth', `organisations/${owner.organisationId}`, {
      token: owner.token,
      body: { name: 'Acme Holdings' },
    });
    expect(renamed.message).toBe('Organisation updated successfully');
    expect(renamed.data.name).toBe('Acme Holdings');
    const empty = await test.call('PUT', 'auth', `organisations/${owner.organisationId}`, {
      token: owner.token,
      body: { name: '  ' },
    });
    expect(empty.data).toEqual({ name: 'Organisation name is required' });
  });

  it('answers a malformed id as NOT_FOUND', async () => {
    const owner = await ownerWithOrganisation(test);
    const result = await test.call('GET', 'auth', 'organisations/not-a-uuid', { token: owner.token });
    expect(result.status).toBe(404);
    expect(result.code).toBe('NOT_FOUND');
  });
});

describe('identity, KYC and settings', () => {
  it('stores the KYC identity with the CAC document, then completes KYC', async () => {
    const owner = await ownerWithOrganisation(test);
    const early = await test.call('POST', 'auth', `organisations/${owner.organisationId}/kyc/completed`, {
      token: owner.token,
    });
    expect(early.code).toBe('INVALID_INPUT');
    expect(early.data).toMatchObject({
      legal_name: 'Legal name is required',
      cac_document: 'CAC certificate is required',
    });

    const saved = await test.upload(`organisations/${owner.organisationId}/identity`, {
      namespace: 'auth',
      token: owner.token,
      fields: IDENTITY,
      files: [CERTIFICATE],
    });
    expect(saved.code).toBe('OK');
    expect(saved.data).toMatchObject({
      legal_name: 'Acme Nigeria Limited',
      cac_number: 'RC1234567',
      state: { code: 'LA', name: 'Lagos' },
      missing: {},
    });
    expect(saved.data.cac_document).toMatchObject({
      filename: 'cac-certificate.png',
      size: TINY_PNG.length,
      content_type: 'image/png',
    });

    const read = await test.call('GET', 'auth', `organisations/${owner.organisationId}/identity`, {
      token: owner.token,
    });
    expect(read.data.tax_id).toBe('C-0012345');
    const [stored] = await queryRows<{ content: Buffer }>(
      test.database.db,
      sql`select content from files where id = ${read.data.cac_document.id}`,
    );
    expect(Buffer.from(stored.content).equals(TINY_PNG)).toBe(true);

    const completed = await test.call('POST', 'auth', `organisations/${owner.organisationId}/kyc/completed`, {
      token: owner.token,
    });
    expect(completed.code).toBe('OK');
    expect(completed.data.is_kyc_completed).toBe(true);
    const me = await test.call('GET', 'auth', 'users/me', { token: owner.token });
    expect(me.data.kyc.is_completed).toBe(true);
    expect(me.data.organisation.name).toBe('Acme Nigeria Limited');
    expect((await auditActions(owner.organisationId)).map((row) => row.action)).toEqual([
      'organisation.created',
      'organisation.identity_updated',
      'organisation.kyc_completed',
    ]);
  });

  it('serves the stored CAC certificate as uploaded, within the organisation, to whoever may read its identity', async () => {
    const owner = await ownerWithOrganisation(test);
    const member = await joinAsMember(test, owner);
    const stranger = await ownerWithOrganisation(test);
    const download = (token: string) =>
      test.app.inject({
        method: 'GET',
        url: `/service/v1/auth/organisations/${owner.organisationId}/identity/cac-document`,
        headers: { 'api-token': token },
      });

    const none = await download(owner.token);
    expect([none.statusCode, none.json().message]).toEqual([404, 'No CAC certificate has been uploaded yet.']);

    await test.upload(`organisations/${owner.organisationId}/identity`, {
      namespace: 'auth',
      token: owner.token,
      fields: IDENTITY,
      files: [CERTIFICATE],
    });
    for (const token of [owner.token, member.token]) {
      const file = await download(token);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toContain('cac-certificate.png');
      expect(file.rawPayload.equals(TINY_PNG)).toBe(true);
    }
    // Another organisation's owner learns nothing, not even that a certificate exists.
    const foreign = await download(stranger.token);
    expect([foreign.statusCode, foreign.json().code, foreign.json().data]).toEqual([404, 'NOT_FOUND', null]);
    const anonymous = await test.app.inject({
      method: 'GET',
      url: `/service/v1/auth/organisations/${owner.organisationId}/identity/cac-document`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers bad identity fields with the spec messages and stores nothing', async () => {
    const owner = await ownerWithOrganisation(test);
    const bad = await test.upload(`organisations/${owner.organisationId}/identity`, {
      namespace: 'auth',
      token: owner.token,
      fields: { ...IDENTITY, tax_id: 'X123', website: 'not a url', legal_name: '' },
    });
    expect(bad.code).toBe('INVALID_INPUT');
    expect(bad.data).toMatchObject({
      tax_id: 'Provide a valid Tax ID',
      website: 'Url is invalid',
      legal_name: 'Legal name is required',
    });
    const wrongType = await test.upload(`organisations/${owner.organisationId}/identity`, {
      namespace: 'auth',
      token: owner.token,
      fields: IDENTITY,
      files: [{ ...CERTIFICATE, filename: 'cac.exe', contentType: 'application/octet-stream' }],
    });
    expect(wrongType.data).toEqual({ cac_document: 'The CAC certificate must be a PDF, JPG or PNG file' });
    const read = await test.call('GET', 'auth', `organisations/${owner.organisationId}/identity`, {
      token: owner.token,
    });
    expect(read.data.legal_name).toBeNull();
  });

  it('judges a CAC certificate by its content, not its name or claimed type, and never serves a program back', async () => {
    const owner = await ownerWithOrganisation(test);
    const upload = (file: { filename: string; contentType: string; content: Buffer }) =>
      test.upload(`organisations/${owner.organisationId}/identity`, {
        namespace: 'auth',
        token: owner.token,
        fields: IDENTITY,
        files: [{ field: 'cac_document', ...file }],
      });
    const windowsProgram = Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(62),
      Buffer.from('This program cannot be run in DOS mode.'),
    ]);
    expect(
      (await upload({ filename: 'cac.pdf', contentType: 'application/pdf', content: windowsProgram })).data,
    ).toEqual({ cac_document: 'The CAC certificate must be a PDF, JPG or PNG file' });
    expect(
      (await upload({ filename: 'cac.jpg', contentType: 'image/jpeg', content: Buffer.from('%PD') })).data,
    ).toEqual({ cac_document: 'The CAC certificate must be a PDF, JPG or PNG file' });
    expect((await upload({ filename: 'scan.pdf', contentType: 'application/pdf', content: TINY_PNG })).data).toEqual({
      cac_document: 'scan.pdf is named as a PDF but its content is a PNG image: rename it or upload a PDF',
    });
    expect(
      (await test.call('GET', 'auth', `organisations/${owner.organisationId}/identity`, { token: owner.token })).data
        .cac_document,
    ).toBeNull();

    // A real PDF the browser labels oddly is stored and served as the PDF it is.
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    expect(
      (await upload({ filename: 'certificate', contentType: 'application/octet-stream', content: pdf })).code,
    ).toBe('OK');
    const download = () =>
      test.app.inject({
        method: 'GET',
        url: `/service/v1/auth/organisations/${owner.organisationId}/identity/cac-document`,
        headers: { 'api-token': owner.token },
      });
    const served = await download();
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'application/pdf']);

    // A program stored before uploads were checked is not handed out.
    await test.database.db.execute(
      sql`update files set content = ${windowsProgram}, content_type = 'application/pdf' where organisation_id = ${owner.organisationId}`,
    );
    const refused = await download();
    expect([refused.statusCode, refused.json().message]).toEqual([
      422,
      'The CAC certificate on file is not a PDF, JPG or PNG file: upload it again from Settings → Organisation.',
    ]);
  });

  it('reads and changes the corporation-wallet setting', async () => {
    const owner = await ownerWithOrganisation(test);
    const code = 'core.organisation.do_corporation_have_wallet';
    const initial = await test.call('GET', 'auth', `organisations/${owner.organisationId}/settings`, {
      token: owner.token,
      params: { setting_code: code },
    });
    expect(initial.data).toEqual([{ setting_code: code, value: false }]);
    const changed = await test.call('POST', 'auth', `organisations/${owner.organisationId}/settings`, {
      token: owner.token,
      body: { setting_code: code, value: true },
    });
    expect(changed.message).toBe('Settings saved successfully');
    const after = await test.call('GET', 'auth', `organisations/${owner.organisationId}/settings`, {
      token: owner.token,
    });
    expect(after.data).toEqual([
      { setting_code: code, value: true },
      { setting_code: 'core.organisation.deadline_digest', value: true },
      { setting_code: 'core.organisation.bill_approval', value: { mode: 'members' } },
    ]);
    const unknown = await test.call('POST', 'auth', `organisations/${owner.organisationId}/settings`, {
      token: owner.token,
      body: { setting_code: 'core.nothing', value: true },
    });
    expect(unknown.data).toEqual({ setting_code: 'Unknown setting' });
  });

  it('summarises onboarding from real tables (zeros while nothing exists)', async () => {
    const owner = await ownerWithOrganisation(test);
    const summary = await test.call('GET', 'auth', `organisations/${owner.organisationId}/onboarding/summary`, {
      token: owner.token,
    });
    expect(summary.data).toEqual({
      corporation_count: 0,
      states_registered: 0,
      bills_generated: 0,
      total_balance: '0.00',
    });
  });
});

describe('permissions and the organisation boundary', () => {
  it('refuses every organisation call without a token', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: Array<[string, string]> = [
      ['POST', 'organisations'],
      ['GET', `organisations/${id}`],
      ['PUT', `organisations/${id}`],
      ['GET', `organisations/${id}/identity`],
      ['GET', `organisations/${id}/settings`],
      ['POST', `organisations/${id}/settings`],
      ['POST', `organisations/${id}/kyc/completed`],
      ['GET', `organisations/${id}/onboarding/summary`],
    ];
    for (const [method, path] of calls) {
      const result = await test.call(method, 'auth', path, { body: {} });
      expect([path, result.status, result.message]).toEqual([path, 401, 'No authorised access.']);
    }
    const upload = await test.upload(`organisations/${id}/identity`, { namespace: 'auth', fields: IDENTITY });
    expect(upload.code).toBe('NO_AUTH');
  });

  it('lets a member read but not change the organisation', async () => {
    const owner = await ownerWithOrganisation(test);
    const member = await joinAsMember(test, owner);
    const id = owner.organisationId;
    expect((await test.call('GET', 'auth', `organisations/${id}`, { token: member.token })).data.is_owner).toBe(false);
    expect((await test.call('GET', 'auth', `organisations/${id}/identity`, { token: member.token })).code).toBe('OK');
    const forbidden: Array<[string, string, unknown]> = [
      ['PUT', `organisations/${id}`, { name: 'Taken over' }],
      [
        'POST',
        `organisations/${id}/settings`,
        { setting_code: 'core.organisation.do_corporation_have_wallet', value: true },
      ],
      ['POST', `organisations/${id}/kyc/completed`, {}],
    ];
    for (const [method, path, body] of forbidden) {
      const result = await test.call(method, 'auth', path, { token: member.token, body });
      expect([path, result.status, result.code]).toEqual([path, 403, 'FORBIDDEN']);
    }
    const upload = await test.upload(`organisations/${id}/identity`, {
      namespace: 'auth',
      token: member.token,
      fields: IDENTITY,
    });
    expect(upload.code).toBe('FORBIDDEN');
    expect((await test.call('GET', 'auth', `organisations/${id}`, { token: owner.token })).data.name).toBe(
      'Acme Nigeria Ltd',
    );
  });

  it('answers NOT_FOUND for everything of another organisation and changes nothing', async () => {
    const a = await ownerWithOrganisation(test);
    const b = await ownerWithOrganisation(test);
    const id = a.organisationId;
    const calls: Array<[string, string, unknown]> = [
      ['GET', `organisations/${id}`, undefined],
      ['PUT', `organisations/${id}`, { name: 'Hijacked' }],
      ['GET', `organisations/${id}/identity`, undefined],
      ['GET', `organisations/${id}/settings`, undefined],
      [
        'POST',
        `organisations/${id}/settings`,
        { setting_code: 'core.organisation.do_corporation_have_wallet', value: true },
      ],
      ['POST', `organisations/${id}/kyc/completed`, {}],
      ['GET', `organisations/${id}/onboarding/summary`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const result = await test.call(method, 'auth', path, { token: b.token, body });
      expect([path, result.status, result.code, result.data]).toEqual([path, 404, 'NOT_FOUND', null]);
    }
    const upload = await test.upload(`organisations/${id}/identity`, {
      namespace: 'auth',
      token: b.token,
      fields: IDENTITY,
      files: [CERTIFICATE],
    });
    expect(upload.code).toBe('NOT_FOUND');
    const own = await test.call('GET', 'auth', `organisations/${id}`, { token: a.token });
    expect(own.data.name).toBe('Acme Nigeria Ltd');
    const settings = await test.call('GET', 'auth', `organisations/${id}/settings`, { token: a.token });
    expect(settings.data[0].value).toBe(false);
    const identity = await test.call('GET', 'auth', `organisations/${id}/identity`, { token: a.token });
    expect(identity.data.legal_name).toBeNull();
  });
});
