import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Badge, Group, List, RingProgress, SimpleGrid, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleMinus, IconCircleX } from '@tabler/icons-react';
import { AmountCell } from '../../../components/amount-cell';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { PhoneDetails, PhoneFitScrollContainer } from '../../../components/phone-table';
import { formatAmount, plural } from '../../../lib/format';
import { verdictDisplay } from '../model/statement-status';
import { nairaTick, salaryConfidenceLabel, type StatementAnalysis } from '../model/analysis-charts';
import {
  BalanceChart,
  CashflowChart,
  CategoryBreakdown,
  RankedBars,
  SingleLineTick,
  SummaryCards,
} from './chart-panels';
import { countOf } from './confirm-delete-dialog';
import { VerdictTag } from './verdict-tag';
export function SalaryPanel({ salary }: { salary: StatementAnalysis['salary'] }) {
  const percent = Math.round(salary.confidence * 100);
  return (
    <ContentCard title="Salary">
      {salary.is_detected ? (
        <Group gap="lg" wrap="nowrap" align="center">
          <RingProgress
            size={104}
            thickness={10}
            roundCaps
            sections={[{ value: percent, color: 'levy.7' }]}
            label={
              <Text ta="center" fw={700} fz="lg">
                {percent}%
              </Text>
            }
            role="img"
            aria-label={`Salary confidence ${percent}%`}
          />
          <Stack gap={4}>
            <Text fw={700}>{formatAmount(salary.monthly_amount)} a month</Text>
            <Text fz="sm">From {salary.payer ?? 'one payer'}</Text>
            <Text fz="sm" c="dimmed">
              Usually around day {salary.typical_day} · {plural(salary.months.length, 'month')} ·{' '}
              {salaryConfidenceLabel(salary.confidence)}
            </Text>
          </Stack>
        </Group>
      ) : (
        <Group gap="md" wrap="nowrap" align="center">
          <ThemeIcon variant="light" color="gray" size={48} radius="xl" aria-hidden="true">
            <IconCircleMinus size={26} />
          </ThemeIcon>
          <Stack gap={4}>
            <Text fw={600}>No salary detected</Text>
            <Text fz="sm" c="dimmed">
              No regular credit of a similar amount arrives on a similar day each month.
            </Text>
          </Stack>
        </Group>
      )}
    </ContentCard>
  );
}

/** Debits that come back month after month: rent, subscriptions, loan repayments. */
export function RecurringPanel({ recurring }: { recurring: StatementAnalysis['recurring_debits'] }) {
  return (
    <ContentCard title="Recurring payments">
      {recurring.length === 0 ? (
        <EmptyState height={104} hint="No payee is paid a similar amount month after month." />
      ) : (
        <PhoneFitScrollContainer minWidth={340}>
          <Table verticalSpacing={6} fz="xs" aria-label="Recurring payments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Payee</Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  Times
                </Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  Usual amount
                </Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recurring.map((debit) => (
                <Table.Tr key={debit.payee}>
                  <Table.Td>
                    {debit.payee}
                    <PhoneDetails>
                      {countOf(debit.count, 'time')}, usually {formatAmount(debit.typical_amount)}
                    </PhoneDetails>
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {debit.count}
                  </Table.Td>
                  <AmountCell visibleFrom="sm">{formatAmount(debit.typical_amount)}</AmountCell>
                  <AmountCell fw={600}>{formatAmount(debit.total)}</AmountCell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </PhoneFitScrollContainer>
      )}
    </ContentCard>
  );
}

/** The largest counterparties by money moved. */
export function CounterpartiesPanel({ counterparties }: { counterparties: StatementAnalysis['top_counterparties'] }) {
  return (
    <ContentCard title="Top counterparties">
      {counterparties.length === 0 ? (
        <EmptyState height={104} />
      ) : (
        <BarChart
          h={Math.max(120, counterparties.length * 34 + 60)}
          data={counterparties.map((party) => ({
            name: `${party.name} (${party.count})`,
            'Money in': Number(party.inflow),
            'Money out': Number(party.outflow),
          }))}
          dataKey="name"
          orientation="vertical"
          type="stacked"
          series={[
            { name: 'Money in', color: 'levy.6' },
            { name: 'Money out', color: 'red.5' },
          ]}
          valueFormatter={(value) => formatAmount(value)}
          xAxisProps={{ tickFormatter: nairaTick }}
          yAxisProps={{ width: 190, interval: 0, tick: SingleLineTick }}
          gridAxis="x"
          maxBarWidth={22}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          role="img"
          aria-label="Top counterparties by money moved, in and out"
        />
      )}
    </ContentCard>
  );
}

/** Bank charges by kind with the VAT on them. */
export function ChargesPanel({ charges }: { charges: StatementAnalysis['charges'] }) {
  return (
    <ContentCard
      title="Bank charges"
      actions={
        <Badge variant="light" color="gray" tt="none">
          {formatAmount(charges.total)} in {countOf(charges.count, 'charge')}
        </Badge>
      }
    >
      {charges.by_kind.length === 0 ? (
        <EmptyState height={104} hint="No bank charges on this statement." />
      ) : (
        <Stack gap="sm">
          <RankedBars
            rows={[...charges.by_kind]
              .sort((a, b) => Number(b.amount) - Number(a.amount))
              .map((kind) => ({ label: kind.label, value: Number(kind.amount) }))}
            series="Charged"
            color="orange.5"
            label="Bank charges by kind"
          />
          <Text fz="sm" c="dimmed">
            VAT charged on bank fees: <strong>{formatAmount(charges.vat)}</strong>
          </Text>
        </Stack>
      )}
    </ContentCard>
  );
}

const CHECK_ICONS = {
  pass: { icon: IconCircleCheck, color: 'green' },
  warn: { icon: IconAlertTriangle, color: 'yellow' },
  fail: { icon: IconCircleX, color: 'red' },
  skipped: { icon: IconCircleMinus, color: 'gray' },
} as const;

/**
 * The authenticity verdict with its reasons and every check that was run. A CSV or XLSX, which
 * anyone can edit, gets an arithmetic verdict: its figures can be checked, not its origin.
 */
export function VerdictPanel({
  verdict,
  reasons,
  checks,
  isSpreadsheet = false,
}: Pick<StatementAnalysis, 'verdict' | 'reasons' | 'checks'> & { isSpreadsheet?: boolean }) {
  return (
    <ContentCard
      title={isSpreadsheet ? 'Arithmetic' : 'Authenticity'}
      actions={verdict && <VerdictTag verdict={verdict} size="lg" isSpreadsheet={isSpreadsheet} />}
    >
      <Stack gap="md">
        {verdict && <Text fz="sm">{verdictDisplay(verdict, isSpreadsheet).meaning}</Text>}
        {reasons.length > 0 && (
          <Stack gap={4}>
            <Text fw={600} fz="sm">
              Why
            </Text>
            <List size="sm" spacing={4} data-testid="verdict-reasons">
              {reasons.map((reason) => (
                <List.Item key={reason}>{reason}</List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Stack gap={6} role="group" aria-label="Checks">
          {checks.map((check) => {
            const { icon: Icon, color } = CHECK_ICONS[check.status];
            return (
              <Group key={check.id} gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" color={color} size="sm" radius="xl" role="img" aria-label={check.status}>
                  <Icon size={14} />
                </ThemeIcon>
                <Text fz="sm" c={check.status === 'skipped' ? 'dimmed' : undefined}>
                  {check.message}
                </Text>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </ContentCard>
  );
}

/** The analysis body every statement and record shows: cards, charts and panels. */
export function AnalysisOverview({ analysis }: { analysis: StatementAnalysis }) {
  return (
    <Stack gap="lg">
      <SummaryCards summary={analysis.summary} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <CashflowChart monthly={analysis.monthly} />
        <BalanceChart balances={analysis.balances} />
      </SimpleGrid>
      <CategoryBreakdown categories={analysis.categories} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <SalaryPanel salary={analysis.salary} />
        <ChargesPanel charges={analysis.charges} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <RecurringPanel recurring={analysis.recurring_debits} />
        <CounterpartiesPanel counterparties={analysis.top_counterparties} />
      </SimpleGrid>
    </Stack>
  );
}
