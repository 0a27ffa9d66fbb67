import type { ReceiptFacts } from '@levy/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import VerifyPage from './verify-page';
import { stubGateway } from '../../../test/gateway';
import { renderWithProviders } from '../../../test/render';

afterEach(() => vi.unstubAllGlobals());

const CODE = '2ABF83AJ1X4YS3G0400EGKX5EQRNVTM68JGEGRTCZ0';
const FACTS: ReceiptFacts = {
  payer: 'Adire Textiles Limited',
  tax_payer_number: 'C-0012345',
  revenue_service: 'Lagos State Internal Revenue Service',
  tax: 'Withholding Tax: Rent',
  period_start: '2026-10-01',
  period_end: '2026-10-31',
  amount: '200000.00',
  agency_reference: '280007164032',
  payment_reference: 'FAKEMWXF2NX35182',
  status: 'payment_paid',
  paid_at: '2026-11-24T04:57:00.000Z',
  remittance_check: 'Confirmed by Remita on 24 Nov, 2026 at 05:57 (Lagos time)',
};

function renderAt(path: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/verify/:code" element={<VerifyPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the verify page', () => {
  it('shows a genuine receipt’s facts, signed out, with the time in Lagos', async () => {
    const gateway = stubGateway(() => ({ code: 'OK', data: FACTS }));
    renderAt(`/verify/${CODE}`);
    expect(await screen.findByText('This receipt is genuine')).toBeInTheDocument();
    const facts = screen.getByRole('table', { name: 'The receipt as Levy recorded it' });
    const row = (label: string) => within(facts).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(row('Payer')).toHaveTextContent('Adire Textiles Limited');
    expect(row('Tax ID')).toHaveTextContent('C-0012345');
    expect(row('Paid to')).toHaveTextContent('Lagos State Internal Revenue Service');
    expect(row('Tax')).toHaveTextContent('Withholding Tax: Rent');
    expect(row('Period')).toHaveTextContent('October 2026');
    expect(row('Amount remitted')).toHaveTextContent('₦200,000.00');
    expect(row('RRR (Remita)')).toHaveTextContent('280007164032');
    expect(row('Remita payment reference')).toHaveTextContent('FAKEMWXF2NX35182');
    expect(row('Remita')).toHaveTextContent('Confirmed by Remita on 24 Nov, 2026 at 05:57 (Lagos time)');
    expect(row('Status')).toHaveTextContent('Payment paid');
    expect(row('Paid at')).toHaveTextContent('24 Nov, 2026 at 05:57 (Lagos time)');
    expect(screen.getByText('2ABF83-AJ1X4Y-S3G040-0EGKX5-EQRNVT-M68JGE-GRTCZ0')).toBeInTheDocument();
    expect(gateway.requests).toEqual([
      expect.objectContaining({ method: 'GET', namespace: 'public', path: `receipts/verify/${CODE}` }),
    ]);
  });

  it('says "No receipt matches this code" for a code the server does not know, and checks a typed one', async () => {
    const gateway = stubGateway((request) =>
      request.path.endsWith('/TAMPERED')
        ? { code: 'NOT_FOUND', message: 'No receipt matches this code.', data: null }
        : { code: 'OK', data: FACTS },
    );
    renderAt('/verify/TAMPERED');
    expect(await screen.findByText('No receipt matches this code')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Enter the verification code printed on the receipt')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Verification code/ }), {
      target: { value: '2abf83-aj1x4y-s3g040-0egkx5-eqrnvt-m68jge-grtcz0' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('This receipt is genuine')).toBeInTheDocument();
    expect(gateway.requests.at(-1)?.path).toBe(`receipts/verify/${CODE}`);
  });

  it('says when the address has checked too many codes', async () => {
    stubGateway(() => ({
      code: 'RATE_LIMITED',
      message: 'Too many receipt codes were checked from this address.',
      data: null,
    }));
    renderAt(`/verify/${CODE}`);
    expect(await screen.findByText('Too many codes checked')).toBeInTheDocument();
    expect(screen.queryByText('No receipt matches this code')).not.toBeInTheDocument();
  });
});
