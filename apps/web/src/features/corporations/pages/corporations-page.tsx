import { hasPermission } from '@levy/contracts';
import { Anchor, Button, Table, Text } from '@mantine/core';
import { IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { PageHeading } from '../../../components/page-heading';
import { PhoneDetails, PhoneFitScrollContainer } from '../../../components/phone-table';
import { QueryBar } from '../../../components/query/query-bar';
import { defaultQueryState, toListParams, type QueryState } from '../../../components/query/query-state';
import { TablePagination } from '../../../components/table-pagination';
import { formatDate } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useCorporations } from '../../../api/corporations-api';
import { AddCorporationDialog } from '../components/add-corporation-dialog';
import { CORPORATION_PERMISSIONS } from '../model/permissions';
import { corporationPath, isStaffUser } from '../model/routes';

/** Corporations: the companies whose taxes the organisation files (docs/product.md §2 corporations.index). */
export default function CorporationsPage() {
  const permissions = useSessionStore((state) => state.permissions);
  const user = useSessionStore((state) => state.user);
  const navigate = useNavigate();
  const [query, setQuery] = useState<QueryState>(() => defaultQueryState('name'));
  const [page, setPage] = useState(1);
  const [isAdding, setIsAdding] = useState(false);
  const corporations = useCorporations(toListParams(query, page));

  const canCreate = hasPermission(permissions, CORPORATION_PERMISSIONS.create);
  // Staff see every organisation's corporations, read-only, with whose they are.
  const isStaff = isStaffUser(user);
  const addButton = canCreate && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setIsAdding(true)}>
      Add New Corporation
    </Button>
  );

  return (
    <>
      <PageHeading
        title="Corporations"
        description={
          isStaff
            ? "Every organisation's corporations, read-only."
            : 'The companies you file taxes for. Open one to register its states and manage its payroll.'
        }
        actions={addButton}
      />
      <ContentCard>
        <QueryBar
          value={query}
          onChange={(next) => {
            setQuery(next);
            setPage(1);
          }}
          sortKeys={['created_at', 'name']}
          searchLabel="Search corporations"
          onRefresh={() => void corporations.refetch()}
          refreshing={corporations.isFetching}
        />
        {corporations.isPending ? (
          <LoadingPlaceholder />
        ) : !corporations.data || corporations.data.items.length === 0 ? (
          <EmptyState
            hint={
              query.search.value
                ? 'No corporation matches this search.'
                : canCreate
                  ? 'Add the first company you file taxes for: its states, payroll and bills live under it.'
                  : 'No corporation has been added yet.'
            }
          />
        ) : (
          <>
            <PhoneFitScrollContainer minWidth={560}>
              <Table verticalSpacing="sm" highlightOnHover aria-label="Corporations">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    {isStaff && <Table.Th visibleFrom="sm">Organisation</Table.Th>}
                    <Table.Th ta="right" visibleFrom="sm">
                      States registered
                    </Table.Th>
                    <Table.Th visibleFrom="sm">Date created</Table.Th>
                    <Table.Th aria-label="Open" w={48} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {corporations.data.items.map((corporation) => (
                    <Table.Tr
                      key={corporation.id}
                      style={{ cursor: 'pointer' }}
                      onClick={() => void navigate(corporationPath(corporation.id))}
                    >
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={corporationPath(corporation.id)}
                          fw={600}
                          fz="sm"
                          onClick={(event) => event.stopPropagation()}
                        >
                          {corporation.name}
                        </Anchor>
                        <PhoneDetails>
                          {isStaff && `${corporation.organisation.name ?? 'Unnamed organisation'} · `}
                          {corporation.state_count} {corporation.state_count === 1 ? 'state' : 'states'} · created{' '}
                          {formatDate(corporation.created_at)}
                        </PhoneDetails>
                      </Table.Td>
                      {isStaff && (
                        <Table.Td visibleFrom="sm">{corporation.organisation.name ?? 'Unnamed organisation'}</Table.Td>
                      )}
                      <Table.Td ta="right" visibleFrom="sm">
                        {corporation.state_count}
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{formatDate(corporation.created_at)}</Table.Td>
                      <Table.Td>
                        <Text c="dimmed" aria-hidden="true" lh={0}>
                          <IconChevronRight size={18} />
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </PhoneFitScrollContainer>
            <TablePagination pagination={corporations.data.pagination} onPageChange={setPage} />
          </>
        )}
      </ContentCard>
      {isAdding && (
        <AddCorporationDialog
          onClose={() => setIsAdding(false)}
          onAdded={(corporation) => void navigate(corporationPath(corporation.id))}
        />
      )}
    </>
  );
}
