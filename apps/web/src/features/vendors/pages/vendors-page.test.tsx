import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as calls from '@levy/contracts/calls';
import { stubGateway, type GatewayRequest } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import VendorsPage from './vendors-page';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.message);

const BILL_ID = '6f1c2b1e-7d44-4c55-9a3e-0a8f5d7c1b20';
const KELECHI = {
  tax_payer_number: 'N-2000001',
  name: 'Kelechi Uche',
  email: null as string | null,
  usual_wht_type: { code: 'rent', name: 'Rent' },
  years: [
    { year: 2026, gross: '500000.00', tax_withheld: '40000.00', notes: 2 },
    { year: 2025, gross: '500000.00', tax_withheld: '50000.00', notes: 1 },
  ],
};
const HALIMA = {
  tax_payer_number: 'N-2000002',
  name: 'Halima Garba',
  email: 'halima@example.ng',
  usual_wht_type: { code: 'professional_fees', name: 'Professional fees' },
  years: [{ year: 2026, gross: null, tax_withheld: '80000.00', notes: 1 }],
};
const NOTE = {
  bill_id: BILL_ID,
  bill_reference: 'WHT-LA-2026-10-000001',
  row: 3,
  name: 'Halima Garba',
  wht_type: { code: 'professional_fees', name: 'Professional fees' },
  period_start: '2026-10-01',
  gross: null,
  tax_withheld: '80000.00',
  paid_at: '2026-11-02T10:00:00.000Z',
};

function vendorsGateway(request: GatewayRequest) {
  if (request.path === 'internal/vendors') {
    const search = (typeof request.params?.search === 'string' ? request.params.search : '').toLowerCase();
    const items = [HALIMA, KELECHI].filter(
      (vendor) =>
        !search || vendor.name.toLowerCase().includes(search) || vendor.tax_payer_number.toLowerCase().includes(search),
    );
    return {
      code: 'OK',
      data: { items, pagination: { count: 20, current_page: 1, total_count: items.length, total_pages: 1 } },
    };
  }
  if (request.path === 'internal/vendors/N-2000001' && request.method === 'PUT')
    return { code: 'OK', data: { ...KELECHI, email: (request.body as { email: string }).email } };
  if (request.path === 'internal/vendors/N-2000002/credit-notes') return { code: 'OK', data: [NOTE] };
  if (request.path === `internal/bills/${BILL_ID}/credit-notes/3/send`)
    return { code: 'OK', message: 'The credit note was sent to halima@example.ng.', data: { to: 'halima@example.ng' } };
  return { code: 'NOT_FOUND', message: 'Not found.', data: null };
}

describe('Vendors screen', () => {
  it('lists vendors with their usual WHT type and tax withheld per year, and searches them', async () => {
    grantPermissions([calls.listVendors.permission]);
    const gateway = stubGateway(vendorsGateway);
    renderWithProviders(<VendorsPage />);
    const table = await screen.findByRole('table', { name: 'Vendors' });
    const [, halima, kelechi] = within(table).getAllByRole('row');
    expect(halima).toHaveTextContent('Halima Garba');
    expect(halima).toHaveTextContent('Professional fees');
    expect(halima).toHaveTextContent('2026: ₦80,000.00 withheld 1 note');
    expect(kelechi).toHaveTextContent('2026: ₦40,000.00 withheld of ₦500,000.00 paid · 2 notes');
    expect(kelechi).toHaveTextContent('2025: ₦50,000.00 withheld of ₦500,000.00 paid · 1 note');
    expect(screen.getByText(/Only paid bills count/)).toBeInTheDocument();
    // Viewers without the vendor permission change no email.
    expect(screen.queryByRole('button', { name: /the email of/ })).not.toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search vendors' }), { target: { value: '2000001' } });
    await waitFor(
      () => expect(within(screen.getByRole('table', { name: 'Vendors' })).getAllByRole('row')).toHaveLength(2),
      { timeout: 3000 },
    );
    expect(gateway.calls('internal/vendors').at(-1)!.params).toMatchObject({ search: '2000001', page: 1 });
  });

  it('lets a member set a vendor’s email, see a vendor’s credit notes and email one', async () => {
    grantPermissions([
      calls.listVendors.permission,
      calls.updateVendor.permission,
      calls.sendBillCreditNote.permission,
    ]);
    const gateway = stubGateway(vendorsGateway);
    renderWithProviders(<VendorsPage />);

    fireEvent.click(await screen.findByRole('button', { name: 'Add the email of Kelechi Uche' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email for Kelechi Uche' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Email/ }), {
      target: { value: 'kelechi@example.ng' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save email' }));
    await waitFor(() => expect(gateway.calls('internal/vendors/N-2000001')).toHaveLength(1));
    expect(gateway.calls('internal/vendors/N-2000001')[0]).toMatchObject({
      method: 'PUT',
      body: { email: 'kelechi@example.ng' },
    });
    await waitFor(() => expect(toasts()).toContain('Credit notes for Kelechi Uche go to kelechi@example.ng'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Email for Kelechi Uche' })).not.toBeInTheDocument(),
    );

    fireEvent.click(screen.getByRole('button', { name: '1 note of Halima Garba' }));
    const notes = await screen.findByRole('table', { name: 'Credit notes' });
    expect(notes).toHaveTextContent('October 2026');
    expect(notes).toHaveTextContent('WHT-LA-2026-10-000001 row 3');
    expect(notes).toHaveTextContent('₦80,000.00');
    fireEvent.click(within(notes).getByRole('button', { name: 'Email note WHT-LA-2026-10-000001 row 3' }));
    await waitFor(() => expect(toasts()).toContain('The credit note was sent to halima@example.ng'));
    expect(gateway.calls(`internal/bills/${BILL_ID}/credit-notes/3/send`)).toHaveLength(1);
  }, 20_000);
});
