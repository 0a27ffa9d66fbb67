import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatCard } from './stat-card';
import { renderWithProviders } from '../test/render';

describe('StatCard', () => {
  it('gives its figure the length it is scaled by, so the largest balance is never cut', () => {
    renderWithProviders(<StatCard label="Total balance" value="₦999,999,999,999.99" hint="Across your wallets" />);
    const card = screen.getByRole('region', { name: 'Total balance' });
    const figure = screen.getByTestId('stat-card-value');
    expect(figure).toHaveTextContent('₦999,999,999,999.99');
    expect(figure.style.getPropertyValue('--value-length')).toBe('19');
    expect(figure.style.getPropertyValue('--figure-max-size')).toBe('28px');
    expect(card).toContainElement(figure);
  });

  it('shows a count as it is', () => {
    renderWithProviders(<StatCard label="Corporations" value={0} />);
    expect(screen.getByTestId('stat-card-value')).toHaveTextContent('0');
    expect(screen.getByTestId('stat-card-value').style.getPropertyValue('--value-length')).toBe('1');
  });
});
