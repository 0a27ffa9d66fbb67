import { lagosPeriod } from '@levy/tax';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CorporationState, TaxCollector } from '../../../api/corporations-api';
import { StateTaxIdDialog } from './state-tax-id-dialog';
import { stubGateway } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import * as calls from '@levy/contracts/calls';

const CORPORATION_ID = '8d5c1f62-7a57-4a0e-9a1f-0b6d1b0c2a11';
const LAGOS: TaxCollector = {
  id: 25,
  code: 'LA',
  name: 'Lagos',
  revenue_service: 'Lagos State Internal Revenue Service',
  abbreviation: null,
  collector: 'state',
};
const OGUN: TaxCollector = {
  id: 28,
  code: 'OG',
  name: 'Ogun',
  revenue_service: 'Ogun State Internal Revenue Service',
  abbreviation: null,
  collector: 'state',
};
const NRS: TaxCollector = {
  id: 38,
  code: 'NRS',
  name: 'Nigeria Revenue Service',
  revenue_service: 'Nigeria Revenue Service',
  abbreviation: 'NRS',
  collector: 'federal',
};

const registered: CorporationState = {
  id: 'reg-1',
  tax_payer_number: 'C-0012345',
  tax_payer_name: 'Pinnacle River Technologies Limited',
  is_control_consent_given: true,
  consent_given_at: '2026-11-02T09:00:00.000Z',
  consent_requested_at: '2026-11-02T08:55:00.000Z',
  employee_count: 3,
  payroll_updated_at: '2026-11-24T08:00:00.000Z',
  state: LAGOS,
  created_at: '2026-11-01T09:00:00.000Z',
  first_tax_month: '2026-11',
  name_matches: false,
};

const NOT_FOUND = 'Lagos State Internal Revenue Service has no taxpayer with the Tax ID C-0000000404.';

function agency() {
  return stubGateway((request) => {
    if (request.path === 'internal/collectors') return { code: 'OK', data: [LAGOS, OGUN, NRS] };
    if (request.path.endsWith('/records/verify')) {
      const { tax_payer_number } = request.body as { tax_payer_number: string };
      if (tax_payer_number === 'C-0000000404') return { code: 'INVALID_INPUT', data: { tax_payer_number: NOT_FOUND } };
      if (tax_payer_number === 'C-0000000409')
        return {
          code: 'OK',
          data: { name: 'Pinnacle River Technologies Limited', tax_payer_number, name_matches: false },
        };
      return { code: 'OK', data: { name: 'Delta Harbour Foods Plc', tax_payer_number, name_matches: true } };
    }
    return {
      code: 'OK',
      data: {
        ...registered,
        removed: { tax_payer_number: 'C-0012345', employees: 3, payroll_files: 1, consent: true },
      },
    };
  });
}

function taxIdInput() {
  return screen.getByRole('textbox', { name: /Tax ID/ });
}

beforeEach(() =>
  grantPermissions([
    calls.verifyStateTaxId.permission,
    calls.addCorporationState.permission,
    calls.updateCorporationStateTaxId.permission,
  ]),
);
afterEach(() => vi.unstubAllGlobals());

describe('Add New State', () => {
  it('checks step 1 before asking the agency: a state and a well-formed Tax ID', async () => {
    const gateway = agency();
    renderWithProviders(
      <StateTaxIdDialog
        corporationId={CORPORATION_ID}
        corporationName="Delta Harbour Foods Plc"
        mode={{ kind: 'add', registeredCodes: [] }}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Add New State' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('State is required')).toBeInTheDocument();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(gateway.requests.filter((request) => request.path.endsWith('/records/verify'))).toHaveLength(0);
  });

  it('offers only the states not registered yet, then verifies the Tax ID, shows the taxpayer and saves', async () => {
    const gateway = agency();
    const onClose = vi.fn();
    renderWithProviders(
      <StateTaxIdDialog
        corporationId={CORPORATION_ID}
        corporationName="Delta Harbour Foods Plc"
        mode={{ kind: 'add', registeredCodes: ['OG'] }}
        onClose={onClose}
      />,
    );
    await waitFor(() => expect(gateway.calls('internal/collectors')).toHaveLength(1));
    fireEvent.click(screen.getByRole('combobox', { name: /State/ }));
    // The dropdown is still in its opening transition, so its options count as hidden.
    fireEvent.click(await screen.findByRole('option', { name: 'Lagos', hidden: true }));
    expect(screen.queryByRole('option', { name: 'Ogun', hidden: true })).not.toBeInTheDocument();
    fireEvent.change(taxIdInput(), { target: { value: 'c-0054321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));

    expect(await screen.findByTestId('verified-taxpayer-name')).toHaveTextContent('Delta Harbour Foods Plc');
    expect(screen.getByTestId('verified-tax-id')).toHaveTextContent('C-0054321');
    expect(gateway.calls('internal/corporations/states/LA/records/verify')[0].body).toEqual({
      tax_payer_number: 'C-0054321',
      corporation_id: CORPORATION_ID,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const saved = gateway.calls(`internal/corporations/${CORPORATION_ID}/states/LA`);
    expect(saved).toHaveLength(1);
    // The first tax month defaults to this month (Lagos).
    expect(saved[0]).toMatchObject({
      method: 'POST',
      body: { tax_payer_number: 'C-0054321', first_tax_month: lagosPeriod(new Date()) },
    });
  });

  it('says when the agency holds the Tax ID for another taxpayer, and saves only once that is confirmed', async () => {
    const gateway = agency();
    renderWithProviders(
      <StateTaxIdDialog
        corporationId={CORPORATION_ID}
        corporationName="Adamawa Foods Limited"
        mode={{ kind: 'add', registeredCodes: [] }}
        onClose={() => undefined}
      />,
    );
    await waitFor(() => expect(gateway.calls('internal/collectors')).toHaveLength(1));
    fireEvent.click(screen.getByRole('combobox', { name: /State/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Lagos', hidden: true }));
    fireEvent.change(taxIdInput(), { target: { value: 'C-0000000409' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByTestId('taxpayer-name-differs')).toHaveTextContent(
      'holds C-0000000409 for Pinnacle River Technologies Limited, not Adamawa Foods Limited',
    );
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'This Tax ID belongs to this corporation' }));
    fireEvent.click(save);
    await waitFor(() => expect(gateway.calls(`internal/corporations/${CORPORATION_ID}/states/LA`)).toHaveLength(1));
    expect(gateway.calls(`internal/corporations/${CORPORATION_ID}/states/LA`)[0].body).toMatchObject({
      tax_payer_number: 'C-0000000409',
      confirm_name: true,
    });
  });
});

describe('registering the Nigeria Revenue Service', () => {
  it('offers the NRS apart from the states, asks for WHT from a month, refuses an individual’s Tax ID and saves a 13-digit one', async () => {
    const gateway = agency();
    const onClose = vi.fn();
    renderWithProviders(
      <StateTaxIdDialog
        corporationId={CORPORATION_ID}
        corporationName="Delta Harbour Foods Plc"
        mode={{ kind: 'add', registeredCodes: [] }}
        onClose={onClose}
      />,
    );
    await waitFor(() => expect(gateway.calls('internal/collectors')).toHaveLength(1));
    fireEvent.click(screen.getByRole('combobox', { name: /State/ }));
    expect(await screen.findByText('Federal: WHT on payments to companies')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('option', { name: 'Nigeria Revenue Service', hidden: true }));
    expect(
      screen.getByText(
        "The corporation's Tax ID with the Nigeria Revenue Service: C then digits, or the 13-digit national Tax ID.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Owes WHT here from')).toBeInTheDocument();
    expect(screen.queryByText('Owes PAYE here from')).not.toBeInTheDocument();

    fireEvent.change(taxIdInput(), { target: { value: 'N-1234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(
      await screen.findByText(
        "The Nigeria Revenue Service collects WHT from companies: use the corporation's C- or 13-digit Tax ID, not an individual's N- ID",
      ),
    ).toBeInTheDocument();
    expect(gateway.calls('internal/corporations/states/NRS/records/verify')).toHaveLength(0);

    fireEvent.change(taxIdInput(), { target: { value: ' 1234567890123 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByTestId('verified-tax-id')).toHaveTextContent('1234567890123');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(gateway.calls(`internal/corporations/${CORPORATION_ID}/states/NRS`)[0]).toMatchObject({
      method: 'POST',
      body: { tax_payer_number: '1234567890123' },
    });
  });
});

describe('Update {state} Id', () => {
  it('keeps the state fixed, refuses the current Tax ID, and shows what the agency says at the field', async () => {
    const gateway = agency();
    renderWithProviders(
      <StateTaxIdDialog
        corporationId={CORPORATION_ID}
        corporationName="Delta Harbour Foods Plc"
        mode={{ kind: 'update', registration: registered }}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Update Lagos Id' })).toBeInTheDocument();

    fireEvent.change(taxIdInput(), { target: { value: 'c-0012345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('C-0012345 is already the Tax ID registered in Lagos')).toBeInTheDocument();

    fireEvent.change(taxIdInput(), { target: { value: 'C-0000000404' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(
      await screen.findByText(NOT_FOUND, { selector: '.mantine-InputWrapper-error, .mantine-TextInput-error' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(gateway.calls(`internal/corporations/${CORPORATION_ID}/states/LA`)).toHaveLength(0);
  });

  it('warns before Save what the replaced registration loses, Back returns to step 1, Save sends a PUT', async () => {
    const gateway = agency();
    const onClose = vi.fn();
    renderWithProviders(
      <StateTaxIdDialog
        corporationId={CORPORATION_ID}
        corporationName="Delta Harbour Foods Plc"
        mode={{ kind: 'update', registration: registered }}
        onClose={onClose}
      />,
    );
    fireEvent.change(taxIdInput(), { target: { value: 'C-0054321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(
      await screen.findByText(
        'Saving replaces C-0012345 with C-0054321 in Lagos. Its payroll consent and its 3 employees will be deleted; give consent and upload the ' +
          'payroll again afterwards.',
      ),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(taxIdInput()).toHaveValue('C-0054321');
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(gateway.calls(`internal/corporations/${CORPORATION_ID}/states/LA`)[0]).toMatchObject({
      method: 'PUT',
      body: { tax_payer_number: 'C-0054321' },
    });
  });
});
