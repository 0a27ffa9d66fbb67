import { Table, type TableTdProps } from '@mantine/core';

/** A table cell for money: right-aligned on one line with figures of one width, so amounts line up by digit. */
export function AmountCell({ style, ...props }: TableTdProps) {
  return (
    <Table.Td
      ta="right"
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ...(style as object) }}
      {...props}
    />
  );
}
