import {
  Alert,
  Badge,
  Card,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { PayeBandResult, PayeCalculation, PayeRegimeResult } from '@levy/contracts';
import {
  asKobo,
  formatNaira,
  koboToNairaString,
  parseNaira,
  payeDueDate,
  PAYE_RULES,
  sumKobo,
  ZERO_KOBO,
  type Kobo,
} from '@levy/tax';
import { useState } from 'react';
import { AmountCell } from '../../../components/amount-cell';
import { SidewaysScroll } from '../../../components/sideways-scroll';
import { BarChart } from '../../../components/bar-chart';
import { formatAmount, formatDate } from '../../../lib/format';
import { describePeriod } from '../model/calculator-form';

function kobo(amount: string): Kobo {
  return parseNaira(amount) ?? ZERO_KOBO;
}

function percentText(rate: number): string {
  return `${rate.toFixed(2)}%`;
}

/** ₦800k, ₦3m, ₦1.6m: short band bounds for chart labels. */
function compactNaira(amount: string): string {
  const naira = kobo(amount) / 100;
  if (naira >= 1_000_000) return `₦${Number((naira / 1_000_000).toFixed(1))}m`;
  if (naira >= 1_000) return `₦${Number((naira / 1_000).toFixed(1))}k`;
  return `₦${naira}`;
}

export function bandLabel(band: PayeBandResult): string {
  return band.to === null
    ? `Above ${formatAmount(band.from)}`
    : `${formatAmount(band.from)} – ${formatAmount(band.to)}`;
}

function StatCard({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <Paper withBorder p={{ base: 'sm', xs: 'md' }} radius="md">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text
        fz={{ base: 15, xs: 22 }}
        fw={800}
        mt={4}
        data-testid={testId}
        style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
      >
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}

type Row = {
  label: string | ((result: PayeRegimeResult) => string);
  pick: (result: PayeRegimeResult) => string;
  strong?: boolean;
  hideWhenZero?: boolean;
};

const ROWS: Row[] = [
  { label: 'Gross pay (year)', pick: (r) => formatAmount(r.annual_gross) },
  {
    label: (r) => (r.reliefs.pension_is_default ? 'Pension (8% of basic + housing + transport)' : 'Pension'),
    pick: (r) => formatAmount(r.reliefs.pension),
    hideWhenZero: true,
  },
  { label: 'NHF', pick: (r) => formatAmount(r.reliefs.nhf), hideWhenZero: true },
  { label: 'NHIS', pick: (r) => formatAmount(r.reliefs.nhis), hideWhenZero: true },
  { label: 'Life assurance', pick: (r) => formatAmount(r.reliefs.life_assurance), hideWhenZero: true },
  { label: 'Mortgage interest', pick: (r) => formatAmount(r.reliefs.mortgage_interest), hideWhenZero: true },
  { label: 'Rent relief', pick: (r) => formatAmount(r.reliefs.rent_relief), hideWhenZero: true },
  { label: 'Consolidated relief allowance', pick: (r) => formatAmount(r.reliefs.cra), hideWhenZero: true },
  { label: 'Total reliefs', pick: (r) => formatAmount(r.reliefs.total) },
  { label: 'Chargeable income', pick: (r) => formatAmount(r.chargeable_income), strong: true },
  { label: 'PAYE a year', pick: (r) => formatAmount(r.annual_tax), strong: true },
  { label: 'PAYE a month', pick: (r) => formatAmount(r.monthly_tax), strong: true },
  { label: 'Effective rate', pick: (r) => percentText(r.effective_rate) },
  { label: 'Net pay a year', pick: (r) => formatAmount(r.net_annual) },
  { label: 'Net pay a month', pick: (r) => formatAmount(r.net_monthly), strong: true },
];

/** The in-force regime beside the other one, row by row (docs/product.md "Public calculator"). */
function RegimeComparison({ result }: { result: PayeCalculation }) {
  const other = result.comparison;
  const rows = ROWS.filter((row) => !row.hideWhenZero || row.pick(result) !== '₦0.00' || row.pick(other) !== '₦0.00');
  const difference = kobo(other.monthly_tax) - kobo(result.monthly_tax);
  const otherName = PAYE_RULES[other.regime].shortName;
  return (
    <Stack gap="xs">
      <Title order={4}>Both regimes side by side</Title>
      <SidewaysScroll minWidth={340} label="The two regimes compared">
        <Table striped withTableBorder verticalSpacing={6} data-testid="regime-comparison">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th ta="right">
                <Group gap={6} justify="flex-end" wrap="nowrap">
                  {PAYE_RULES[result.regime].shortName}
                  <Badge size="xs" variant="light" visibleFrom="sm">
                    in force
                  </Badge>
                </Group>
              </Table.Th>
              <Table.Th ta="right">{otherName}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const label = typeof row.label === 'function' ? row.label(result) : row.label;
              return (
                <Table.Tr key={label} fw={row.strong ? 700 : undefined}>
                  <Table.Td>{label}</Table.Td>
                  <AmountCell>{row.pick(result)}</AmountCell>
                  <AmountCell>{row.pick(other)}</AmountCell>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </SidewaysScroll>
      <Text size="sm" c="dimmed" data-testid="regime-difference">
        {difference === 0
          ? `${otherName} would give the same PAYE.`
          : `Under ${otherName} the PAYE would be ${formatNaira(asKobo(Math.abs(difference)))} a month ${difference > 0 ? 'more' : 'less'}.`}
      </Text>
    </Stack>
  );
}

/** Tax by band: the table and a chart of the income in each band and the tax on it. */
function BandBreakdown({ result }: { result: PayeCalculation }) {
  const [shown, setShown] = useState<'current' | 'other'>('current');
  const regime = shown === 'current' ? result : result.comparison;
  const chartData = regime.bands.map((band) => ({
    // The rate alone fits under each bar on a phone; the table beside gives the bounds.
    band: `${band.rate}%`,
    'Income in band': kobo(band.taxable) / 100,
    Tax: kobo(band.tax) / 100,
  }));
  const totalTaxable = sumKobo(regime.bands.map((band) => kobo(band.taxable)));
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Title order={4}>Tax by band</Title>
        <SegmentedControl
          size="xs"
          value={shown}
          onChange={(value) => setShown(value)}
          data={[
            { value: 'current', label: PAYE_RULES[result.regime].shortName },
            { value: 'other', label: PAYE_RULES[result.comparison.regime].shortName },
          ]}
          aria-label="Bands of"
        />
      </Group>
      <SidewaysScroll minWidth={480} label="Tax by band">
        <Table withTableBorder verticalSpacing={6} data-testid="band-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Band of chargeable income</Table.Th>
              <Table.Th ta="right">Rate</Table.Th>
              <Table.Th ta="right">Income in band</Table.Th>
              <Table.Th ta="right">Tax</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {regime.bands.map((band) => (
              <Table.Tr key={band.from} c={kobo(band.taxable) === 0 ? 'dimmed' : undefined}>
                <Table.Td>{bandLabel(band)}</Table.Td>
                <Table.Td ta="right">{band.rate}%</Table.Td>
                <AmountCell>{formatAmount(band.taxable)}</AmountCell>
                <AmountCell>{formatAmount(band.tax)}</AmountCell>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Td>Total</Table.Td>
              <Table.Td />
              <Table.Td ta="right">{formatNaira(totalTaxable)}</Table.Td>
              <Table.Td ta="right">{formatAmount(regime.annual_tax)}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </SidewaysScroll>
      {regime.minimum_tax_applied && (
        <Text size="sm" c="dimmed">
          The bands give less than the minimum tax of 1% of gross pay, so the minimum tax applies (PITA s.37).
        </Text>
      )}
      {regime.exempt && (
        <Text size="sm" c="dimmed">
          Pay at or below the national minimum wage is exempt, so no band is taxed.
        </Text>
      )}
      <BarChart
        h={240}
        data={chartData}
        dataKey="band"
        series={[
          { name: 'Income in band', color: 'levy.2' },
          { name: 'Tax', color: 'levy.8' },
        ]}
        valueFormatter={(value) => formatNaira(asKobo(Math.round(value * 100)))}
        yAxisProps={{
          tickFormatter: (value: number) => compactNaira(koboToNairaString(asKobo(Math.round(value * 100)))),
          width: 64,
        }}
        withLegend
        tickLine="y"
        aria-label={`Income and tax in each ${PAYE_RULES[regime.regime].shortName} band`}
      />
    </Stack>
  );
}

/** The answer of `calculator/paye`: the headline figures, both regimes, the bands. */
export function PayeResults({ result }: { result: PayeCalculation }) {
  const dueDate = payeDueDate(result.period);
  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="paye-results">
      <Stack gap="lg">
        <div>
          <Group gap="xs">
            <Title order={3}>PAYE for {describePeriod(result.period)}</Title>
            <Badge variant="light">{PAYE_RULES[result.regime].name}</Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {result.exempt
              ? 'Nothing to deduct or remit for this month.'
              : `Your employer deducts this from your pay and remits it to your State Internal Revenue Service by ${formatDate(dueDate)}.`}
          </Text>
        </div>

        {result.exempt && (
          <Alert color="levy" variant="light" title="No PAYE to pay">
            Gross pay of {formatAmount(result.monthly_gross)} a month is at or below the national minimum wage of{' '}
            {formatAmount(result.minimum_wage_monthly)}, so it is exempt.
          </Alert>
        )}

        <SimpleGrid cols={2} spacing="sm">
          <StatCard label="PAYE a month" value={formatAmount(result.monthly_tax)} testId="monthly-tax" />
          <StatCard label="PAYE a year" value={formatAmount(result.annual_tax)} testId="annual-tax" />
          <StatCard
            label="Effective rate"
            value={percentText(result.effective_rate)}
            hint="of gross pay"
            testId="effective-rate"
          />
          <StatCard
            label="Net pay a month"
            value={formatAmount(result.net_monthly)}
            hint="after PAYE, pension, NHF, NHIS"
            testId="net-monthly"
          />
        </SimpleGrid>

        <RegimeComparison result={result} />
        <BandBreakdown result={result} />
      </Stack>
    </Card>
  );
}
