import { Group, Table, Text } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight } from '@tabler/icons-react';
import { useState } from 'react';
import { AmountCell } from '../../../components/amount-cell';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { PhoneDetails, PhoneFitScrollContainer, ROWS_AS_CARDS } from '../../../components/phone-table';
import type { FilterField } from '../../../components/query/filter-popover';
import { QueryBar } from '../../../components/query/query-bar';
import { defaultQueryState, toListParams, type QueryState } from '../../../components/query/query-state';
import { StatusTag } from '../../../components/status-tag';
import { TablePagination } from '../../../components/table-pagination';
import { formatAmount, formatDate } from '../../../lib/format';
import { exportHistory, useWalletHistory, type HistoryScope } from '../../../api/wallets-api';
import { ExportButtons, type ExportFormat } from '../../../components/export-buttons';

export const HISTORY_FILTERS: FilterField[] = [
  { type: 'date-range', field: 'created_at', label: 'Date' },
  {
    type: 'select',
    field: 'type',
    label: 'Type',
    options: [
      { value: 'credit', label: 'Credit (money in)' },
      { value: 'debit', label: 'Debit (money out)' },
    ],
  },
  {
    type: 'select',
    field: 'status',
    label: 'Status',
    options: [
      { value: 'success', label: 'Successful' },
      { value: 'pending', label: 'Pending' },
      { value: 'failed', label: 'Failed' },
    ],
  },
];

/** Wallet history: credits and debits with the balance after each (docs/product.md "Wallets and transactions"). */
export function WalletHistory({ scope, showWallet }: { scope: HistoryScope; showWallet: boolean }) {
  const [query, setQuery] = useState<QueryState>(() => defaultQueryState('reference'));
  const [page, setPage] = useState(1);
  const params = toListParams(query, page);
  const history = useWalletHistory(scope, params);

  const changeQuery = (next: QueryState) => {
    setQuery(next);
    setPage(1);
  };
  const exportAs = (format: ExportFormat) => {
    const { page: _page, count: _count, ...filters } = params;
    return exportHistory(scope, filters, format);
  };

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <QueryBar
          value={query}
          onChange={changeQuery}
          sortKeys={['created_at']}
          filterFields={HISTORY_FILTERS}
          searchLabel="Search by reference"
          onRefresh={() => void history.refetch()}
          refreshing={history.isFetching}
        />
        <ExportButtons onExport={exportAs} />
      </Group>
      {history.isPending ? (
        <LoadingPlaceholder />
      ) : !history.data || history.data.items.length === 0 ? (
        <EmptyState
          hint={
            query.search.value || query.filters.length > 0
              ? 'No transaction matches.'
              : 'Transfers into your wallet and payments from it appear here.'
          }
        />
      ) : (
        <>
          {/* On a phone each transaction is a card: what it was, then its status and amount. */}
          <PhoneFitScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Wallet transactions" className={ROWS_AS_CARDS}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th visibleFrom="sm">Date</Table.Th>
                  <Table.Th>Description</Table.Th>
                  {showWallet && <Table.Th visibleFrom="sm">Wallet</Table.Th>}
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">
                    Balance after
                  </Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.data.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td visibleFrom="sm">{formatDate(item.created_at)}</Table.Td>
                    <Table.Td data-phone-line="title">
                      <Text fz="sm" fw={600}>
                        {item.description}
                      </Text>
                      <Text fz="xs" c="dimmed" ff="monospace">
                        {item.reference}
                      </Text>
                      <PhoneDetails>
                        {[
                          formatDate(item.created_at),
                          showWallet ? item.wallet.name : null,
                          `balance after ${formatAmount(item.balance_after)}`,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </PhoneDetails>
                    </Table.Td>
                    {showWallet && <Table.Td visibleFrom="sm">{item.wallet.name}</Table.Td>}
                    <AmountCell data-phone-line="end">
                      <Group gap={4} justify="flex-end" wrap="nowrap" c={item.type === 'credit' ? 'teal.9' : 'red.9'}>
                        {item.type === 'credit' ? <IconArrowDownLeft size={14} /> : <IconArrowUpRight size={14} />}
                        <Text fz="sm" fw={600} aria-label={`${item.type} ${formatAmount(item.amount)}`}>
                          {item.type === 'credit' ? '+' : '−'}
                          {formatAmount(item.amount)}
                        </Text>
                      </Group>
                    </AmountCell>
                    <AmountCell visibleFrom="sm">{formatAmount(item.balance_after)}</AmountCell>
                    <Table.Td>
                      <StatusTag status={item.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </PhoneFitScrollContainer>
          <TablePagination pagination={history.data.pagination} onPageChange={setPage} />
        </>
      )}
    </>
  );
}
