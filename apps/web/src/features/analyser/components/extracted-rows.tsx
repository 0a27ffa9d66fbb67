import { BANK_CATEGORIES, BANK_CATEGORY_CODES, type BankCategory, type StatementTransaction } from '@levy/contracts';
import { Badge, ScrollArea, Select, Table, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ROWS_IN_TWO_LINES } from '../../../components/phone-table';
import { formatDate } from '../../../lib/format';
import { SignedAmount } from './signed-amount';

const CATEGORY_OPTIONS = BANK_CATEGORY_CODES.map((code) => ({ value: code, label: BANK_CATEGORIES[code] }));

/**
 * The rows read from one page. Choosing a row highlights where it came from; a row's category
 * can be corrected in place when the user may change the statement. On a phone the category
 * goes under the transaction and its amount.
 */
export function ExtractedRows({
  rows,
  selectedIndex,
  onSelect,
  canCorrect,
  savingIndex,
  onCorrectCategory,
}: {
  rows: StatementTransaction[];
  selectedIndex: number | null;
  onSelect: (index: number) => void;
  canCorrect: boolean;
  savingIndex: number | null;
  onCorrectCategory: (row: StatementTransaction, category: BankCategory) => void;
}) {
  const tableRef = useRef<HTMLTableElement>(null);
  // A row chosen from elsewhere (a note on the reading) is brought into view.
  useEffect(() => {
    if (selectedIndex === null) return;
    tableRef.current?.querySelector(`[data-row="${selectedIndex}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedIndex]);
  if (rows.length === 0)
    return (
      <EmptyState
        message="No transactions start on this page"
        hint="Headers, totals and footers are not transactions."
      />
    );
  return (
    <ScrollArea h={620} type="auto" offsetScrollbars>
      <Table
        ref={tableRef}
        verticalSpacing={6}
        fz="sm"
        highlightOnHover
        stickyHeader
        layout="fixed"
        miw={{ base: 0, sm: 420 }}
        className={ROWS_IN_TWO_LINES}
        aria-label="Rows read from this page"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Transaction</Table.Th>
            <Table.Th ta="right" w={130}>
              Amount
            </Table.Th>
            <Table.Th w={150} visibleFrom="sm">
              Category
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const isSelected = row.index === selectedIndex;
            return (
              <Table.Tr
                key={row.index}
                onClick={() => onSelect(row.index)}
                aria-selected={isSelected}
                data-row={row.index}
                style={{
                  cursor: 'pointer',
                  background: isSelected ? 'var(--mantine-color-yellow-1)' : undefined,
                  boxShadow: isSelected ? 'inset 3px 0 var(--mantine-color-yellow-7)' : undefined,
                }}
              >
                <Table.Td>
                  <Text fz="xs" c="dimmed">
                    {formatDate(row.date)}
                  </Text>
                  <Text fz="sm" lineClamp={2}>
                    {row.narration}
                  </Text>
                  {row.is_corrected && (
                    <Badge size="xs" variant="light" color="blue" mt={2}>
                      Corrected
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  <SignedAmount row={row} />
                </Table.Td>
                <Table.Td onClick={(event) => event.stopPropagation()} data-phone-line="below">
                  {canCorrect ? (
                    <Select
                      size="xs"
                      aria-label={`Category of row ${row.index + 1}`}
                      data={CATEGORY_OPTIONS}
                      value={row.category}
                      allowDeselect={false}
                      searchable
                      disabled={savingIndex !== null}
                      onChange={(value) => {
                        if (value && value !== row.category) onCorrectCategory(row, value);
                      }}
                    />
                  ) : (
                    <Badge variant="light" color="gray" radius="sm">
                      {row.category_label}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
