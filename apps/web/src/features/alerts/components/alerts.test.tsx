import type { Alert, Checklist, DeadlineEntry } from '@levy/contracts';
import { focusManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { AlertsBell } from './alerts-bell';
import { ChecklistDialog } from './checklist-dialog';
import { DeadlineCalendar } from './deadline-calendar';
import { UpcomingDeadlines } from './dashboard-sections';
import { stubGateway } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import * as calls from '@levy/contracts/calls';

const ORGANISATION = {
  id: '3f0c8a52-1d2e-4b7a-9c1e-2a3b4c5d6e7f',
  name: 'Acme',
  is_owner: true,
  is_kyc_completed: true,
};

const october: Alert = {
  date: '2026-11-23',
  tax_month: '2026-10',
  state: 'Lagos',
  deadline_date: '2026-11-10',
  start_date: '2026-10-01',
  kind: 'paye',
  corporation: { id: 'c1', name: 'Adire Works Ltd' },
  state_code: 'LA',
  message: 'PAYE tax for October 2026, due by 10 Nov, 2026',
  status: 'overdue',
  days_left: null,
  days_overdue: 13,
  safe_date: null,
  safe_note: null,
  penalty: {
    basis: '465300.00',
    penalty: '1657.24',
    interest: '4474.89',
    total: '6132.13',
    per_extra_week: '3299.86',
    mpr_as_of: '2026-11-20',
    mpr_caveat: null,
  },
  penalty_rule:
    '10% a year plus interest at the CBN Monetary Policy Rate (26.50% from 24 Feb, 2026; MPR as of 20 Nov, 2026), pro rata by day (NTAA 2025 s.107)',
  pay_link: '/bills?pay=paye&corporation=c1&state=LA&month=2026-10',
  note: null,
};

function steps(done: Record<string, boolean>): Checklist {
  const codes = ['account', 'corporation', 'states', 'bills', 'fund'] as const;
  const list = codes.map((code) => ({
    code,
    title: `Step ${code}`,
    description: `About ${code}`,
    done: done[code] ?? false,
    route: `/${code}`,
  }));
  return { steps: list, completed: list.every((step) => step.done) };
}

beforeEach(() => {
  sessionStorage.clear();
  grantPermissions([calls.listBills.permission, calls.getChecklist.permission]);
});
afterEach(() => vi.unstubAllGlobals());

describe('alerts bell', () => {
  it('is absent without alerts', () => {
    useSessionStore.setState({ alerts: [], organisation: null });
    renderWithProviders(
      <MemoryRouter>
        <AlertsBell />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: /Tax alerts/ })).not.toBeInTheDocument();
  });

  it('appears when the server has alerts the session did not, and again when the window regains focus', async () => {
    // Signed in with nothing owed; a month then falls due and a payment fails.
    useSessionStore.setState({ alerts: [], organisation: ORGANISATION });
    let owed: Alert[] = [];
    const gateway = stubGateway(() => ({ code: 'OK', data: owed }));
    renderWithProviders(
      <MemoryRouter>
        <AlertsBell />
      </MemoryRouter>,
    );
    await waitFor(() => expect(gateway.calls(`internal/organisations/${ORGANISATION.id}/alerts`)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Tax alerts/ })).not.toBeInTheDocument();
    owed = [
      october,
      {
        ...october,
        tax_month: '2026-09',
        note: 'A payment of ₦5,400.00 was not accepted by the revenue service and was refunded to the wallet: pay it again.',
      },
    ];
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Tax alerts (2)' }));
    expect(await screen.findByText(/was not accepted by the revenue service/)).toBeInTheDocument();
    // The session keeps the latest copy: Pay Taxes reads it.
    expect(useSessionStore.getState().alerts).toHaveLength(2);
    act(() => focusManager.setFocused(undefined));
  });

  it('tells customers when the MPR behind a penalty may be out of date', async () => {
    useSessionStore.setState({ alerts: [], organisation: ORGANISATION });
    const caveat = 'Estimated with the MPR of 24 Feb, 2026; the CBN rate may have changed since.';
    stubGateway(() => ({
      code: 'OK',
      data: [{ ...october, penalty: { ...october.penalty!, mpr_as_of: '2026-02-24', mpr_caveat: caveat } }],
    }));
    renderWithProviders(
      <MemoryRouter>
        <AlertsBell />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Tax alerts (1)' }));
    expect(
      await screen.findByText(
        '13 days overdue · penalty so far ₦6,132.13 (Estimated with the MPR of 24 Feb, 2026; the CBN rate may have changed since)',
      ),
    ).toBeInTheDocument();
  });

  it('lists each alert linking to Pay Taxes with corporation, state and month', async () => {
    useSessionStore.setState({ alerts: [october], organisation: null });
    renderWithProviders(
      <MemoryRouter>
        <AlertsBell />
      </MemoryRouter>,
    );
    const bell = screen.getByRole('button', { name: 'Tax alerts (1)' });
    // The button itself says it opens a dialog and whether it is open (axe: aria-allowed-attr).
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(bell);
    // The popover loads on this first press and its bell, open, takes the pressed one's place and focus.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Tax alerts (1)' })).toHaveAttribute('aria-expanded', 'true'),
    );
    expect(screen.getByRole('button', { name: 'Tax alerts (1)' })).toHaveFocus();
    const item = await screen.findByText('PAYE tax for October 2026, due by 10 Nov, 2026');
    expect(item.closest('a')).toHaveAttribute('href', '/bills?pay=paye&corporation=c1&state=LA&month=2026-10');
    // Amounts as everywhere else: naira with thousands separators.
    expect(screen.getByText('13 days overdue · penalty so far ₦6,132.13 (MPR as of 20 Nov, 2026)')).toBeInTheDocument();
  });
});

describe('checklist', () => {
  it('opens a second after load when a step is incomplete, linking to where it is done', async () => {
    useSessionStore.setState({ organisation: ORGANISATION });
    stubGateway(() => ({ code: 'OK', data: steps({ account: true }) }));
    renderWithProviders(
      <MemoryRouter>
        <ChecklistDialog />
      </MemoryRouter>,
    );
    const started = Date.now();
    expect(await screen.findByRole('dialog', { name: 'Get started with Levy' })).toBeInTheDocument();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // Each step's state is an image with a name (a labelled div without a role is not announced).
    expect(screen.getByRole('img', { name: 'Done' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'To do' })).toHaveLength(4);
    expect(screen.getByText('1 of 5 steps done')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Step corporation' })).toHaveAttribute('href', '/corporation');
    expect(screen.getByTestId('checklist-step-account')).toHaveAttribute('data-done', 'true');
  });

  it('stays closed when every step is done and marks it completed in the session', async () => {
    useSessionStore.setState({ organisation: ORGANISATION });
    stubGateway(() => ({
      code: 'OK',
      data: steps({ account: true, corporation: true, states: true, bills: true, fund: true }),
    }));
    renderWithProviders(
      <MemoryRouter>
        <ChecklistDialog />
      </MemoryRouter>,
    );
    await waitFor(() => expect(sessionStorage.getItem(`levy.checklist.completed.${ORGANISATION.id}`)).toBe('true'));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not shown to someone who is not the owner', async () => {
    useSessionStore.setState({ organisation: { ...ORGANISATION, is_owner: false } });
    const gateway = stubGateway(() => ({ code: 'OK', data: steps({}) }));
    renderWithProviders(
      <MemoryRouter>
        <ChecklistDialog />
      </MemoryRouter>,
    );
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(gateway.requests).toHaveLength(0);
  });
});

describe('upcoming deadlines', () => {
  const november: DeadlineEntry = {
    corporation: { id: 'c1', name: 'Adire Works Ltd' },
    state: { code: 'LA', name: 'Lagos' },
    kind: 'paye',
    tax_month: '2026-11',
    title: 'PAYE tax for November 2026',
    deadline_date: '2026-12-10',
    safe_date: null,
    safe_note: null,
    status: 'due',
    days_overdue: 0,
    penalty: null,
    penalty_rule: null,
  };

  function answer(alerts: Alert[], entries: DeadlineEntry[]) {
    return stubGateway((request) =>
      request.path.endsWith('/alerts')
        ? { code: 'OK', data: alerts }
        : { code: 'OK', data: { from: '2026-11-23', to: '2027-11-23', entries } },
    );
  }

  it('shows the next deadlines when a state registered this month owes nothing yet', async () => {
    answer(
      [],
      [
        november,
        { ...november, tax_month: '2026-12', title: 'PAYE tax for December 2026', deadline_date: '2027-01-10' },
      ],
    );
    renderWithProviders(<UpcomingDeadlines organisationId={ORGANISATION.id} />);
    expect(await screen.findByText('PAYE tax for November 2026, due by 10 Dec, 2026')).toBeInTheDocument();
    expect(screen.getAllByTestId('next-deadline')).toHaveLength(2);
    expect(screen.queryByText(/once your corporations are registered with a state/)).not.toBeInTheDocument();
  });

  it('lists what is owed first', async () => {
    answer([october], [november]);
    renderWithProviders(
      <MemoryRouter>
        <UpcomingDeadlines organisationId={ORGANISATION.id} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('PAYE tax for October 2026, due by 10 Nov, 2026')).toBeInTheDocument();
    expect(screen.queryByTestId('next-deadline')).not.toBeInTheDocument();
  });

  it('asks for a registered state only when there is none', async () => {
    answer([], []);
    renderWithProviders(<UpcomingDeadlines organisationId={ORGANISATION.id} />);
    expect(await screen.findByText(/once your corporations are registered with a state/)).toBeInTheDocument();
  });
});

describe('deadline calendar: no WHT deductions', () => {
  const octoberWht: DeadlineEntry = {
    corporation: { id: 'c1', name: 'Adire Works Ltd' },
    state: { code: 'LA', name: 'Lagos' },
    kind: 'wht',
    tax_month: '2026-10',
    title: 'Withholding tax for October 2026',
    deadline_date: '2026-11-30',
    safe_date: null,
    safe_note: null,
    status: 'due',
    days_overdue: 0,
    penalty: null,
    penalty_rule: null,
  };

  it('declares a begun WHT month to have had none, and undoes a declaration; a month ahead offers nothing', async () => {
    grantPermissions([calls.listBills.permission, calls.declareNoWhtDeductions.permission]);
    const entries = [
      octoberWht,
      {
        ...octoberWht,
        tax_month: '2026-09',
        title: 'Withholding tax for September 2026',
        status: 'no_deductions' as const,
      },
      { ...octoberWht, tax_month: '2026-12', title: 'Withholding tax for December 2026', deadline_date: '2027-01-30' },
    ];
    const gateway = stubGateway((request) => {
      if (request.path.endsWith('/deadlines'))
        return { code: 'OK', data: { from: '2026-11-23', to: '2027-11-23', entries } };
      if (request.path.endsWith('/deadlines/feed')) return { code: 'OK', data: { url: 'https://levy.test/feed.ics' } };
      if (request.path.endsWith('/remove')) return { code: 'OK', data: { removed: true } };
      return {
        code: 'OK',
        data: {
          corporation: octoberWht.corporation,
          state: octoberWht.state,
          tax_month: '2026-10',
          declared_by: 'Ada Okafor',
          declared_at: '2026-11-23T10:00:00.000Z',
        },
      };
    });
    renderWithProviders(<DeadlineCalendar organisationId={ORGANISATION.id} />);
    expect(await screen.findByText('No WHT deductions (declared)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /December 2026/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'No WHT this month: October 2026, Adire Works Ltd, Lagos' }));
    await waitFor(() => expect(gateway.calls('internal/corporations/c1/states/LA/wht/no-deductions')).toHaveLength(1));
    expect(gateway.calls('internal/corporations/c1/states/LA/wht/no-deductions')[0]).toMatchObject({
      method: 'POST',
      body: { tax_month: '2026-10' },
    });
    fireEvent.click(
      screen.getByRole('button', { name: 'Undo the no-WHT declaration for September 2026, Adire Works Ltd, Lagos' }),
    );
    await waitFor(() =>
      expect(gateway.calls('internal/corporations/c1/states/LA/wht/no-deductions/2026-09/remove')).toHaveLength(1),
    );
  });

  it('offers nothing to someone who cannot prepare WHT bills', async () => {
    grantPermissions([calls.listBills.permission]);
    stubGateway((request) =>
      request.path.endsWith('/deadlines')
        ? { code: 'OK', data: { from: '2026-11-23', to: '2027-11-23', entries: [octoberWht] } }
        : { code: 'OK', data: { url: 'https://levy.test/feed.ics' } },
    );
    renderWithProviders(<DeadlineCalendar organisationId={ORGANISATION.id} />);
    expect(await screen.findByText('Withholding tax for October 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /no WHT/i })).not.toBeInTheDocument();
  });
});
