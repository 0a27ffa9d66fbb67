import type { Pagination } from '@levy/contracts';
import { Anchor, Group, Table } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { EMPTY_MESSAGE, EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { OptionsButton, type OptionItem } from '../../../components/options-button';
import { PhoneDetails, PhoneFitScrollContainer } from '../../../components/phone-table';
import { QueryBar } from '../../../components/query/query-bar';
import { defaultQueryState, toListParams, type QueryState } from '../../../components/query/query-state';
import { TablePagination } from '../../../components/table-pagination';
import { LoadError } from './load-error';

/** The search, sort and page of a list searched by name; `params` go to the list's call. */
export function useNameSearch() {
  const [query, setQuery] = useState<QueryState>(() => defaultQueryState('name'));
  const [page, setPage] = useState(1);
  const changeQuery = (next: QueryState) => {
    setQuery(next);
    setPage(1);
  };
  return { query, changeQuery, setPage, params: toListParams(query, page) };
}

interface NamedListColumn<Item> {
  header: string;
  align?: 'right';
  monospace?: boolean;
  cell: (item: Item) => ReactNode;
}

/** The words of one list: its table, search box, loading and error states, and what it says when empty. */
interface NamedListText {
  table: string;
  nameHeader: string;
  search: string;
  loading: string;
  loadError: string;
  empty: string;
  emptyHint: string;
  noMatch: string;
}

/**
 * The analyser's lists of folders and of bank accounts: the query bar (search by name, sort), a
 * table whose rows open their item, each with its options, an empty state and pagination. On a
 * phone only the name and the options stay; the other columns are summed up under the name
 * (`details`).
 */
export function NamedList<Item extends { id: string; name: string }>({
  search,
  list,
  text,
  minWidth,
  icon,
  pathOf,
  columns,
  details,
  optionsFor,
}: {
  search: ReturnType<typeof useNameSearch>;
  list: UseQueryResult<{ items: Item[]; pagination: Pagination }>;
  text: NamedListText;
  minWidth: number;
  icon?: ReactNode;
  pathOf: (item: Item) => string;
  columns: NamedListColumn<Item>[];
  details: (item: Item) => string;
  optionsFor: (item: Item) => OptionItem[];
}) {
  const navigate = useNavigate();
  const searching = Boolean(search.query.search.value);
  return (
    <>
      <QueryBar
        value={search.query}
        onChange={search.changeQuery}
        sortKeys={['created_at', 'name']}
        searchLabel={text.search}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
      />
      {list.isPending ? (
        <LoadingPlaceholder label={text.loading} />
      ) : list.isError ? (
        <LoadError error={list.error} title={text.loadError} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState message={searching ? EMPTY_MESSAGE : text.empty} hint={searching ? text.noMatch : text.emptyHint} />
      ) : (
        <>
          <PhoneFitScrollContainer minWidth={minWidth}>
            <Table verticalSpacing="sm" highlightOnHover aria-label={text.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{text.nameHeader}</Table.Th>
                  {columns.map((column) => (
                    <Table.Th key={column.header} ta={column.align} visibleFrom="sm">
                      {column.header}
                    </Table.Th>
                  ))}
                  <Table.Th w={48} aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((item) => (
                  <Table.Tr key={item.id} style={{ cursor: 'pointer' }} onClick={() => void navigate(pathOf(item))}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {icon}
                        <Anchor
                          component={Link}
                          to={pathOf(item)}
                          fw={600}
                          fz="sm"
                          onClick={(event) => event.stopPropagation()}
                        >
                          {item.name}
                        </Anchor>
                      </Group>
                      <PhoneDetails>{details(item)}</PhoneDetails>
                    </Table.Td>
                    {columns.map((column) => (
                      <Table.Td
                        key={column.header}
                        ta={column.align}
                        ff={column.monospace ? 'monospace' : undefined}
                        visibleFrom="sm"
                      >
                        {column.cell(item)}
                      </Table.Td>
                    ))}
                    <Table.Td onClick={(event) => event.stopPropagation()}>
                      <OptionsButton label={`Actions for ${item.name}`} items={optionsFor(item)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </PhoneFitScrollContainer>
          <TablePagination pagination={list.data.pagination} onPageChange={search.setPage} />
        </>
      )}
    </>
  );
}
