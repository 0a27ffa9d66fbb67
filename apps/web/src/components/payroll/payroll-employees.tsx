import { Group, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { AmountCell } from '../amount-cell';
import { EmptyState } from '../empty-state';
import { LoadingPlaceholder } from '../loading-placeholder';
import { PhoneDetails, PhoneFitScrollContainer } from '../phone-table';
import { SEARCH_DEBOUNCE_MS, SEARCH_WIDTH } from '../query/query-bar';
import { RefreshButton } from '../refresh-button';
import { TablePagination } from '../table-pagination';
import { formatAmount } from '../../lib/format';
import { usePayrollEmployees } from '../../api/corporations-api';

const PAGE_SIZE = 10;

/**
 * The employees registered with the state from the latest payroll file, in file order. The list
 * has no sort (the file's order is the payroll's), so it takes the query bar's search box rules
 * (1500 ms debounce, 164 px) without its sort menu.
 */
export function PayrollEmployees({ corporationId, stateCode }: { corporationId: string; stateCode: string }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const params = { page, count: PAGE_SIZE, ...(debouncedSearch ? { search: debouncedSearch } : {}) };
  const employees = usePayrollEmployees(corporationId, stateCode, params);

  return (
    <section aria-label="Employees">
      <Group justify="space-between" mb="sm">
        <Text fw={700}>Employees</Text>
        <Group gap="sm">
          <TextInput
            aria-label="Search employees"
            placeholder="Search"
            leftSection={<IconSearch size={16} />}
            w={SEARCH_WIDTH}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
          <RefreshButton onRefresh={() => void employees.refetch()} loading={employees.isFetching} />
        </Group>
      </Group>
      {employees.isPending ? (
        <LoadingPlaceholder />
      ) : !employees.data || employees.data.items.length === 0 ? (
        <EmptyState
          hint={
            debouncedSearch
              ? 'No employee matches this search.'
              : 'Upload the payroll template to register employees with the state.'
          }
        />
      ) : (
        <>
          {/* On a phone the Tax ID, designation and gross income go under the name. */}
          <PhoneFitScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" striped aria-label="Employees">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th visibleFrom="sm">Tax ID</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th visibleFrom="sm">Designation</Table.Th>
                  <Table.Th ta="right" visibleFrom="sm">
                    Gross income
                  </Table.Th>
                  <Table.Th ta="right">Tax payable</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {employees.data.items.map((employee) => (
                  <Table.Tr key={employee.id}>
                    <Table.Td visibleFrom="sm">{employee.tax_payer_number}</Table.Td>
                    <Table.Td>
                      <Text fz="sm" fw={600}>
                        {employee.name}
                      </Text>
                      {(employee.nationality || employee.state_of_residence) && (
                        <Text fz="xs" c="dimmed">
                          {[
                            employee.nationality,
                            employee.state_of_residence && `resident in ${employee.state_of_residence.name}`,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </Text>
                      )}
                      <PhoneDetails>
                        <span style={{ whiteSpace: 'nowrap' }}>{employee.tax_payer_number}</span>
                        {employee.designation ? ` · ${employee.designation}` : ''} · gross{' '}
                        {formatAmount(employee.gross_income)}
                      </PhoneDetails>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{employee.designation}</Table.Td>
                    <AmountCell visibleFrom="sm">{formatAmount(employee.gross_income)}</AmountCell>
                    <AmountCell>{formatAmount(employee.tax_payable)}</AmountCell>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </PhoneFitScrollContainer>
          <TablePagination pagination={employees.data.pagination} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}
