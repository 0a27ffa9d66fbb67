import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PAYE_500K_JANUARY_2026 } from '../test/paye-calculation.fixture';
import { TaxCalculator } from './tax-calculator';

interface GatewayRequest {
  method: string;
  namespace: string;
  path: string;
  body?: unknown;
}

let requests: GatewayRequest[];

// The results load as their own chunk (with the chart library), which takes a while on a busy machine.
const LAZY_LOAD = { timeout: 15_000 };

/** The gateway as the server answers it, for the calls the calculator makes. */
function answer(request: GatewayRequest): unknown {
  if (request.path === 'calculator/paye') return PAYE_500K_JANUARY_2026;
  if (request.path === 'calculator/share') return { token: 'AbCdEfGhIjKlMnOp' };
  // Rent to a non-resident individual: 10%, passive income, so no doubling without a Tax ID.
  if (request.path === 'calculator/wht') {
    return {
      period: '2026-03',
      type: 'rent',
      type_name: 'Rent',
      amount: '750000.25',
      rate: 10,
      schedule_rate: 10,
      doubled: false,
      tax: '75000.03',
      net: '675000.22',
      // The collector follows the payee: the NRS for a company.
      collector: (request.body as { payee_kind: string }).payee_kind === 'company' ? 'federal' : 'state',
    };
  }
  throw new Error(`unexpected call ${request.path}`);
}

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: { body: string }) => {
      const request = JSON.parse(init.body) as GatewayRequest;
      requests.push(request);
      return Promise.resolve(
        new Response(JSON.stringify({ code: 'OK', message: 'OK', data: answer(request) }), { status: 200 }),
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('tax calculator', () => {
  it(
    'sends the PAYE inputs, shows the answer, flags edits made since, and shares what is shown',
    { timeout: 30_000 },
    async () => {
      renderWithProviders(<TaxCalculator />);
      const gross = screen.getByLabelText('Gross pay a month');
      fireEvent.change(gross, { target: { value: '500000' } });
      fireEvent.click(screen.getByRole('button', { name: 'Calculate PAYE' }));

      expect(await screen.findByTestId('monthly-tax', {}, LAZY_LOAD)).toHaveTextContent('₦72,500.00');
      const [calculation] = requests;
      expect(calculation).toMatchObject({ method: 'POST', namespace: 'public', path: 'calculator/paye' });
      expect(calculation.body).toMatchObject({ monthly_gross: '500000.00' });
      expect(screen.queryByTestId('stale-notice')).not.toBeInTheDocument();

      fireEvent.change(gross, { target: { value: '600000' } });
      expect(await screen.findByTestId('stale-notice')).toHaveTextContent('press Calculate PAYE to update them');

      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
      await waitFor(() =>
        expect(screen.getByLabelText('Link to this calculation')).toHaveValue(
          `${window.location.origin}/calculator/AbCdEfGhIjKlMnOp`,
        ),
      );
      const share = requests.find((request) => request.path === 'calculator/share');
      // The figures on screen are shared, not the edit made after them.
      expect(share?.body).toEqual({ paye: calculation.body });
    },
  );

  it('opens shared inputs filled in and calculated', { timeout: 30_000 }, async () => {
    renderWithProviders(
      <TaxCalculator
        shared={{
          token: 'AbCdEfGhIjKlMnOp',
          paye: { period: '2026-01', monthly_gross: '500000.00' },
          wht: null,
          created_at: '2026-11-22T10:00:00.000Z',
        }}
      />,
    );
    expect(await screen.findByTestId('annual-tax', {}, LAZY_LOAD)).toHaveTextContent('₦870,000.00');
    expect(screen.getByLabelText('Gross pay a month')).toHaveValue('₦500,000');
    expect(requests.filter((request) => request.path === 'calculator/paye')).toHaveLength(1);
    expect(requests[0].body).toEqual({ period: '2026-01', monthly_gross: '500000.00' });
  });

  it('opens shared WHT inputs on the WHT tab, calculated', async () => {
    const wht = {
      period: '2026-03',
      type: 'rent',
      payee_kind: 'individual' as const,
      resident: false,
      has_tax_id: false,
      amount: '750000.25',
    };
    renderWithProviders(
      <TaxCalculator shared={{ token: 'AbCdEfGhIjKlMnOp', paye: null, wht, created_at: '2026-11-22T10:00:00.000Z' }} />,
    );
    // The WHT calculator is its own chunk too, loaded with its tab.
    expect(await screen.findByTestId('wht-tax', {}, LAZY_LOAD)).toHaveTextContent('₦75,000.03');
    expect(screen.getByTestId('wht-net')).toHaveTextContent('₦675,000.22');
    expect(screen.getByRole('tab', { name: 'Withholding tax (WHT)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Amount of the payment')).toHaveValue('₦750,000.25');
    expect(requests).toEqual([{ method: 'POST', namespace: 'public', path: 'calculator/wht', body: wht }]);
  });

  it('points WHT on a payment to a company to the NRS, and to where Levy pays it', async () => {
    const wht = {
      period: '2026-03',
      type: 'rent',
      payee_kind: 'company' as const,
      resident: true,
      has_tax_id: true,
      amount: '750000.25',
    };
    renderWithProviders(
      <TaxCalculator shared={{ token: 'AbCdEfGhIjKlMnOp', paye: null, wht, created_at: '2026-11-22T10:00:00.000Z' }} />,
    );
    expect(await screen.findByTestId('wht-remit', {}, LAZY_LOAD)).toHaveTextContent(
      'Remit to the Nigeria Revenue Service (NRS, formerly FIRS) by 21 Apr, 2026. In Levy, add the Nigeria Revenue Service on the corporation’s States ' +
        'tab with its Tax ID, then pay it as a WHT bill to the NRS.',
    );
  });

  it('keeps Share off until something is calculated, and says so', () => {
    renderWithProviders(<TaxCalculator />);
    expect(screen.getByRole('button', { name: 'Share' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Share' })).toHaveAccessibleDescription(
      'Calculate first, then share the figures',
    );
    expect(screen.getByRole('button', { name: 'Calculate PAYE' })).toBeDisabled();
  });

  it('loads the WHT calculator only when its tab is opened', async () => {
    renderWithProviders(<TaxCalculator />);
    expect(screen.queryByLabelText('Type of payment')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Withholding tax (WHT)' }));
    expect(await screen.findByLabelText('Type of payment', {}, LAZY_LOAD)).toHaveValue('professional_fees');
  });
});
