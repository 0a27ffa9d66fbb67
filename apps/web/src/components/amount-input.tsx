import { NumberInput, type NumberInputProps } from '@mantine/core';
import { nairaAmountProblem } from '@levy/contracts';

type AmountInputProps = Omit<NumberInputProps, 'value' | 'onChange' | 'onValueChange'> & {
  /** The plain decimal text, e.g. "500000.5"; '' when empty. */
  value: string;
  onChange(value: string): void;
};

/** What is wrong with an amount as typed ('' is no amount, not a problem), in the API's own words. */
export function amountProblem(value: string, label = 'Amount'): string | null {
  return value.trim() === '' ? null : nairaAmountProblem(value.trim(), label);
}

/**
 * A naira amount typed with the sign and thousands separators (docs/product.md §9), kept as the
 * plain decimal text so no amount ever passes through a floating-point number. What is typed is
 * kept as typed: a minus sign or a third decimal is shown refused, never dropped or rounded away.
 */
export function AmountInput({ value, onChange, error, ...props }: AmountInputProps) {
  const label =
    typeof props.label === 'string'
      ? props.label
      : typeof props['aria-label'] === 'string'
        ? props['aria-label']
        : 'Amount';
  return (
    <NumberInput
      {...props}
      value={value}
      valueIsNumericString
      onValueChange={(values) => onChange(values.value)}
      prefix="₦"
      thousandSeparator=","
      hideControls
      inputMode="decimal"
      placeholder={props.placeholder ?? '₦0.00'}
      error={error ?? amountProblem(value, label)}
    />
  );
}
