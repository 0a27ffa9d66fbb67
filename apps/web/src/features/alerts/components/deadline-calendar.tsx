import { hasPermission, type DeadlineEntry } from '@levy/contracts';
import * as calls from '@levy/contracts/calls';
import { Button, Divider, Group, Stack, Table, Text } from '@mantine/core';
import { IconCalendarDue, IconDownload } from '@tabler/icons-react';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { PhoneDetails, PhoneFitScrollContainer, ROWS_AS_CARDS } from '../../../components/phone-table';
import { formatAmount, formatDate } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { downloadDeadlines, useDeadlineCalendar, useNoWhtDeclaration } from '../../../api/alerts-api';
import { mprAsOfNote } from './alert-item';
import { DeadlineFeed } from './deadline-feed';

function entryStatus(entry: DeadlineEntry): string {
  if (entry.status === 'overdue')
    return entry.penalty
      ? `Overdue ${entry.days_overdue} days · ${formatAmount(entry.penalty.total)} so far, +${formatAmount(entry.penalty.per_extra_week)} a ` +
          `week${mprAsOfNote(entry.penalty)}`
      : `Overdue ${entry.days_overdue} days`;
  if (entry.status === 'paid') return entry.kind === 'annual_return' ? 'Filed' : 'Paid';
  if (entry.status === 'no_deductions') return 'No WHT deductions (declared)';
  return 'Due';
}

const STATUS_COLOUR: Partial<Record<DeadlineEntry['status'], string>> = {
  overdue: 'red.9',
  paid: 'teal.9',
  no_deductions: 'teal.9',
};

/**
 * A WHT month that has begun can be declared to have had no deductions, which closes its deadline;
 * a declaration made in error is removed the same way. Hidden without the permission: the server decides.
 */
function NoWhtAction({ entry, thisMonth }: { entry: DeadlineEntry; thisMonth: string }) {
  const permissions = useSessionStore((state) => state.permissions);
  const declaration = useNoWhtDeclaration();
  if (
    entry.kind !== 'wht' ||
    entry.status === 'paid' ||
    entry.tax_month > thisMonth ||
    !hasPermission(permissions, calls.declareNoWhtDeductions.permission)
  )
    return null;
  const declared = entry.status === 'no_deductions';
  const label = `${monthLabel(entry.tax_month)}, ${entry.corporation.name}, ${entry.state.name}`;
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      mt={4}
      loading={declaration.isPending}
      aria-label={declared ? `Undo the no-WHT declaration for ${label}` : `No WHT this month: ${label}`}
      onClick={() =>
        declaration.mutate({
          corporationId: entry.corporation.id,
          stateCode: entry.state.code,
          taxMonth: entry.tax_month,
          declared: !declared,
        })
      }
    >
      {declared ? 'Undo' : 'No WHT this month'}
    </Button>
  );
}

/** 'October 2026' */
function monthLabel(month: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

export function DeadlineCalendar({ organisationId }: { organisationId: string }) {
  const calendar = useDeadlineCalendar(organisationId);
  const actions = (
    <Group gap="xs">
      <Button
        size="xs"
        variant="default"
        leftSection={<IconDownload size={14} />}
        onClick={() => void downloadDeadlines(organisationId, 'ics')}
      >
        Calendar (.ics)
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconDownload size={14} />}
        onClick={() => void downloadDeadlines(organisationId, 'csv')}
      >
        CSV
      </Button>
    </Group>
  );
  return (
    <ContentCard title="Deadline calendar" actions={actions}>
      <DeadlineFeed organisationId={organisationId} />
      <Divider my="md" />
      {calendar.isPending ? (
        <LoadingPlaceholder height={200} label="Loading the deadline calendar" />
      ) : !calendar.data || calendar.data.entries.length === 0 ? (
        <EmptyState hint="Register a corporation with a state to see its PAYE and WHT deadlines for the next 12 months." />
      ) : (
        // On a phone each deadline is a card: the tax (the corporation and state under it), its due date, then its status.
        <PhoneFitScrollContainer minWidth={640} mah={420}>
          <Table verticalSpacing="xs" stickyHeader aria-label="Deadlines" className={ROWS_AS_CARDS}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Due date</Table.Th>
                <Table.Th>Tax</Table.Th>
                <Table.Th visibleFrom="sm">Corporation · State</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {calendar.data.entries.map((entry) => (
                <Table.Tr
                  key={`${entry.kind}-${entry.corporation.id}-${entry.state.code}-${entry.tax_month}`}
                  data-status={entry.status}
                >
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <IconCalendarDue size={16} aria-hidden="true" />
                      <Stack gap={0}>
                        <Text fz="sm">{formatDate(entry.deadline_date)}</Text>
                        {entry.safe_note && (
                          <Text fz="xs" c="orange.8">
                            {entry.safe_note}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td data-phone-line="title">
                    {entry.title}
                    <PhoneDetails>
                      {entry.corporation.name} · {entry.state.name}
                    </PhoneDetails>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    {entry.corporation.name} · {entry.state.name}
                  </Table.Td>
                  <Table.Td data-phone-line="below">
                    <Text fz="sm" c={STATUS_COLOUR[entry.status]}>
                      {entryStatus(entry)}
                    </Text>
                    <NoWhtAction entry={entry} thisMonth={calendar.data.from.slice(0, 7)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </PhoneFitScrollContainer>
      )}
    </ContentCard>
  );
}
