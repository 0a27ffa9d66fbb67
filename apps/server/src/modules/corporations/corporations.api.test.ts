import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  joinAsMember,
  ownerWithOrganisation,
  signUp,
  staffUser,
  type TestApp,
} from '../../../test/harness';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('corporations', () => {
  it('adds, lists, reads and renames corporations', async () => {
    const owner = await ownerWithOrganisation(test);
    const added = await test.call('POST', 'core', 'internal/corporations', {
      token: owner.token,
      body: { name: '  Acme Foods Limited ' },
    });
    expect(added.message).toBe('Corporation added successfully');
    expect(added.data).toMatchObject({
      name: 'Acme Foods Limited',
      state_count: 0,
      organisation: { id: owner.organisationId },
    });
    for (const name of ['Bravo Logistics', 'Cedar Farms']) {
      await test.call('POST', 'core', 'internal/corporations', { token: owner.token, body: { name } });
    }
    const newest = await test.call('GET', 'core', 'internal/corporations', { token: owner.token });
    expect(newest.data.items.map((item: { name: string }) => item.name)).toEqual([
      'Cedar Farms',
      'Bravo Logistics',
      'Acme Foods Limited',
    ]);
    expect(newest.data.pagination).toEqual({ count: 10, current_page: 1, total_count: 3, total_pages: 1 });
    const byName = await test.call('GET', 'core', 'internal/corporations', {
      token: owner.token,
      params: { order_by: 'name', is_asc: true, count: 2 },
    });
    expect(byName.data.items.map((item: { name: string }) => item.name)).toEqual([
      'Acme Foods Limited',
      'Bravo Logistics',
    ]);
    expect(byName.data.pagination.total_pages).toBe(2);
    // The page and its total are one statement; a page past the end still knows the total.
    const lastPage = await test.call('GET', 'core', 'internal/corporations', {
      token: owner.token,
      params: { order_by: 'name', is_asc: true, count: 2, page: 2 },
    });
    expect(lastPage.data.items.map((item: { name: string }) => item.name)).toEqual(['Cedar Farms']);
    expect(lastPage.data.pagination).toEqual({ count: 2, current_page: 2, total_count: 3, total_pages: 2 });
    const pastTheEnd = await test.call('GET', 'core', 'internal/corporations', {
      token: owner.token,
      params: { count: 2, page: 7 },
    });
    expect(pastTheEnd.data).toEqual({
      items: [],
      pagination: { count: 2, current_page: 7, total_count: 3, total_pages: 2 },
    });
    const noneFound = await test.call('GET', 'core', 'internal/corporations', {
      token: owner.token,
      params: { search: 'zebra', page: 2 },
    });
    expect(noneFound.data.pagination).toMatchObject({ total_count: 0, total_pages: 1 });
    const searched = await test.call('GET', 'core', 'internal/corporations', {
      token: owner.token,
      params: { search: 'cedar' },
    });
    expect(searched.data.items).toHaveLength(1);

    const renamed = await test.call('PUT', 'core', `internal/corporations/${added.data.id}`, {
      token: owner.token,
      body: { name: 'Acme Foods Plc' },
    });
    expect(renamed.data.name).toBe('Acme Foods Plc');
    const read = await test.call('GET', 'core', `internal/corporations/${added.data.id}`, { token: owner.token });
    expect(read.data.name).toBe('Acme Foods Plc');

    const summary = await test.call('GET', 'auth', `organisations/${owner.organisationId}/onboarding/summary`, {
      token: owner.token,
    });
    expect(summary.data.corporation_count).toBe(3);
  });

  it('refuses a name already used in the organisation, ignoring case and spaces', async () => {
    const owner = await ownerWithOrganisation(test);
    const first = await test.call('POST', 'core', 'internal/corporations', {
      token: owner.token,
      body: { name: 'Zenith Works' },
    });
    const duplicate = await test.call('POST', 'core', 'internal/corporations', {
      token: owner.token,
      body: { name: '  zenith WORKS ' },
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.data).toEqual({ name: 'The provided name already exist' });
    const other = await test.call('POST', 'core', 'internal/corporations', {
      token: owner.token,
      body: { name: 'Other Works' },
    });
    const renameClash = await test.call('PUT', 'core', `internal/corporations/${other.data.id}`, {
      token: owner.token,
      body: { name: 'ZENITH works' },
    });
    expect(renameClash.data).toEqual({ name: 'The provided name already exist' });
    const keepOwnName = await test.call('PUT', 'core', `internal/corporations/${first.data.id}`, {
      token: owner.token,
      body: { name: 'zenith works' },
    });
    expect(keepOwnName.code).toBe('OK');
    const empty = await test.call('POST', 'core', 'internal/corporations', { token: owner.token, body: { name: ' ' } });
    expect(empty.data).toEqual({ name: 'Name is required' });
    // Another organisation may use the same name.
    const elsewhere = await ownerWithOrganisation(test);
    expect(
      (
        await test.call('POST', 'core', 'internal/corporations', {
          token: elsewhere.token,
          body: { name: 'Zenith Works' },
        })
      ).code,
    ).toBe('OK');
  });

  it('lets members carry out the functions', async () => {
    const owner = await ownerWithOrganisation(test);
    const member = await joinAsMember(test, owner);
    const added = await test.call('POST', 'core', 'internal/corporations', {
      token: member.token,
      body: { name: 'Member Made Ltd' },
    });
    expect(added.code).toBe('OK');
    expect((await test.call('GET', 'core', 'internal/corporations', { token: owner.token })).data.items[0].name).toBe(
      'Member Made Ltd',
    );
  });

  it('answers NOT_FOUND for another organisation and changes nothing', async () => {
    const a = await ownerWithOrganisation(test);
    const b = await ownerWithOrganisation(test);
    const corporation = await test.call('POST', 'core', 'internal/corporations', {
      token: a.token,
      body: { name: 'Private Co' },
    });
    const id = corporation.data.id;
    expect((await test.call('GET', 'core', `internal/corporations/${id}`, { token: b.token })).code).toBe('NOT_FOUND');
    expect(
      (await test.call('PUT', 'core', `internal/corporations/${id}`, { token: b.token, body: { name: 'Mine now' } }))
        .code,
    ).toBe('NOT_FOUND');
    expect((await test.call('GET', 'core', 'internal/corporations', { token: b.token })).data.items).toEqual([]);
    expect((await test.call('GET', 'core', `internal/corporations/${id}`, { token: a.token })).data.name).toBe(
      'Private Co',
    );
  });

  it('shows staff every organisation’s corporations with the organisation name, read-only', async () => {
    const owner = await ownerWithOrganisation(test);
    const corporation = await test.call('POST', 'core', 'internal/corporations', {
      token: owner.token,
      body: { name: 'Seen By Staff Ltd' },
    });
    const staff = await staffUser(test);
    expect(staff.session.permissions.core['internal.corporation.getall']).toBe(true);
    expect(staff.session.permissions.core['internal.corporation.create']).toBe(false);
    const list = await test.call('GET', 'core', 'internal/corporations', {
      token: staff.token,
      params: { search: 'Seen By Staff', no_pages: true },
    });
    expect(list.data.items[0]).toMatchObject({
      name: 'Seen By Staff Ltd',
      organisation: { id: owner.organisationId, name: 'Acme Nigeria Ltd' },
    });
    expect(
      (await test.call('GET', 'core', `internal/corporations/${corporation.data.id}`, { token: staff.token })).code,
    ).toBe('OK');
    expect(
      (await test.call('GET', 'core', `internal/corporations/${corporation.data.id}/states`, { token: staff.token }))
        .data,
    ).toEqual([]);
    const forbidden: Array<[string, string, unknown]> = [
      ['POST', 'internal/corporations', { name: 'Staff Co' }],
      ['PUT', `internal/corporations/${corporation.data.id}`, { name: 'Renamed by staff' }],
      ['POST', `internal/corporations/${corporation.data.id}/states/LA`, { tax_payer_number: 'C-0012345' }],
      ['POST', `internal/corporations/${corporation.data.id}/states/LA/remove`, {}],
    ];
    for (const [method, path, body] of forbidden) {
      const result = await test.call(method, 'core', path, { token: staff.token, body });
      expect([path, result.code]).toEqual([path, 'FORBIDDEN']);
    }
    expect((await test.call('GET', 'auth', `organisations/${owner.organisationId}`, { token: staff.token })).code).toBe(
      'FORBIDDEN',
    );
  });

  it('refuses every call without a token, and without an organisation', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: Array<[string, string]> = [
      ['GET', 'internal/corporations'],
      ['POST', 'internal/corporations'],
      ['GET', `internal/corporations/${id}`],
      ['PUT', `internal/corporations/${id}`],
    ];
    const { session } = await signUp(test);
    for (const [method, path] of calls) {
      expect([path, (await test.call(method, 'core', path, { body: { name: 'X' } })).code]).toEqual([path, 'NO_AUTH']);
      expect([
        path,
        (await test.call(method, 'core', path, { token: session.token, body: { name: 'X' } })).code,
      ]).toEqual([path, 'FORBIDDEN']);
    }
  });
});
