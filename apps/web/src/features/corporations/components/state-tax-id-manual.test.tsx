import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as calls from '@levy/contracts/calls';
import { stubGateway } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import { StateTaxIdDialog } from './state-tax-id-dialog';

// Where Levy has no API to the revenue service (STATE_AGENCY=manual, docs/decisions/0045), no agency
// looks the Tax ID up: the dialog says so and asks the user to confirm the name on the state portal.
afterEach(() => vi.unstubAllGlobals());

const CORPORATION_ID = '8d5c1f62-7a57-4a0e-9a1f-0b6d1b0c2a11';
const BASE = `internal/corporations/${CORPORATION_ID}/states/LA`;
const LAGOS = {
  id: 25,
  code: 'LA',
  name: 'Lagos',
  revenue_service: 'Lagos State Internal Revenue Service',
  abbreviation: null,
  collector: 'state' as const,
};

function manualServer() {
  return stubGateway((request) => {
    if (request.path === 'internal/collectors') return { code: 'OK', data: [LAGOS] };
    if (request.path.endsWith('/records/verify'))
      return {
        code: 'OK',
        data: {
          name: 'Delta Harbour Foods Plc',
          tax_payer_number: 'C-0054321',
          name_matches: null,
          name_to_confirm: true,
        },
      };
    if (request.path === BASE) return { code: 'OK', data: { id: 'reg-1' } };
    return { code: 'NOT_FOUND', message: 'Not found.', data: null };
  });
}

describe('Add New State, manual mode', () => {
  it('asks the user to confirm the taxpayer name on the state portal, since no agency looked it up', async () => {
    grantPermissions([calls.verifyStateTaxId.permission, calls.addCorporationState.permission]);
    const gateway = manualServer();
    renderWithProviders(
      <StateTaxIdDialog
        corporationId={CORPORATION_ID}
        corporationName="Delta Harbour Foods Plc"
        mode={{ kind: 'add', registeredCodes: [] }}
        onClose={() => undefined}
      />,
    );
    await waitFor(() => expect(gateway.calls('internal/collectors')).toHaveLength(1));
    fireEvent.click(screen.getByRole('combobox', { name: /State/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Lagos', hidden: true }));
    fireEvent.change(screen.getByRole('textbox', { name: /Tax ID/ }), { target: { value: 'C-0054321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));

    const manual = await screen.findByTestId('taxpayer-name-to-confirm');
    expect(manual).toHaveTextContent("Manual step: confirm the taxpayer's name");
    expect(manual).toHaveTextContent(
      'Levy has no online connection to Lagos State Internal Revenue Service, so it cannot look this Tax ID up.',
    );
    expect(screen.getByText('Not looked up: Levy checked only that the Tax ID is well formed')).toBeInTheDocument();
    expect(screen.queryByText(/Found by/)).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.click(
      within(manual).getByRole('checkbox', {
        name: 'On the Lagos State Internal Revenue Service portal, C-0054321 is registered to Delta Harbour Foods Plc',
      }),
    );
    fireEvent.click(save);
    await waitFor(() => expect(gateway.calls(BASE)).toHaveLength(1));
    expect(gateway.calls(BASE)[0].body).toMatchObject({ tax_payer_number: 'C-0054321', confirm_name: true });
  });
});
