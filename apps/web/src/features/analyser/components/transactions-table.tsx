import { Badge, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { AmountCell } from '../../../components/amount-cell';
import { EmptyState } from '../../../components/empty-state';
import { ExportButtons, type ExportFormat } from '../../../components/export-buttons';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { PhoneDetails, PhoneFitScrollContainer } from '../../../components/phone-table';
import { QueryBar } from '../../../components/query/query-bar';
import type { QueryState } from '../../../components/query/query-state';
import { TablePagination } from '../../../components/table-pagination';
import { formatAmount, formatDate } from '../../../lib/format';
import { downloadTransactions, useTransactions } from '../api/analyser-api';
import {
  defaultTransactionQuery,
  toTransactionParams,
  TRANSACTION_DEFAULT_SORT,
  TRANSACTION_FILTER_FIELDS,
  TRANSACTION_SORT_KEYS,
} from '../model/transaction-query';
import { LoadError } from './load-error';
import { SignedAmount } from './signed-amount';

/**
 * A statement's transactions with the shared query bar: search, sort, filters, pagination and
 * export. On a phone a row is its narration, with date and category under it, beside one signed
 * amount and the balance.
 */
export function TransactionsTable({ statementId }: { statementId: string }) {
  const [query, setQuery] = useState<QueryState>(defaultTransactionQuery);
  const [page, setPage] = useState(1);
  const params = toTransactionParams(query, page);
  const transactions = useTransactions(statementId, params);

  const exportAs = (format: ExportFormat) => {
    const { page: _page, count: _count, ...filters } = params;
    return downloadTransactions(statementId, filters, format);
  };
  const filtered = Boolean(query.search.value) || query.filters.length > 0;

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <QueryBar
          value={query}
          onChange={(next) => {
            setQuery(next);
            setPage(1);
          }}
          sortKeys={TRANSACTION_SORT_KEYS}
          defaultSort={TRANSACTION_DEFAULT_SORT}
          filterFields={TRANSACTION_FILTER_FIELDS}
          searchLabel="Search transactions"
          onRefresh={() => void transactions.refetch()}
          refreshing={transactions.isFetching}
        />
        <ExportButtons onExport={exportAs} />
      </Group>
      {transactions.isPending ? (
        <LoadingPlaceholder label="Loading transactions" />
      ) : transactions.isError ? (
        <LoadError
          error={transactions.error}
          title="The transactions could not be loaded"
          onRetry={() => void transactions.refetch()}
        />
      ) : transactions.data.items.length === 0 ? (
        <EmptyState hint={filtered ? 'No transaction matches these filters.' : undefined} />
      ) : (
        <>
          <Text fz="sm" c="dimmed" mb="xs" data-testid="transactions-summary">
            {transactions.data.aggs.count.toLocaleString('en-NG')} transactions · money out{' '}
            {formatAmount(transactions.data.aggs.total_debits)} · money in{' '}
            {formatAmount(transactions.data.aggs.total_credits)}
          </Text>
          <PhoneFitScrollContainer minWidth={820}>
            <Table verticalSpacing="xs" fz="sm" striped highlightOnHover aria-label="Transactions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={110} visibleFrom="sm">
                    Date
                  </Table.Th>
                  <Table.Th>Narration</Table.Th>
                  <Table.Th w={140} visibleFrom="sm">
                    Category
                  </Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">
                    Money out
                  </Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">
                    Money in
                  </Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">
                    Balance
                  </Table.Th>
                  <Table.Th ta="right" hiddenFrom="sm">
                    Amount
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {transactions.data.items.map((row) => (
                  <Table.Tr key={row.index}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
                      {formatDate(row.date)}
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" lineClamp={2}>
                        {row.narration}
                      </Text>
                      {(row.counterparty || row.reference) && (
                        <Text fz="xs" c="dimmed">
                          {[row.counterparty, row.reference].filter(Boolean).join(' · ')}
                        </Text>
                      )}
                      <PhoneDetails>
                        {formatDate(row.date)} · {row.category_label}
                      </PhoneDetails>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Badge variant="light" color={row.type === 'credit' ? 'levy' : 'gray'} radius="sm" size="sm">
                        {row.category_label}
                      </Badge>
                    </Table.Td>
                    <AmountCell c={row.type === 'debit' ? 'red.9' : 'dimmed'} visibleFrom="sm">
                      {row.type === 'debit' ? formatAmount(row.debit) : '—'}
                    </AmountCell>
                    <AmountCell c={row.type === 'credit' ? 'levy.8' : 'dimmed'} visibleFrom="sm">
                      {row.type === 'credit' ? formatAmount(row.credit) : '—'}
                    </AmountCell>
                    <AmountCell visibleFrom="sm">{row.balance === null ? '—' : formatAmount(row.balance)}</AmountCell>
                    <AmountCell hiddenFrom="sm">
                      <SignedAmount row={row} />
                    </AmountCell>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </PhoneFitScrollContainer>
          <TablePagination pagination={transactions.data.pagination} onPageChange={setPage} />
        </>
      )}
    </>
  );
}
