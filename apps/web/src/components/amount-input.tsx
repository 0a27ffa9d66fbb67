import { NumberInput, type NumberInputProps } from '@mantine/core';

type AmountInputProps = Omit<NumberInputProps, 'value' | 'onChange' | 'onValueChange'> & {
  /** The plain decimal text, e.g. "500000.5"; '' when empty. */
  value: string;
  onChange(value: string): void;
};

/**
 * A naira amount typed with the sign and thousands separators (product-spec §9), kept as the
 * plain decimal text so no amount ever passes through a floating-point number.
 */
export function AmountInput({ value, onChange, ...props }: AmountInputProps) {
  return (
    <NumberInput
      {...props}
      value={value}
      valueIsNumericString
      onValueChange={(values) => onChange(values.value)}
      prefix="₦"
      thousandSeparator=","
      decimalScale={2}
      allowNegative={false}
      hideControls
      inputMode="decimal"
      placeholder={props.placeholder ?? '₦0.00'}
    />
  );
}
