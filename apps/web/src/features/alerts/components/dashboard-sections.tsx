import { hasPermission } from '@levy/contracts';
import { Stack, Table, Text } from '@mantine/core';
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
import { useAlerts, useBillMetrics, useDeadlineCalendar } from '../../../api/alerts-api';
import { AlertItem } from './alert-item';
import { DeadlineCalendar } from './deadline-calendar';

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
