import { BILL_APPROVAL_MESSAGES } from '@levy/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubGateway, type GatewayRequest } from '../../../test/gateway';
import { renderWithProviders } from '../../../test/render';
import { BillApproval } from './organisation-settings';

afterEach(() => vi.unstubAllGlobals());

const ORGANISATION_ID = 'org-1';
const PAGE = { count: 2, current_page: 1, total_count: 2, total_pages: 1 };

function member(id: string, roleCode: 'user.admin' | 'user.member') {
  return {
    id,
    user_id: `user-${id}`,
    first_name: 'Ada',
    last_name: id,
    email: `${id}@example.ng`,
    role: {
      id: roleCode === 'user.admin' ? 1 : 2,
      code: roleCode,
      name: roleCode === 'user.admin' ? 'Admin' : 'Member',
    },
    status: 'active',
    is_owner: id === 'owner',
    invited_at: null,
    accepted_at: null,
    created_at: '2026-10-01T09:00:00.000Z',
  };
}

function settingsGateway(approval: Record<string, unknown>, members: ReturnType<typeof member>[]) {
  return stubGateway((request: GatewayRequest) => {
    if (request.path === `organisations/${ORGANISATION_ID}/settings` && request.method === 'GET')
      return { code: 'OK', data: [{ setting_code: 'core.organisation.bill_approval', value: approval }] };
    if (request.path === `organisations/${ORGANISATION_ID}/users`)
      return { code: 'OK', data: { items: members, pagination: { ...PAGE, total_count: members.length } } };
    if (request.path === `organisations/${ORGANISATION_ID}/settings`) return { code: 'OK', data: request.body };
    return { code: 'NOT_FOUND', data: null };
  });
}

function renderApproval() {
  renderWithProviders(
    <MemoryRouter>
      <BillApproval organisationId={ORGANISATION_ID} canEdit />
    </MemoryRouter>,
  );
}

describe('Bill approval setting', () => {
  it('says before Save that "above an amount" needs a second admin, and does not send it with one', async () => {
    const gateway = settingsGateway({ mode: 'members' }, [
      member('owner', 'user.admin'),
      member('clerk', 'user.member'),
    ]);
    renderApproval();
    fireEvent.click(await screen.findByRole('radio', { name: /Bills above an amount/ }));
    expect(await screen.findByTestId('approval-needs-admins')).toHaveTextContent(
      BILL_APPROVAL_MESSAGES.aboveNeedsTwoAdmins,
    );
    expect(screen.getByRole('link', { name: 'Open Team Members' })).toHaveAttribute('href', '/organisation');
    expect(screen.getByRole('button', { name: 'Save approval setting' })).toBeDisabled();
    expect(gateway.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('with two admins, says who approves whom and saves the amount', async () => {
    const gateway = settingsGateway({ mode: 'members' }, [
      member('owner', 'user.admin'),
      member('finance', 'user.admin'),
    ]);
    renderApproval();
    fireEvent.click(await screen.findByRole('radio', { name: /Bills above an amount/ }));
    expect(await screen.findByTestId('approval-admins')).toHaveTextContent(
      '2 admins: a bill above the amount prepared by one of them waits for one of the other 1.',
    );
    expect(screen.queryByTestId('approval-needs-admins')).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '1,000,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save approval setting' }));
    await waitFor(() =>
      expect(gateway.requests.find((request) => request.method === 'POST')?.body).toEqual({
        setting_code: 'core.organisation.bill_approval',
        value: { mode: 'above', above: '1000000' },
      }),
    );
  });

  it('warns when the setting stands but only one admin is left', async () => {
    settingsGateway({ mode: 'above', above: '500000' }, [member('owner', 'user.admin')]);
    renderApproval();
    const warning = await screen.findByTestId('approval-needs-admins');
    expect(warning).toHaveTextContent('Bills above the amount cannot be paid now');
    expect(warning).toHaveTextContent('a bill above the amount is refused at Pay, and nothing is paid');
  });
});
