import * as calls from '@levy/contracts/calls';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CorporationState, TaxCollector } from '../../../api/corporations-api';
import { stubGateway } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import { StatesTab } from './states-tab';

const CORPORATION = {
  id: 'c1',
  name: 'Bakare Two States Limited',
  organisation: { id: 'org-1', name: 'Bakare' },
  state_count: 1,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};
const collector = (id: number, code: string, name: string): TaxCollector => ({
  id,
  code,
  name,
  revenue_service: `${name} State Internal Revenue Service`,
  abbreviation: null,
  collector: 'state',
});
const LAGOS = collector(25, 'LA', 'Lagos');
const OGUN = collector(28, 'OG', 'Ogun');
const registration = (state: TaxCollector, consent: boolean): CorporationState => ({
  id: `reg-${state.code}`,
  tax_payer_number: state.code === 'LA' ? 'C-0012345' : 'C-0040002',
  tax_payer_name: CORPORATION.name,
  is_control_consent_given: consent,
  consent_given_at: consent ? '2026-11-02T09:00:00.000Z' : null,
  consent_requested_at: consent ? '2026-11-02T08:55:00.000Z' : null,
  employee_count: 0,
  payroll_updated_at: null,
  state,
  created_at: '2026-11-01T09:00:00.000Z',
  first_tax_month: '2026-11',
  name_matches: true,
});

/** The corporation's states as the server holds them; adding Ogun adds it without consent. */
function server(initial: CorporationState[]) {
  let held = initial;
  return stubGateway((request) => {
    if (request.path === 'internal/collectors') return { code: 'OK', data: [LAGOS, OGUN] };
    if (request.path === 'internal/corporations/c1/states') return { code: 'OK', data: held };
    if (request.path.endsWith('/records/verify'))
      return { code: 'OK', data: { name: CORPORATION.name, tax_payer_number: 'C-0040002', name_matches: true } };
    if (request.path === 'internal/corporations/c1/states/OG' && request.method === 'POST') {
      held = [...held, registration(OGUN, false)];
      return { code: 'OK', data: held.at(-1) };
    }
    return { code: 'OK', data: { items: [], total: 0 } };
  });
}

function renderAt(path: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <StatesTab corporation={CORPORATION} readOnly={false} />
    </MemoryRouter>,
  );
}

beforeEach(() =>
  grantPermissions([
    calls.listCorporationStates.permission,
    calls.verifyStateTaxId.permission,
    calls.addCorporationState.permission,
    calls.requestStateConsent.permission,
    calls.uploadPayroll.permission,
  ]),
);
afterEach(() => vi.unstubAllGlobals());

describe('the way from "Register Ogun and give consent"', () => {
  it('opens Add New State with Ogun chosen, then Ogun’s payroll for consent once it is added', async () => {
    const gateway = server([registration(LAGOS, true)]);
    renderAt('/corporations/c1/states?register=OG');
    const add = await screen.findByRole('dialog', { name: 'Add New State' });
    expect(add).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /State/ })).toHaveValue('Ogun'));
    fireEvent.change(screen.getByRole('textbox', { name: /Tax ID/ }), { target: { value: 'C-0040002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Manage Payroll' })).toBeInTheDocument();
    expect(gateway.calls('internal/corporations/c1/states/OG')[0]).toMatchObject({ method: 'POST' });
  });

  it('opens the payroll of a state registered without consent', async () => {
    server([registration(LAGOS, true), registration(OGUN, false)]);
    renderAt('/corporations/c1/states?register=OG');
    expect(await screen.findByRole('dialog', { name: 'Manage Payroll' })).toBeInTheDocument();
  });

  it('opens nothing when the state has consent already', async () => {
    const gateway = server([registration(LAGOS, true), registration(OGUN, true)]);
    renderAt('/corporations/c1/states?register=OG');
    await waitFor(() => expect(gateway.calls('internal/corporations/c1/states')).toHaveLength(1));
    expect(await screen.findByText('Ogun')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
