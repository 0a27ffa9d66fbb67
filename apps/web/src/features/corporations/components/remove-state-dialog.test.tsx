import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CorporationState } from '../../../api/corporations-api';
import { RemoveStateDialog } from './remove-state-dialog';
import { stubGateway } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import * as calls from '@levy/contracts/calls';

const CORPORATION_ID = '8d5c1f62-7a57-4a0e-9a1f-0b6d1b0c2a11';
const lagos: CorporationState = {
  id: 'reg-1',
  tax_payer_number: 'C-0054321',
  tax_payer_name: 'Delta Harbour Foods Plc',
  is_control_consent_given: true,
  consent_given_at: '2026-11-02T09:00:00.000Z',
  consent_requested_at: '2026-11-02T08:55:00.000Z',
  employee_count: 3,
  payroll_updated_at: '2026-11-24T08:00:00.000Z',
  state: {
    id: 25,
    code: 'LA',
    name: 'Lagos',
    revenue_service: 'Lagos State Internal Revenue Service',
    collector: 'state',
  },
  created_at: '2026-11-01T09:00:00.000Z',
  first_tax_month: '2026-11',
  name_matches: true,
};

beforeEach(() => grantPermissions([calls.removeCorporationState.permission]));
afterEach(() => vi.unstubAllGlobals());

describe('Remove {state}', () => {
  it('warns that the data is deleted for good, naming it, and sends nothing until confirmed', () => {
    const gateway = stubGateway(() => ({ code: 'OK', data: null }));
    renderWithProviders(
      <RemoveStateDialog
        corporationId={CORPORATION_ID}
        corporationName="Adire Textiles Limited"
        registration={lagos}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Remove Lagos' })).toBeInTheDocument();
    expect(screen.getByText("This permanently deletes the state's data")).toBeInTheDocument();
    expect(screen.getByText('The Tax ID C-0054321 (Delta Harbour Foods Plc)')).toBeInTheDocument();
    expect(screen.getByText('The payroll file and its 3 employees')).toBeInTheDocument();
    expect(gateway.requests).toHaveLength(0);
  });

  it('after removal says what the server removed', async () => {
    const gateway = stubGateway(() => ({
      code: 'OK',
      data: {
        state: { id: 25, code: 'LA', name: 'Lagos' },
        removed: { tax_payer_number: 'C-0054321', employees: 3, payroll_files: 2, consent: true },
      },
    }));
    renderWithProviders(
      <RemoveStateDialog
        corporationId={CORPORATION_ID}
        corporationName="Adire Textiles Limited"
        registration={lagos}
        onClose={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Lagos' }));
    expect(await screen.findByText('Lagos was removed from Adire Textiles Limited')).toBeInTheDocument();
    expect(
      screen.getByText('Deleted the Tax ID C-0054321, the payroll consent, 3 employees and 2 payroll files.'),
    ).toBeInTheDocument();
    expect(gateway.requests[0]).toMatchObject({
      method: 'POST',
      namespace: 'core',
      path: `internal/corporations/${CORPORATION_ID}/states/LA/remove`,
    });
  });
});
