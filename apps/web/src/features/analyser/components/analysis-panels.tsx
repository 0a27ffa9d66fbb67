import '@mantine/charts/styles.css';
import { AreaChart, BarChart, CompositeChart } from '@mantine/charts';
import type { StatementAnalysisData } from '@levy/contracts';
import { Badge, Group, List, RingProgress, SimpleGrid, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowDownLeft,
  IconArrowUpRight,
  IconCircleCheck,
  IconCircleMinus,
  IconCircleX,
  IconScale,
  IconWallet,
} from '@tabler/icons-react';
import { AmountCell } from '../../../components/amount-cell';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { PhoneDetails, PhoneFitScrollContainer } from '../../../components/phone-table';
import { StatCard } from '../../../components/stat-card';
import { formatAmount } from '../../../lib/format';
import { formatStatementPeriod } from '../model/period';
import { verdictDisplay } from '../model/statement-status';
import {
  balanceSeries,
  barLabel,
  cashflowSeries,
  categorySplit,
  nairaTick,
  salaryConfidenceLabel,
} from '../model/analysis-charts';
import { countOf } from './confirm-delete-dialog';
import { VerdictTag } from './verdict-tag';

type Analysis = Pick<
  StatementAnalysisData,
  | 'summary'
  | 'monthly'
  | 'balances'
  | 'categories'
  | 'salary'
  | 'recurring_debits'
  | 'top_counterparties'
  | 'charges'
  | 'verdict'
  | 'reasons'
  | 'checks'
>;

const CHART_HEIGHT = 260;
/**
 * A category axis label on one line (a wrapped label runs into its neighbours): cut to fit, with
 * the whole label as its tooltip.
 */
function SingleLineTick({ x, y, payload }: { x?: number | string; y?: number | string; payload?: { value: string } }) {
  const label = String(payload?.value ?? '');
  return (
    <text x={Number(x)} y={Number(y)} dy={4} textAnchor="end" fontSize={12} fill="var(--mantine-color-dimmed)">
      <title>{label}</title>
      {barLabel(label)}
    </text>
  );
}

/** Amounts ranked largest first as horizontal bars, each labelled on the left. */
function RankedBars({
  rows,
  series,
  color,
  label,
}: {
  rows: Array<{ label: string; value: number }>;
  series: string;
  color: string;
  label: string;
}) {
  return (
    <BarChart
      h={Math.max(120, rows.length * 34 + 36)}
      data={rows.map((row) => ({ label: row.label, [series]: row.value }))}
      dataKey="label"
      orientation="vertical"
      series={[{ name: series, color }]}
      valueFormatter={(value) => formatAmount(value)}
      xAxisProps={{ tickFormatter: nairaTick }}
      yAxisProps={{ width: 190, interval: 0, tick: SingleLineTick }}
      gridAxis="x"
      barProps={{ radius: 3 }}
      maxBarWidth={22}
      role="img"
      aria-label={label}
    />
  );
}

/** Money in, money out, net and balances as stat cards. */
export function SummaryCards({ summary }: { summary: Analysis['summary'] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, xl: 4 }} spacing={20}>
      <StatCard
        label="Money in"
        value={formatAmount(summary.inflow)}
        icon={<IconArrowDownLeft size={20} />}
        hint={formatStatementPeriod(summary.period_start, summary.period_end, summary.period_source)}
      />
      <StatCard
        label="Money out"
        value={formatAmount(summary.outflow)}
        icon={<IconArrowUpRight size={20} />}
        hint={`${summary.count.toLocaleString('en-NG')} transactions`}
      />
      <StatCard
        label="Net flow"
        value={formatAmount(summary.net)}
        icon={<IconScale size={20} />}
        hint={`Opening ${formatAmount(summary.opening_balance)} · closing ${formatAmount(summary.closing_balance)}`}
      />
      <StatCard
        label="Average balance"
        value={summary.average_balance === null ? 'Not printed' : formatAmount(summary.average_balance)}
        icon={<IconWallet size={20} />}
        hint={
          summary.minimum_balance === null
            ? 'The statement prints no running balance'
            : `Lowest ${formatAmount(summary.minimum_balance)} · highest ${formatAmount(summary.maximum_balance)}`
        }
      />
    </SimpleGrid>
  );
}

/** Monthly inflow and outflow as bars with the net as a line. */
export function CashflowChart({ monthly }: { monthly: Analysis['monthly'] }) {
  return (
    <ContentCard title="Monthly cash flow">
      {monthly.length === 0 ? (
        <EmptyState />
      ) : (
        <CompositeChart
          h={CHART_HEIGHT}
          data={cashflowSeries(monthly)}
          dataKey="month"
          series={[
            { name: 'Money in', color: 'levy.6', type: 'bar' },
            { name: 'Money out', color: 'red.5', type: 'bar' },
            { name: 'Net', color: 'dark.5', type: 'line' },
          ]}
          maxBarWidth={28}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          valueFormatter={(value) => formatAmount(value)}
          yAxisProps={{ width: 64, tickFormatter: nairaTick }}
          tickLine="y"
          role="img"
          aria-label="Money in and money out each month, with the net"
        />
      )}
    </ContentCard>
  );
}

/** The end-of-day balance over the period; below zero shows in red. */
export function BalanceChart({ balances }: { balances: Analysis['balances'] }) {
  const data = balanceSeries(balances);
  return (
    <ContentCard title="Balance">
      {data.length === 0 ? (
        <EmptyState hint="The statement prints no running balance." />
      ) : (
        <AreaChart
          h={CHART_HEIGHT}
          data={data}
          dataKey="date"
          series={[{ name: 'Balance', color: 'levy.7' }]}
          type="split"
          splitColors={['levy.7', 'red.6']}
          curveType="stepAfter"
          withDots={false}
          valueFormatter={(value) => formatAmount(value)}
          yAxisProps={{ width: 64, tickFormatter: nairaTick }}
          xAxisProps={{ minTickGap: 24 }}
          tickLine="y"
          role="img"
          aria-label="End-of-day balance over the statement period"
        />
      )}
    </ContentCard>
  );
}

/** Where the money went and where it came from, by category, largest first. */
export function CategoryBreakdown({ categories }: { categories: Analysis['categories'] }) {
  const { out, in: incoming } = categorySplit(categories);
  const bars = (rows: typeof out, series: string, color: string, label: string) =>
    rows.length === 0 ? (
      <EmptyState height={100} />
    ) : (
      <RankedBars
        rows={rows.map((row) => ({ label: `${row.label} (${row.count})`, value: row.value }))}
        series={series}
        color={color}
        label={label}
      />
    );
  return (
    <ContentCard title="Categories">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="xs">
          <Text fw={600} fz="sm">
            Money out
          </Text>
          {bars(out, 'Money out', 'red.5', 'Money out by category, largest first')}
        </Stack>
        <Stack gap="xs">
          <Text fw={600} fz="sm">
            Money in
          </Text>
          {bars(incoming, 'Money in', 'levy.6', 'Money in by category, largest first')}
        </Stack>
      </SimpleGrid>
    </ContentCard>
  );
}

/** Salary detection: the confidence as a ring when a salary is found, with payer, amount and usual day. */
export function SalaryPanel({ salary }: { salary: Analysis['salary'] }) {
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
              Usually around day {salary.typical_day} · {salary.months.length} months ·{' '}
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
export function RecurringPanel({ recurring }: { recurring: Analysis['recurring_debits'] }) {
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
export function CounterpartiesPanel({ counterparties }: { counterparties: Analysis['top_counterparties'] }) {
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
export function ChargesPanel({ charges }: { charges: Analysis['charges'] }) {
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
}: Pick<Analysis, 'verdict' | 'reasons' | 'checks'> & { isSpreadsheet?: boolean }) {
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
export function AnalysisOverview({ analysis }: { analysis: Analysis }) {
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
