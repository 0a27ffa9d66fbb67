import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { InviteMemberDialog } from './invite-member-dialog';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const ROLE_GROUPS = [
  {
    id: 1,
    name: 'Organisation roles',
    user_type_id: 7,
    roles: [
      {
        id: 1,
        code: 'user.admin',
        name: 'Admin',
        description: 'Can manage organization settings and carry out all functions',
      },
      { id: 2, code: 'user.member', name: 'Member', description: 'Can only carry out the functions' },
    ],
  },
];

function renderDialog(mode: Parameters<typeof InviteMemberDialog>[0]['mode']) {
  return renderWithProviders(<InviteMemberDialog mode={mode} onClose={() => undefined} />);
}

describe('InviteMemberDialog', () => {
  let calls: Array<{ path: string; body: unknown }>;

  beforeEach(() => {
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const call = JSON.parse(init.body as string) as { path: string; body: unknown };
        calls.push(call);
        const data = call.path === 'roles/groups' ? ROLE_GROUPS : { id: 'm1', resent: false };
        return new Response(JSON.stringify({ code: 'OK', message: 'OK', data }), { status: 200 });
      }),
    );
  });

  afterEach(() => vi.unstubAllGlobals());

  it('offers the invitable roles with what each may do, and shows the spec’s messages before sending', async () => {
    renderDialog({ kind: 'send' });
    expect(await screen.findByText('Can only carry out the functions')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Role is required')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Email address' }), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText('Email address is not valid')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'organisations/users/invite')).toHaveLength(0);
  });

  it('sends the email and the chosen role', async () => {
    renderDialog({ kind: 'send' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Email address' }), { target: { value: 'tunde@example.ng' } });
    fireEvent.click(await screen.findByRole('radio', { name: 'Member' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send invite' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'organisations/users/invite')?.body).toEqual({
        email: 'tunde@example.ng',
        role_id: 2,
      }),
    );
  });

  it('resends to the invited address with its role, which cannot be edited', async () => {
    renderDialog({ kind: 'resend', email: 'kemi@example.ng', roleId: 1 });
    expect(screen.getByText('Resend Invitation')).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'Email address' });
    await waitFor(() => expect(email).toHaveValue('kemi@example.ng'));
    expect(email).toHaveAttribute('readonly');
    expect(await screen.findByRole('radio', { name: 'Admin' })).toHaveAttribute('aria-checked', 'true');
  });
});
