import type { PayeCalculation } from '@levy/contracts';
import { payeCalculation } from '@levy/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../../test/render';
import { PayeResults } from './paye-results';

// The API's answer for ₦500,000 a month in January 2026 (calculator.api.test.ts checks the same
// figures against the engine), parsed by the shared contract so the fixture cannot drift from it.
const RESULT: PayeCalculation = payeCalculation.parse({
  "period": "2026-01",
  "regime": "NTA2025",
  "regime_name": "Nigeria Tax Act 2025",
  "annual_gross": "6000000.00",
  "monthly_gross": "500000.00",
  "chargeable_income": "6000000.00",
  "annual_tax": "870000.00",
  "monthly_tax": "72500.00",
  "effective_rate": 14.5,
  "bands": [
    {
      "from": "0.00",
      "to": "800000.00",
      "rate": 0,
      "taxable": "800000.00",
      "tax": "0.00"
    },
    {
      "from": "800000.00",
      "to": "3000000.00",
      "rate": 15,
      "taxable": "2200000.00",
      "tax": "330000.00"
    },
    {
      "from": "3000000.00",
      "to": "12000000.00",
      "rate": 18,
      "taxable": "3000000.00",
      "tax": "540000.00"
    },
    {
      "from": "12000000.00",
      "to": "25000000.00",
      "rate": 21,
      "taxable": "0.00",
      "tax": "0.00"
    },
    {
      "from": "25000000.00",
      "to": "50000000.00",
      "rate": 23,
      "taxable": "0.00",
      "tax": "0.00"
    },
    {
      "from": "50000000.00",
      "to": null,
      "rate": 25,
      "taxable": "0.00",
      "tax": "0.00"
    }
  ],
  "reliefs": {
    "pension": "0.00",
    "pension_is_default": false,
    "nhf": "0.00",
    "nhis": "0.00",
    "life_assurance": "0.00",
    "mortgage_interest": "0.00",
    "rent_relief": "0.00",
    "cra": "0.00",
    "total": "0.00"
  },
  "net_annual": "5130000.00",
  "net_monthly": "427500.00",
  "exempt": false,
  "minimum_tax_applied": false,
  "minimum_wage_monthly": "70000.00",
  "comparison": {
    "regime": "PITA2011",
    "regime_name": "Personal Income Tax Act (as amended 2011)",
    "annual_gross": "6000000.00",
    "monthly_gross": "500000.00",
    "chargeable_income": "4600000.00",
    "annual_tax": "896000.00",
    "monthly_tax": "74666.67",
    "effective_rate": 14.93,
    "bands": [
      {
        "from": "0.00",
        "to": "300000.00",
        "rate": 7,
        "taxable": "300000.00",
        "tax": "21000.00"
      },
      {
        "from": "300000.00",
        "to": "600000.00",
        "rate": 11,
        "taxable": "300000.00",
        "tax": "33000.00"
      },
      {
        "from": "600000.00",
        "to": "1100000.00",
        "rate": 15,
        "taxable": "500000.00",
        "tax": "75000.00"
      },
      {
        "from": "1100000.00",
        "to": "1600000.00",
        "rate": 19,
        "taxable": "500000.00",
        "tax": "95000.00"
      },
      {
        "from": "1600000.00",
        "to": "3200000.00",
        "rate": 21,
        "taxable": "1600000.00",
        "tax": "336000.00"
      },
      {
        "from": "3200000.00",
        "to": null,
        "rate": 24,
        "taxable": "1400000.00",
        "tax": "336000.00"
      }
    ],
    "reliefs": {
      "pension": "0.00",
      "pension_is_default": false,
      "nhf": "0.00",
      "nhis": "0.00",
      "life_assurance": "0.00",
      "mortgage_interest": "0.00",
      "rent_relief": "0.00",
      "cra": "1400000.00",
      "total": "1400000.00"
    },
    "net_annual": "5104000.00",
    "net_monthly": "425333.33",
    "exempt": false,
    "minimum_tax_applied": false,
    "minimum_wage_monthly": "70000.00"
  }
});

describe('PAYE results', () => {
  it('shows the headline figures formatted as naira', () => {
    renderWithTheme(<PayeResults result={RESULT} />);
    expect(screen.getByRole('heading', { name: 'PAYE for January 2026' })).toBeInTheDocument();
    expect(screen.getByTestId('monthly-tax')).toHaveTextContent('₦72,500.00');
    expect(screen.getByTestId('annual-tax')).toHaveTextContent('₦870,000.00');
    expect(screen.getByTestId('effective-rate')).toHaveTextContent('14.50%');
    expect(screen.getByTestId('net-monthly')).toHaveTextContent('₦427,500.00');
    expect(screen.getByText(/remits it to your State Internal Revenue Service by 10 Feb, 2026/)).toBeInTheDocument();
  });

  it('puts the regime in force beside the other, leaving out reliefs neither gives', () => {
    renderWithTheme(<PayeResults result={RESULT} />);
    const table = screen.getByTestId('regime-comparison');
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(row('PAYE a year')).toHaveTextContent('₦870,000.00₦896,000.00');
    expect(row('Consolidated relief allowance')).toHaveTextContent('₦0.00₦1,400,000.00');
    expect(within(table).queryByRole('row', { name: /Rent relief/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('regime-difference')).toHaveTextContent('Under PITA the PAYE would be ₦2,166.67 a month more.');
  });

  it('lists every band with its bounds, and totals them', () => {
    renderWithTheme(<PayeResults result={RESULT} />);
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
    renderWithTheme(<PayeResults result={exempt} />);
    expect(screen.getByText('No PAYE to pay')).toBeInTheDocument();
    expect(screen.getByText(/at or below the national minimum wage of ₦70,000.00/)).toBeInTheDocument();
    expect(screen.getByText('Nothing to deduct or remit for this month.')).toBeInTheDocument();
  });
});
