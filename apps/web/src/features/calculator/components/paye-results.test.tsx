import type { PayeCalculation } from '@levy/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAYE_500K_JANUARY_2026 } from '../test/paye-calculation.fixture';
import { PayeResults } from './paye-results';
import { renderWithProviders } from '../../../test/render';

const RESULT = PAYE_500K_JANUARY_2026;

describe('PAYE results', () => {
  it('shows the headline figures formatted as naira', () => {
    renderWithProviders(<PayeResults result={RESULT} />);
    expect(screen.getByRole('heading', { name: 'PAYE for January 2026' })).toBeInTheDocument();
    expect(screen.getByTestId('monthly-tax')).toHaveTextContent('₦72,500.00');
    expect(screen.getByTestId('annual-tax')).toHaveTextContent('₦870,000.00');
    expect(screen.getByTestId('effective-rate')).toHaveTextContent('14.50%');
    expect(screen.getByTestId('net-monthly')).toHaveTextContent('₦427,500.00');
    expect(screen.getByText(/remits it to your State Internal Revenue Service by 10 Feb, 2026/)).toBeInTheDocument();
  });

  it('puts the regime in force beside the other, leaving out reliefs neither gives', () => {
    renderWithProviders(<PayeResults result={RESULT} />);
    const table = screen.getByTestId('regime-comparison');
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(row('PAYE a year')).toHaveTextContent('₦870,000.00₦896,000.00');
    expect(row('Consolidated relief allowance')).toHaveTextContent('₦0.00₦1,400,000.00');
    expect(within(table).queryByRole('row', { name: /Rent relief/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('regime-difference')).toHaveTextContent(
      'Under PITA the PAYE would be ₦2,166.67 a month more.',
    );
  });

  it('lists every band with its bounds, and totals them', () => {
    renderWithProviders(<PayeResults result={RESULT} />);
    const rows = within(screen.getByTestId('band-table')).getAllByRole('row');
    // Header, six NTA 2025 bands, total.
    expect(rows).toHaveLength(8);
    expect(rows[2]).toHaveTextContent('₦800,000.00 – ₦3,000,000.00' + '15%' + '₦2,200,000.00' + '₦330,000.00');
    expect(rows[6]).toHaveTextContent('Above ₦50,000,000.00');
    expect(rows[7]).toHaveTextContent('Total₦6,000,000.00₦870,000.00');
  });

  it('says when pay at the minimum wage is exempt', () => {
    const exempt: PayeCalculation = {
      ...RESULT,
      exempt: true,
      annual_tax: '0.00',
      monthly_tax: '0.00',
      monthly_gross: '70000.00',
      annual_gross: '840000.00',
    };
    renderWithProviders(<PayeResults result={exempt} />);
    expect(screen.getByText('No PAYE to pay')).toBeInTheDocument();
    expect(screen.getByText(/at or below the national minimum wage of ₦70,000.00/)).toBeInTheDocument();
    expect(screen.getByText('Nothing to deduct or remit for this month.')).toBeInTheDocument();
  });
});
