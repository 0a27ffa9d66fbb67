import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import { createTestApp, joinAsMember, ownerWithOrganisation, signUp, type TestApp } from '../../../test/harness';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

async function invitationLink(email: string): Promise<string> {
  const mail = (await test.mailbox()).find((item) => item.to === email);
  return mail!.links[0];
}

function ottOf(link: string): string {
  return link.split('/invite/')[1];
}

describe('roles', () => {
  it('offers admin and member for user type 7', async () => {
    const owner = await ownerWithOrganisation(test);
    const groups = await test.call('GET', 'auth', 'roles/groups', { token: owner.token, params: { user_type_id: 7 } });
    const roles = groups.data.flatMap((group: { roles: unknown[] }) => group.roles);
    expect(roles.map((role: { code: string }) => role.code)).toEqual(['user.admin', 'user.member']);
    expect(roles[1].description).toBe('Can only carry out the functions');
    const staffGroups = await test.call('GET', 'auth', 'roles/groups', {
      token: owner.token,
      params: { user_type_id: 1 },
    });
    expect(staffGroups.data).toEqual([]);
  });
});

describe('invitations', () => {
  it('invites, verifies publicly, and lets a new person sign up and accept once', async () => {
    const owner = await ownerWithOrganisation(test);
    const email = 'new.hire@example.ng';
    const invited = await test.call('POST', 'auth', 'organisations/users/invite', {
      token: owner.token,
      body: { email, role_id: 2 },
    });
    expect(invited.message).toBe('Invite sent successfully');
    const link = await invitationLink(email);
    expect(link).toMatch(/^http:\/\/levy\.test\/invite\/[\w-]{43}$/);

    const verified = await test.call('POST', 'public', 'organisations/users/invite/verify', {
      body: { ott: ottOf(link) },
    });
    expect(verified.data).toMatchObject({
      email,
      organisation: { id: owner.organisationId, name: 'Acme Nigeria Ltd' },
      role: { code: 'user.member' },
      has_account: false,
    });

    const { session } = await signUp(test, { email, invitation_token: ottOf(link) });
    expect(session.invitations).toHaveLength(1);
    expect(session.organisation).toBeNull();
    const accepted = await test.call(
      'POST',
      'auth',
      `organisations/${owner.organisationId}/users/invite/${invited.data.id}`,
      { token: session.token },
    );
    expect(accepted.message).toBe('Invitation accepted');
    const me = await test.call('GET', 'auth', 'users/me', { token: session.token });
    expect(me.data.organisation).toMatchObject({ id: owner.organisationId, is_owner: false });
    expect(me.data.user.role.code).toBe('user.member');
    expect(me.data.permissions.auth['organisation.inviteuser']).toBe(false);

    const reused = await test.call('POST', 'public', 'organisations/users/invite/verify', {
      body: { ott: ottOf(link) },
    });
    expect(reused.code).toBe('NOT_FOUND');
    const acceptedAgain = await test.call(
      'POST',
      'auth',
      `organisations/${owner.organisationId}/users/invite/${invited.data.id}`,
      { token: session.token },
    );
    expect(acceptedAgain.code).toBe('NOT_FOUND');
  });

  it('resends to someone already invited and refuses someone already a member', async () => {
    const owner = await ownerWithOrganisation(test);
    const member = await joinAsMember(test, owner);
    const again = await test.call('POST', 'auth', 'organisations/users/invite', {
      token: owner.token,
      body: { email: member.email.toUpperCase(), role_id: 2 },
    });
    expect(again.status).toBe(409);
    expect(again.message).toBe('This person is already a member of the organisation.');
    const ownerAgain = await test.call('POST', 'auth', 'organisations/users/invite', {
      token: owner.token,
      body: { email: owner.email, role_id: 1 },
    });
    expect(ownerAgain.code).toBe('CONFLICT');

    await test.call('POST', 'auth', 'organisations/users/invite', {
      token: owner.token,
      body: { email: 'twice@example.ng', role_id: 2 },
    });
    const firstLink = await invitationLink('twice@example.ng');
    const resent = await test.call('POST', 'auth', 'organisations/users/invite', {
      token: owner.token,
      body: { email: 'twice@example.ng', role_id: 1 },
    });
    expect(resent.message).toBe('Invite resent successfully');
    const newLink = await invitationLink('twice@example.ng');
    expect(newLink).not.toBe(firstLink);
    // The older link stops working once a new one is sent.
    expect(
      (await test.call('POST', 'public', 'organisations/users/invite/verify', { body: { ott: ottOf(firstLink) } }))
        .code,
    ).toBe('NOT_FOUND');
    expect(
      (await test.call('POST', 'public', 'organisations/users/invite/verify', { body: { ott: ottOf(newLink) } })).data
        .role.code,
    ).toBe('user.admin');
  });

  it('answers bad invitation input with the spec messages', async () => {
    const owner = await ownerWithOrganisation(test);
    const bad = await test.call('POST', 'auth', 'organisations/users/invite', {
      token: owner.token,
      body: { email: 'nope', role_id: 99 },
    });
    expect(bad.data).toEqual({ email: 'Email address is not valid' });
    const missing = await test.call('POST', 'auth', 'organisations/users/invite', { token: owner.token, body: {} });
    expect(missing.data).toEqual({ email: 'Email is required', role_id: 'Role is required' });
    const badRole = await test.call('POST', 'auth', 'organisations/users/invite', {
      token: owner.token,
      body: { email: 'x@example.ng', role_id: 99 },
    });
    expect(badRole.data).toEqual({ role_id: 'Role is not valid' });
  });

  it('refuses an expired invitation', async () => {
    const owner = await ownerWithOrganisation(test);
    const email = 'late@example.ng';
    const invited = await test.call('POST', 'auth', 'organisations/users/invite', {
      token: owner.token,
      body: { email, role_id: 2 },
    });
    const ott = ottOf(await invitationLink(email));
    await test.database.db.execute(
      sql`update organisation_users set invite_expires_at = now() - interval '1 minute' where id = ${invited.data.id}`,
    );
    const verified = await test.call('POST', 'public', 'organisations/users/invite/verify', { body: { ott } });
    expect(verified.status).toBe(422);
    expect(verified.message).toBe('This invitation has expired. Ask the organisation to send a new one.');
    // Signing up with an expired link does not count as a verified address.
    const registered = await test.call('POST', 'public', 'users/register', {
      body: {
        first_name: 'Late',
        last_name: 'Comer',
        email,
        password: 'password-123',
        phone: '+2348030000001',
        marketing_source_id: 1,
        invitation_token: ott,
      },
    });
    expect(registered.data.requires_verification).toBe(true);
  });

  it('does not let one person accept an invitation addressed to another', async () => {
    const owner = await ownerWithOrganisation(test);
    const invited = await test.call('POST', 'auth', 'organisations/users/invite', {
      token: owner.token,
      body: { email: 'intended@example.ng', role_id: 2 },
    });
    const { session } = await signUp(test);
    const stolen = await test.call(
      'POST',
      'auth',
      `organisations/${owner.organisationId}/users/invite/${invited.data.id}`,
      { token: session.token },
    );
    expect(stolen.code).toBe('NOT_FOUND');
    const [row] = await queryRows<{ status: string }>(
      test.database.db,
      sql`select status from organisation_users where id = ${invited.data.id}`,
    );
    expect(row.status).toBe('invited');
  });
});

describe('team list', () => {
  it('searches, sorts and pages members and invitations', async () => {
    const owner = await ownerWithOrganisation(test);
    await joinAsMember(test, owner);
    for (const name of ['ada', 'bola', 'chika']) {
      await test.call('POST', 'auth', 'organisations/users/invite', {
        token: owner.token,
        body: { email: `${name}@example.ng`, role_id: 2 },
      });
    }
    const path = `organisations/${owner.organisationId}/users`;
    const firstPage = await test.call('GET', 'auth', path, { token: owner.token, params: { count: 2, page: 1 } });
    expect(firstPage.data.pagination).toEqual({ count: 2, current_page: 1, total_count: 5, total_pages: 3 });
    expect(firstPage.data.items).toHaveLength(2);
    // Newest first by default.
    expect(firstPage.data.items[0].email).toBe('chika@example.ng');
    expect(firstPage.data.items[0].status).toBe('invited');

    const lastPage = await test.call('GET', 'auth', path, { token: owner.token, params: { count: 2, page: 3 } });
    expect(lastPage.data.items).toHaveLength(1);
    expect(lastPage.data.items[0]).toMatchObject({
      email: owner.email,
      status: 'active',
      is_owner: true,
      role: { code: 'user.admin' },
    });

    const searched = await test.call('GET', 'auth', path, { token: owner.token, params: { search: 'BOLA' } });
    expect(searched.data.items.map((item: { email: string }) => item.email)).toEqual(['bola@example.ng']);
    const invited = await test.call('GET', 'auth', path, {
      token: owner.token,
      params: { filters: JSON.stringify([{ field: 'status', value: 'invited' }]) },
    });
    expect(invited.data.pagination.total_count).toBe(3);
    const active = await test.call('GET', 'auth', path, {
      token: owner.token,
      params: { filters: [{ field: 'status', value: ['active'], cond_op: 'in' }] },
    });
    expect(active.data.items.every((item: { status: string }) => item.status === 'active')).toBe(true);
    expect(active.data.pagination.total_count).toBe(2);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const addedLater = await test.call('GET', 'auth', path, {
      token: owner.token,
      params: { filters: [{ field: 'created_at', value: tomorrow, cond_op: '>=' }] },
    });
    expect(addedLater.data.pagination.total_count).toBe(0);
    const addedBefore = await test.call('GET', 'auth', path, {
      token: owner.token,
      params: { filters: [{ field: 'created_at', value: tomorrow, cond_op: '<=' }] },
    });
    expect(addedBefore.data.pagination.total_count).toBe(5);
    const badStatus = await test.call('GET', 'auth', path, {
      token: owner.token,
      params: { filters: [{ field: 'status', value: 'removed' }] },
    });
    expect(badStatus.data).toEqual({ filters: 'status cannot be removed' });
    const badField = await test.call('GET', 'auth', path, {
      token: owner.token,
      params: { filters: [{ field: 'password', value: 'x' }] },
    });
    expect(badField.data).toEqual({ filters: 'Cannot filter by password' });
    const byName = await test.call('GET', 'auth', path, {
      token: owner.token,
      params: { order_by: 'email', is_asc: 'true' },
    });
    expect(byName.data.items.slice(0, 3).map((item: { email: string }) => item.email)).toEqual([
      'ada@example.ng',
      'bola@example.ng',
      'chika@example.ng',
    ]);
  });
});

describe('roles and removal', () => {
  it('promotes and demotes members, never the owner', async () => {
    const owner = await ownerWithOrganisation(test);
    const member = await joinAsMember(test, owner);
    const promoted = await test.call(
      'PUT',
      'auth',
      `organisations/${owner.organisationId}/users/${member.membershipId}`,
      { token: owner.token, body: { role_id: 1 } },
    );
    expect(promoted.message).toBe('Role updated successfully');
    const me = await test.call('GET', 'auth', 'users/me', { token: member.token });
    expect(me.data.permissions.auth['organisation.inviteuser']).toBe(true);

    const ownerRow = (
      await test.call('GET', 'auth', `organisations/${owner.organisationId}/users`, {
        token: owner.token,
        params: { search: owner.email },
      })
    ).data.items[0];
    const demoteOwner = await test.call('PUT', 'auth', `organisations/${owner.organisationId}/users/${ownerRow.id}`, {
      token: member.token,
      body: { role_id: 2 },
    });
    expect(demoteOwner.code).toBe('FORBIDDEN');
    expect(demoteOwner.message).toBe("The organisation owner's role cannot be changed.");

    const demoted = await test.call(
      'PUT',
      'auth',
      `organisations/${owner.organisationId}/users/${member.membershipId}`,
      { token: owner.token, body: { role_id: 2 } },
    );
    expect(demoted.code).toBe('OK');
  });

  it('keeps at least one admin', async () => {
    const owner = await ownerWithOrganisation(test);
    const admin = await joinAsMember(test, owner, 'user.admin');
    // An organisation whose owner has left the admin role (set directly: the API never allows it)
    // still cannot lose its last admin.
    await test.database.db.execute(
      sql`update organisation_users set role_id = 2 where organisation_id = ${owner.organisationId} and user_id = ${owner.userId}`,
    );
    const result = await test.call('PUT', 'auth', `organisations/${owner.organisationId}/users/${admin.membershipId}`, {
      token: admin.token,
      body: { role_id: 2 },
    });
    expect(result.code).toBe('CONFLICT');
    expect(result.message).toBe('An organisation needs at least one admin. Make someone else an admin first.');
  });

  it('removes a member, who then loses access; the owner cannot be removed', async () => {
    const owner = await ownerWithOrganisation(test);
    const member = await joinAsMember(test, owner, 'user.admin');
    const ownerRow = (
      await test.call('GET', 'auth', `organisations/${owner.organisationId}/users`, {
        token: owner.token,
        params: { search: owner.email },
      })
    ).data.items[0];
    const removeOwner = await test.call(
      'PUT',
      'auth',
      `organisations/${owner.organisationId}/users/${ownerRow.id}/remove`,
      { token: member.token },
    );
    expect(removeOwner.message).toBe('The organisation owner cannot be removed.');

    const removed = await test.call(
      'PUT',
      'auth',
      `organisations/${owner.organisationId}/users/${member.membershipId}/remove`,
      { token: owner.token },
    );
    expect(removed.message).toBe('Member removed successfully');
    const after = await test.call('GET', 'auth', `organisations/${owner.organisationId}`, { token: member.token });
    expect(after.code).toBe('FORBIDDEN');
    const list = await test.call('GET', 'auth', `organisations/${owner.organisationId}/users`, { token: owner.token });
    expect(list.data.pagination.total_count).toBe(1);
    const [audit] = await queryRows<{ action: string }>(
      test.database.db,
      sql`select action from audit_log where resource_id = ${member.membershipId} order by created_at desc limit 1`,
    );
    expect(audit.action).toBe('team.member_removed');
  });

  it('refuses admin-only team calls to a member', async () => {
    const owner = await ownerWithOrganisation(test);
    const member = await joinAsMember(test, owner);
    const other = await joinAsMember(test, owner);
    const id = owner.organisationId;
    const calls: Array<[string, string, unknown]> = [
      ['POST', 'organisations/users/invite', { email: 'someone@example.ng', role_id: 2 }],
      ['PUT', `organisations/${id}/users/${other.membershipId}`, { role_id: 1 }],
      ['PUT', `organisations/${id}/users/${other.membershipId}/remove`, {}],
    ];
    for (const [method, path, body] of calls) {
      const result = await test.call(method, 'auth', path, { token: member.token, body });
      expect([path, result.status, result.code]).toEqual([path, 403, 'FORBIDDEN']);
    }
    const list = await test.call('GET', 'auth', `organisations/${id}/users`, { token: member.token });
    expect(list.data.pagination.total_count).toBe(3);
  });

  it('answers NOT_FOUND for another organisation and changes nothing', async () => {
    const a = await ownerWithOrganisation(test);
    const memberOfA = await joinAsMember(test, a);
    const b = await ownerWithOrganisation(test);
    const calls: Array<[string, string, unknown]> = [
      ['GET', `organisations/${a.organisationId}/users`, undefined],
      ['PUT', `organisations/${a.organisationId}/users/${memberOfA.membershipId}`, { role_id: 1 }],
      ['PUT', `organisations/${a.organisationId}/users/${memberOfA.membershipId}/remove`, {}],
      // B's own organisation id with A's member: the member is not in B's organisation.
      ['PUT', `organisations/${b.organisationId}/users/${memberOfA.membershipId}`, { role_id: 1 }],
      ['PUT', `organisations/${b.organisationId}/users/${memberOfA.membershipId}/remove`, {}],
    ];
    for (const [method, path, body] of calls) {
      const result = await test.call(method, 'auth', path, { token: b.token, body });
      expect([path, result.status, result.code]).toEqual([path, 404, 'NOT_FOUND']);
    }
    const me = await test.call('GET', 'auth', 'users/me', { token: memberOfA.token });
    expect(me.data.user.role.code).toBe('user.member');
    expect(me.data.organisation.id).toBe(a.organisationId);
  });

  it('refuses every team call without a token', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: Array<[string, string]> = [
      ['GET', 'roles/groups'],
      ['GET', `organisations/${id}/users`],
      ['POST', 'organisations/users/invite'],
      ['POST', `organisations/${id}/users/invite/${id}`],
      ['PUT', `organisations/${id}/users/${id}`],
      ['PUT', `organisations/${id}/users/${id}/remove`],
    ];
    for (const [method, path] of calls) {
      const result = await test.call(method, 'auth', path, { body: {} });
      expect([path, result.status, result.code]).toEqual([path, 401, 'NO_AUTH']);
    }
  });
});
