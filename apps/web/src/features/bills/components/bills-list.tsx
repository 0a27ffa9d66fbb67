import { BILL_STATUSES, type BillSummary } from '@levy/contracts';
import { Anchor, Group, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AmountCell } from '../../../components/amount-cell';
import { EmptyState } from '../../../components/empty-state';
import { PhoneDetails, PhoneFitScrollContainer, ROWS_AS_CARDS } from '../../../components/phone-table';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import type { FilterField } from '../../../components/query/filter-popover';
import { QueryBar } from '../../../components/query/query-bar';
import { defaultQueryState, toListParams, type QueryState } from '../../../components/query/query-state';
import { StatusTag } from '../../../components/status-tag';
import { SupplementaryTag } from './supplementary-tag';
import { statusLabel } from '../../../components/status-tone';
import { TablePagination } from '../../../components/table-pagination';
import { formatAmount, formatDate } from '../../../lib/format';
import { useBillCorporations } from './bill-form-parts';
import { useTaxCollectors } from '../../../api/corporations-api';
import { downloadBills, useBills } from '../api/bills-api';
import { formatPeriod } from '../model/bill-period';
import { BILL_PARAM } from '../../../lib/routes';
import { BillDrawer } from './bill-drawer';
import { ExportButtons, type ExportFormat } from '../../../components/export-buttons';

function useBillFilters(withCorporation: boolean): FilterField[] {
  const corporations = useBillCorporations();
  const states = useTaxCollectors();
  return useMemo(() => {
    const fields: FilterField[] = [
      { type: 'date-range', field: 'created_at', label: 'Date created' },
      {
        type: 'select',
        field: 'type',
        label: 'Type',
        options: [
          { value: 'paye', label: 'PAYE' },
          { value: 'wht', label: 'Withholding Tax' },
        ],
      },
      {
        type: 'select',
        field: 'status',
        label: 'Status',
        display: 'dropdown',
        options: BILL_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
      },
    ];
    if (withCorporation) {
      fields.push({
        type: 'select',
        field: 'corporation_id',
        label: 'Corporation',
        display: 'dropdown',
        options: (corporations.data?.items ?? []).map((corporation) => ({
          value: corporation.id,
          label: corporation.name,
        })),
      });
    }
    fields.push({
      type: 'select',
      field: 'state_id',
      label: 'State',
      display: 'dropdown',
      options: (states.data ?? []).map((state) => ({ value: String(state.id), label: state.name })),
    });
    return fields;
  }, [withCorporation, corporations.data, states.data]);
}

/**
 * The bills list (docs/product.md §2 bills.index and the corporation's bills tab): search by
 * reference, sort, filters, pagination, export; a bill opens in a drawer (`?bill=id`).
 */
export function BillsList({ corporationId }: { corporationId?: string }) {
  const [query, setQuery] = useState<QueryState>(() => defaultQueryState('reference'));
  const [page, setPage] = useState(1);
  const [searchParams, setSearchParams] = useSearchParams();
  const filterFields = useBillFilters(!corporationId);
  const scoped: QueryState = corporationId
    ? { ...query, filters: [{ field: 'corporation_id', value: corporationId }, ...query.filters] }
    : query;
  const params = toListParams(scoped, page);
  const bills = useBills(params);
  const openBillId = searchParams.get(BILL_PARAM);

  const openBill = (id: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(BILL_PARAM, id);
        else next.delete(BILL_PARAM);
        return next;
      },
      { replace: !id },
    );
  const changeQuery = (next: QueryState) => {
    setQuery(next);
    setPage(1);
  };
  const exportAs = (format: ExportFormat) => {
    const { page: _page, count: _count, ...filters } = params;
    return downloadBills(filters, format);
  };

  const filtered = Boolean(query.search.value) || query.filters.length > 0;
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <QueryBar
          value={query}
          onChange={changeQuery}
          sortKeys={['created_at']}
          filterFields={filterFields}
          searchLabel="Search by reference"
          onRefresh={() => void bills.refetch()}
          refreshing={bills.isFetching}
        />
        <ExportButtons onExport={exportAs} />
      </Group>
      {bills.isPending ? (
        <LoadingPlaceholder label="Loading bills" />
      ) : !bills.data || bills.data.items.length === 0 ? (
        <EmptyState hint={filtered ? 'No bill matches.' : 'Bills you generate with Pay Taxes appear here.'} />
      ) : (
        <>
          {/* On a phone each bill is a card: reference, what it is for, then its status and total. */}
          <PhoneFitScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Bills" className={ROWS_AS_CARDS}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Bill</Table.Th>
                  {!corporationId && <Table.Th visibleFrom="sm">Corporation</Table.Th>}
                  <Table.Th visibleFrom="sm">State</Table.Th>
                  <Table.Th visibleFrom="sm">Period</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th visibleFrom="sm">Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bills.data.items.map((bill: BillSummary) => (
                  <Table.Tr key={bill.id} onClick={() => openBill(bill.id)} style={{ cursor: 'pointer' }}>
                    <Table.Td data-phone-line="title">
                      <Anchor
                        component="button"
                        type="button"
                        fz="sm"
                        fw={600}
                        ff="monospace"
                        onClick={(event) => {
                          event.stopPropagation();
                          openBill(bill.id);
                        }}
                      >
                        {bill.reference}
                      </Anchor>
                      <Text fz="xs" c="dimmed">
                        {bill.type_name} · {bill.recipient_count.toLocaleString('en-NG')}{' '}
                        {bill.recipient_count === 1 ? 'recipient' : 'recipients'}
                      </Text>
                      <PhoneDetails>
                        {[
                          corporationId ? null : bill.corporation.name,
                          bill.state.name,
                          formatPeriod(bill.period_start),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                        <br />
                        Created {formatDate(bill.created_at)}
                      </PhoneDetails>
                      {bill.supplementary && <SupplementaryTag />}
                    </Table.Td>
                    {!corporationId && <Table.Td visibleFrom="sm">{bill.corporation.name}</Table.Td>}
                    <Table.Td visibleFrom="sm">{bill.state.name}</Table.Td>
                    <Table.Td visibleFrom="sm">{formatPeriod(bill.period_start)}</Table.Td>
                    <AmountCell fw={600} data-phone-line="end">
                      {formatAmount(bill.total)}
                    </AmountCell>
                    <Table.Td>
                      <StatusTag status={bill.status} />
                      {bill.remittance.unconfirmed && (
                        <Text fz="xs" c="red.8" fw={600} mt={4}>
                          Not confirmed by Remita
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{formatDate(bill.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </PhoneFitScrollContainer>
          <TablePagination pagination={bills.data.pagination} onPageChange={setPage} />
        </>
      )}
      <BillDrawer billId={openBillId} onClose={() => openBill(null)} />
    </>
  );
}
