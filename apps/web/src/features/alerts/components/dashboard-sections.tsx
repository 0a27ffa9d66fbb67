import { hasPermission, type DeadlineEntry } from '@levy/contracts';
import { Button, Divider, Group, Stack, Table, Text } from '@mantine/core';
import { IconCalendarDue, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { LazyBarChart } from '../../../components/lazy-bar-chart';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { PhoneDetails, PhoneFitScrollContainer, ROWS_AS_CARDS } from '../../../components/phone-table';
import { StatusTag } from '../../../components/status-tag';
import { AmountCell } from '../../../components/amount-cell';
import { callApi } from '../../../lib/api-client';
import * as calls from '@levy/contracts/calls';
import { formatAmount, formatDate } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import {
  downloadDeadlines,
  useAlerts,
  useBillMetrics,
  useDeadlineCalendar,
  useNoWhtDeclaration,
} from '../../../api/alerts-api';
import { AlertItem, mprAsOfNote } from './alerts-bell';
import { DeadlineFeed } from './deadline-feed';

const BILLS_PERMISSION = calls.listBills.permission;

function TaxPaidChart({ organisationId }: { organisationId: string }) {
  const metrics = useBillMetrics(organisationId);
  return (
    <ContentCard title="Tax paid per month">
      {metrics.isPending ? (
        <LoadingPlaceholder height={240} label="Loading tax paid" />
      ) : !metrics.data || Number(metrics.data.total) === 0 ? (
        <EmptyState hint="The PAYE and WHT you pay through Levy appear here month by month." />
      ) : (
        <Suspense fallback={<LoadingPlaceholder height={240} label="Loading tax paid" />}>
          <LazyBarChart
            h={240}
            data={metrics.data.months.map((month) => ({
              month: month.label,
              PAYE: Number(month.paye),
              WHT: Number(month.wht),
            }))}
            dataKey="month"
            type="stacked"
            series={[
              { name: 'PAYE', color: 'levy.8' },
              { name: 'WHT', color: 'levy.3' },
            ]}
            valueFormatter={(value) => formatAmount(value)}
            yAxisProps={{ width: 80 }}
            withLegend
            tickLine="y"
            aria-label="Tax paid per month for the last twelve months, PAYE and WHT"
          />
        </Suspense>
      )}
    </ContentCard>
  );
}

function RecentBills() {
  const bills = useQuery({
    queryKey: ['bills', 'recent'],
    queryFn: () => callApi(calls.listBills, { params: { count: 5, order_by: 'created_at' } }),
  });
  return (
    <ContentCard title="Recent bills">
      {bills.isPending ? (
        <LoadingPlaceholder label="Loading bills" />
      ) : !bills.data || bills.data.items.length === 0 ? (
        <EmptyState hint="Bills you generate appear here." />
      ) : (
        <PhoneFitScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label="Recent bills" className={ROWS_AS_CARDS}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reference</Table.Th>
                <Table.Th visibleFrom="sm">Corporation</Table.Th>
                <Table.Th visibleFrom="sm">State</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bills.data.items.map((bill) => (
                <Table.Tr key={bill.id}>
                  <Table.Td data-phone-line="title">
                    {bill.reference}
                    <PhoneDetails>
                      {bill.corporation.name} · {bill.state.name}
                    </PhoneDetails>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{bill.corporation.name}</Table.Td>
                  <Table.Td visibleFrom="sm">{bill.state.name}</Table.Td>
                  <AmountCell data-phone-line="end">{formatAmount(bill.total)}</AmountCell>
                  <Table.Td>
                    <StatusTag status={bill.status} />
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

/** How many of the coming deadlines show when nothing is owed; the calendar below lists them all. */
export const NEXT_DEADLINES_SHOWN = 3;

/**
 * What is owed (alerts: unpaid months up to the last completed one); when nothing is, the next
 * deadlines from the calendar. A state registered this month has no completed month yet, so it
 * raises no alert, but its first deadline is still coming.
 */
export function UpcomingDeadlines({ organisationId }: { organisationId: string }) {
  const alerts = useAlerts(organisationId);
  const calendar = useDeadlineCalendar(organisationId);
  const next = (calendar.data?.entries ?? []).filter((entry) => entry.status === 'due').slice(0, NEXT_DEADLINES_SHOWN);
  return (
    <ContentCard title="Upcoming deadlines">
      {alerts.isPending || calendar.isPending ? (
        <LoadingPlaceholder label="Loading deadlines" />
      ) : alerts.data && alerts.data.length > 0 ? (
        <Stack gap={2}>
          {alerts.data.map((alert) => (
            <AlertItem
              key={`${alert.kind}-${alert.corporation.id}-${alert.state_code}-${alert.tax_month}`}
              alert={alert}
            />
          ))}
        </Stack>
      ) : next.length > 0 ? (
        <Stack gap="xs">
          <Text fz="sm" c="dimmed">
            Nothing is owed now. Next:
          </Text>
          {next.map((entry) => (
            <Stack
              key={`${entry.kind}-${entry.corporation.id}-${entry.state.code}-${entry.tax_month}`}
              gap={2}
              px="xs"
              data-testid="next-deadline"
            >
              <Text fz="sm" fw={600}>
                {entry.title}, due by {formatDate(entry.deadline_date)}
              </Text>
              <Text fz="xs" c="dimmed">
                {entry.corporation.name} · {entry.state.name}
              </Text>
            </Stack>
          ))}
        </Stack>
      ) : (
        <EmptyState
          message="No alerts at the moment"
          hint="Unpaid PAYE and WHT months appear here once your corporations are registered with a state."
        />
      )}
    </ContentCard>
  );
}

function entryStatus(entry: DeadlineEntry): string {
  if (entry.status === 'overdue')
    return entry.penalty
      ? `Overdue ${entry.days_overdue} days · ${formatAmount(entry.penalty.total)} so far, +${formatAmount(entry.penalty.per_extra_week)} a week${mprAsOfNote(entry.penalty)}`
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

/** The dashboard's deadlines and figures: tax paid per month, recent bills, upcoming deadlines and the deadline calendar. */
export function DeadlineDashboardSections() {
  const organisationId = useSessionStore((state) => state.organisation?.id);
  const permissions = useSessionStore((state) => state.permissions);
  if (!organisationId || !hasPermission(permissions, BILLS_PERMISSION)) return null;
  return (
    <>
      <UpcomingDeadlines organisationId={organisationId} />
      <TaxPaidChart organisationId={organisationId} />
      <RecentBills />
      <DeadlineCalendar organisationId={organisationId} />
    </>
  );
}
