import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AmountInput } from './amount-input';
import { renderWithProviders } from '../test/render';

let typed = '';

function Field() {
  const [value, setValue] = useState('');
  return (
    <AmountInput
      label="Amount"
      value={value}
      onChange={(next) => {
        typed = next;
        setValue(next);
      }}
    />
  );
}

function type(text: string) {
  renderWithProviders(<Field />);
  fireEvent.change(screen.getByLabelText('Amount'), { target: { value: text } });
}

describe('AmountInput', () => {
  it.each([
    ['-5000', '-5000', 'Amount must not be negative'],
    ['-50000', '-50000', 'Amount must not be negative'],
    ['100000.555', '100000.555', 'Amount must be an amount in naira with at most two decimals'],
    ['123456789012345', '123456789012345', 'Amount must be at most ₦9,999,999,999,999.99'],
  ])('keeps %s as typed and says why it is refused', (text, kept, message) => {
    type(text);
    expect(typed).toBe(kept);
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
  });

  it('takes an amount with separators and two decimals as the plain decimal', () => {
    type('1,250,000.50');
    expect(typed).toBe('1250000.50');
    expect(screen.getByLabelText('Amount')).not.toHaveAttribute('aria-invalid', 'true');
  });
});
