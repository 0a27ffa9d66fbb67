import { hasPermission } from '@levy/contracts';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ContentCard } from '../../../components/content-card';
import { useSessionStore } from '../../../lib/session-store';
import { usePayeByResidence, type CorporationResidence } from '../api/residence-api';
import * as calls from '@levy/contracts/calls';

/**
 * The dashboard's "PAYE by residence": per corporation, the states its employees live in, where
 * their PAYE is owed (docs/tax-rules.md §8), and whether the corporation is registered there.
 * Every corporation with a payroll on file is listed, those with something to act on first (a state
 * owed that is not registered, or employees on another state's payroll).
 */
export function PayeByResidence() {
  const session = useSessionStore();
  const allowed = hasPermission(session.permissions, calls.payeByResidence.permission);
  const residence = usePayeByResidence(allowed ? session.organisation?.id : undefined);
  const corporations = [...(residence.data ?? [])].sort((a, b) => Number(needsAction(b)) - Number(needsAction(a)));
  if (corporations.length === 0) return null;
  return (
    <ContentCard title="PAYE by where employees live">
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          PAYE is owed to the state where each employee lives (Nigeria Tax Administration Act 2025, First Schedule).
        </Text>
        {corporations.map((entry) => (
          <CorporationRows key={entry.corporation.id} entry={entry} />
        ))}
      </Stack>
    </ContentCard>
  );
}

function CorporationRows({ entry }: { entry: CorporationResidence }) {
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={`/corporations/${entry.corporation.id}/states`} fw={600}>
        {entry.corporation.name}
      </Anchor>
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing={6} aria-label={`PAYE by residence for ${entry.corporation.name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>State owed</Table.Th>
              <Table.Th ta="right">Employees</Table.Th>
              <Table.Th>Registered</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entry.states.map((state) => (
              <Table.Tr key={state.code} data-testid={`residence-${entry.corporation.id}-${state.code}`}>
                <Table.Td>
                  <Text fz="sm">{state.revenue_service}</Text>
                  {state.on_other_payrolls.length > 0 && (
                    <Text fz="xs" c="dimmed">
                      On the{' '}
                      {state.on_other_payrolls
                        .map((payroll) => `${payroll.name} payroll (${payroll.employee_count})`)
                        .join(', ')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{state.employee_count.toLocaleString('en-NG')}</Table.Td>
                <Table.Td>
                  {/* Words, not a badge: on a phone a badge cuts "Not registered" short. */}
                  <Text fz="sm" fw={600} c={state.registered ? undefined : 'red.8'}>
                    {state.registered ? 'Registered' : 'Not registered'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

const needsAction = (entry: CorporationResidence) =>
  entry.states.some((state) => !state.registered || state.on_other_payrolls.length > 0);
