import '@mantine/charts/styles.css';
import { AreaChart, BarChart, CompositeChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight, IconScale, IconWallet } from '@tabler/icons-react';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { StatCard } from '../../../components/stat-card';
import { formatAmount } from '../../../lib/format';
import { formatStatementPeriod } from '../model/period';
import {
  balanceSeries,
  barLabel,
  cashflowSeries,
  categorySplit,
  nairaTick,
  type StatementAnalysis,
} from '../model/analysis-charts';
const CHART_HEIGHT = 260;
/**
 * A category axis label on one line (a wrapped label runs into its neighbours): cut to fit, with
 * the whole label as its tooltip.
 */
export function SingleLineTick({
  x,
  y,
  payload,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value: string };
}) {
  const label = String(payload?.value ?? '');
  return (
    <text x={Number(x)} y={Number(y)} dy={4} textAnchor="end" fontSize={12} fill="var(--mantine-color-dimmed)">
      <title>{label}</title>
      {barLabel(label)}
    </text>
  );
}

/** Amounts ranked largest first as horizontal bars, each labelled on the left. */
export function RankedBars({
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
export function SummaryCards({ summary }: { summary: StatementAnalysis['summary'] }) {
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
export function CashflowChart({ monthly }: { monthly: StatementAnalysis['monthly'] }) {
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
export function BalanceChart({ balances }: { balances: StatementAnalysis['balances'] }) {
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
export function CategoryBreakdown({ categories }: { categories: StatementAnalysis['categories'] }) {
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
