import { ScrollArea, Table, type TableTdProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { AmountCell } from './amount-cell';
import { PhoneDetails } from './phone-table';

/** A payee (an employee, a beneficiary) on a line of a file or a bill. */
export interface PayeeLine {
  /** The line's row in the spreadsheet. */
  row: number;
  taxPayerNumber: string;
  name: string;
}

/** A column after the name. */
export interface PayeeColumn<Line> {
  header: string;
  cell: (line: Line) => ReactNode;
  /** Money: right-aligned in figures of one width. */
  isAmount?: boolean;
  /** A column a phone has no room for: what it says goes in the phone details instead. */
  hiddenOnPhone?: boolean;
  /** Emphasis for a line's cell (weight, colour). */
  cellProps?: (line: Line) => TableTdProps;
}

interface PayeeTableProps<Line extends PayeeLine> {
  label: string;
  lines: Line[];
  columns: Array<PayeeColumn<Line>>;
  /** What the hidden columns say, after the row and the Tax ID under the name on a phone. */
  phoneDetails?: (line: Line) => string;
  stickyHeader?: boolean;
}

/**
 * Payees by row, Tax ID and name, then the columns given: the preview of a payroll or WHT file
 * and a bill's recipients. On a phone the row and Tax ID go under the name.
 */
export function PayeeTable<Line extends PayeeLine>({
  label,
  lines,
  columns,
  phoneDetails,
  stickyHeader,
}: PayeeTableProps<Line>) {
  const visibleFrom = (column: PayeeColumn<Line>) => (column.hiddenOnPhone ? 'sm' : undefined);
  return (
    <Table stickyHeader={stickyHeader} verticalSpacing={6} fz="sm" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={56} visibleFrom="sm">
            Row
          </Table.Th>
          <Table.Th visibleFrom="sm">Tax ID</Table.Th>
          <Table.Th>Name</Table.Th>
          {columns.map((column) => (
            <Table.Th key={column.header} ta={column.isAmount ? 'right' : undefined} visibleFrom={visibleFrom(column)}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.row}>
            <Table.Td c="dimmed" visibleFrom="sm">
              {line.row}
            </Table.Td>
            <Table.Td visibleFrom="sm">{line.taxPayerNumber}</Table.Td>
            <Table.Td>
              {line.name}
              <PhoneDetails>
                Row {line.row} · <span style={{ whiteSpace: 'nowrap' }}>{line.taxPayerNumber}</span>
                {phoneDetails?.(line)}
              </PhoneDetails>
            </Table.Td>
            {columns.map((column) => {
              const Cell = column.isAmount ? AmountCell : Table.Td;
              return (
                <Cell key={column.header} visibleFrom={visibleFrom(column)} {...column.cellProps?.(line)}>
                  {column.cell(line)}
                </Cell>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A file preview's height (docs/product.md §9). */
const PREVIEW_HEIGHT = 200;

/** A file's payees before it is sent: a table of fixed height that scrolls, by the keyboard too. */
export function PayeePreview<Line extends PayeeLine>(props: PayeeTableProps<Line>) {
  return (
    <ScrollArea h={PREVIEW_HEIGHT} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0 }}>
      <PayeeTable stickyHeader {...props} />
    </ScrollArea>
  );
}
