import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as calls from '@levy/contracts/calls';
import type { CorporationState } from '../../api/corporations-api';
import { stubGateway } from '../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../test/render';
import { ManualFiling } from '../manual-filing';
import { ManagePayrollDialog } from './manage-payroll-dialog';

// Where Levy has no API to the revenue service (STATE_AGENCY=manual, docs/decisions/0045), the
// screens say which step is manual: consent, and filing on the portal (the Tax ID's name: see
// state-tax-id-manual.test.tsx).
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
const REGISTRATION: CorporationState = {
  id: 'reg-1',
  tax_payer_number: 'C-0054321',
  tax_payer_name: 'Delta Harbour Foods Plc',
  is_control_consent_given: false,
  consent_given_at: null,
  consent_requested_at: null,
  employee_count: 0,
  payroll_updated_at: null,
  state: LAGOS,
  created_at: '2026-11-01T09:00:00.000Z',
  first_tax_month: '2026-11',
  name_matches: true,
};
const EMPTY_PAGE = { items: [], pagination: { count: 10, current_page: 1, total_count: 0, total_pages: 1 } };

function manualServer() {
  return stubGateway((request) => {
    if (request.path === 'deployment') return { code: 'OK', data: { sandbox: false, state_agency: 'manual' } };
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
    if (request.path === BASE) return { code: 'OK', data: REGISTRATION };
    if (request.path === `${BASE}/consent/attest`)
      return { code: 'OK', data: { ...REGISTRATION, is_control_consent_given: true } };
    if (request.path === `${BASE}/payrolls/employees`) return { code: 'OK', data: EMPTY_PAGE };
    if (request.path === `${BASE}/payrolls/filing`) return { code: 'OK', data: null };
    return { code: 'NOT_FOUND', message: 'Not found.', data: null };
  });
}

describe('manual steps', () => {
  it('takes consent by the user’s attestation, saying no code is sent', async () => {
    grantPermissions([
      calls.verifyStateConsent.permission,
      calls.attestStateConsent.permission,
      calls.uploadPayroll.permission,
      calls.listPayrollEmployees.permission,
    ]);
    const gateway = manualServer();
    renderWithProviders(
      <ManagePayrollDialog
        corporationId={CORPORATION_ID}
        corporationName="Delta Harbour Foods Plc"
        registration={REGISTRATION}
        onClose={() => undefined}
      />,
    );
    expect(await screen.findByText('Manual step: no consent code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed' })).not.toBeInTheDocument();
    const record = screen.getByRole('button', { name: 'Record consent' });
    expect(record).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: /consents to Levy managing its payroll/ }));
    fireEvent.click(record);
    await waitFor(() => expect(gateway.calls(`${BASE}/consent/attest`)).toHaveLength(1));
    expect(gateway.calls(`${BASE}/consent/attest`)[0].body).toEqual({ attest: true });
    expect(gateway.calls(`${BASE}/consent`)).toHaveLength(0);
    expect(await screen.findByRole('button', { name: 'Upload payroll' })).toBeInTheDocument();
  });

  it('lists the manual filing steps, then records the acknowledgement the portal gave', async () => {
    const onRecord = vi.fn(async () => undefined);
    const onDownload = vi.fn(async () => true);
    const { rerender } = renderWithProviders(
      <ManualFiling
        what="annual return"
        revenueService="Lagos State Internal Revenue Service"
        reference={null}
        canRecord
        onDownload={onDownload}
        onRecord={onRecord}
      />,
    );
    const panel = screen.getByRole('alert');
    expect(panel).toHaveTextContent(
      'Manual step: file the annual return on the Lagos State Internal Revenue Service portal',
    );
    expect(panel).toHaveTextContent('Levy has no online connection to Lagos State Internal Revenue Service');
    fireEvent.click(screen.getByRole('button', { name: 'Download schedule (CSV)' }));
    expect(onDownload).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Record acknowledgement' }));
    expect(await screen.findByText('Enter the acknowledgement the portal gave')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Acknowledgement from the portal' }), {
      target: { value: ' LIRS-H1-2025-000417 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Record acknowledgement' }));
    await waitFor(() => expect(onRecord).toHaveBeenCalledWith('LIRS-H1-2025-000417'));
    rerender(
      <ManualFiling
        what="annual return"
        revenueService="Lagos State Internal Revenue Service"
        reference="LIRS-H1-2025-000417"
        canRecord
        onDownload={onDownload}
        onRecord={onRecord}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Acknowledgement recorded: LIRS-H1-2025-000417');
  });
});
