import {
  REFERENCE_REVIEW_DAYS,
  type ReferenceData,
  type ReferenceTable,
  type ReferenceTableCode,
  type WhtRateInForce,
} from '@levy/contracts';
import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconChecklist } from '@tabler/icons-react';
import { ContentCard } from '../../../components/content-card';
import { formatDate, formatLagosDateTime, formatPeriod, plural } from '../../../lib/format';
import classes from '../pages/reference-data-page.module.css';
import { AddRowForm } from './add-row-form';

/** The dated tables: one row in force at a time, from its date. */
const isDated = (code: ReferenceTableCode) => code !== 'holidays';
const BASIS_LABEL = { law: 'By law', declared: 'Declared', expected: 'Expected' } as const;

function ReviewState({ table, onReview }: { table: ReferenceTable; onReview: () => void }) {
  const reviewed = `${formatDate(table.reviewed_on)} (${plural(table.days_since_review, 'day')} ago)`;
  const button = (
    <Button
      variant={table.review_due ? 'filled' : 'default'}
      size="xs"
      leftSection={<IconChecklist size={16} />}
      onClick={onReview}
    >
      Mark as reviewed
    </Button>
  );
  if (table.review_due) {
    return (
      <Alert
        color="yellow"
        icon={<IconAlertTriangle size={18} />}
        title={`Not reviewed for ${plural(table.days_since_review, 'day')}`}
        data-testid={`review-warning-${table.code}`}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            Last known right on {formatDate(table.reviewed_on)}. Tables are reviewed at least every{' '}
            {REFERENCE_REVIEW_DAYS} days: check the source, then add a row or mark the table as reviewed.
          </Text>
          {button}
        </Stack>
      </Alert>
    );
  }
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed">
        Reviewed {reviewed}
        {table.last_review ? ` by ${table.last_review.by}: ${table.last_review.source}` : ''}
      </Text>
      {button}
    </Group>
  );
}

/** This month's WHT schedule as bills and calculators apply it, staff rows included. */
function WhtRatesInForce({ rates, today }: { rates: readonly WhtRateInForce[]; today: string }) {
  const cell = (value: string | null) => (
    <Table.Td ta="right">
      {value ?? (
        <Text span size="sm" c="dimmed" title="The schedule sets no deduction">
          None
        </Text>
      )}
    </Table.Td>
  );
  return (
    <Stack gap="xs">
      <Text>
        Rates for {formatPeriod(today.slice(0, 7))}. State IRS bills take the individuals&apos; resident rate, NRS bills
        the companies&apos;; without a Tax ID the rate of goods and services doubles.
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder verticalSpacing={6} aria-label="WHT rates in force">
          <Table.Thead>
            <Table.Tr>
              <Table.Th rowSpan={2}>Type</Table.Th>
              <Table.Th colSpan={2} ta="center">
                Companies
              </Table.Th>
              <Table.Th colSpan={2} ta="center">
                Individuals
              </Table.Th>
            </Table.Tr>
            <Table.Tr>
              <Table.Th ta="right">Resident</Table.Th>
              <Table.Th ta="right">Non-resident</Table.Th>
              <Table.Th ta="right">Resident</Table.Th>
              <Table.Th ta="right">Non-resident</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rates.map((type) => (
              <Table.Tr key={type.code}>
                <Table.Td>{type.name}</Table.Td>
                {cell(type.company_resident)}
                {cell(type.company_non_resident)}
                {cell(type.individual_resident)}
                {cell(type.individual_non_resident)}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function InForce({ table }: { table: ReferenceTable }) {
  const row = table.rows.find((candidate) => candidate.in_force);
  if (table.code === 'mpr') {
    return (
      <Text data-testid="mpr-in-force">
        In force: <strong>{row ? `${row.value} from ${formatDate(row.from)}` : 'none'}</strong> · MPR as of{' '}
        {formatDate(table.reviewed_on)}
      </Text>
    );
  }
  if (table.code === 'charges') {
    return (
      <Text data-testid="charges-in-force">
        In force: <strong>{row ? `from ${formatDate(row.from)}` : 'none'}</strong> · a bill is charged by the schedule
        in force on the first day of its tax month
      </Text>
    );
  }
  const upcoming = table.rows.filter((candidate) => candidate.in_force).length;
  return (
    <Text>
      {plural(upcoming, 'declared or expected holiday')} ahead. Fixed holidays of the Public Holidays Act (and Easter)
      are computed for every year and not listed.
    </Text>
  );
}

function RowsTable({ table, today }: { table: ReferenceTable; today: string }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" aria-label={`${table.title} rows`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{isDated(table.code) ? 'From' : 'Date'}</Table.Th>
            <Table.Th>
              {{ mpr: 'Rate', holidays: 'Holiday', charges: 'Schedule', wht: 'Schedule or rate' }[table.code]}
            </Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Added by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row) => (
            <Table.Tr key={`${row.from}-${row.value}-${row.source}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.from)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" className={classes.value}>
                  <Text size="sm" fw={row.in_force ? 600 : undefined}>
                    {row.value}
                  </Text>
                  {isDated(table.code) && row.in_force && (
                    <Badge color="green" variant="light" className={classes.badge}>
                      In force
                    </Badge>
                  )}
                  {isDated(table.code) && row.from > today && (
                    <Badge color="blue" variant="light" className={classes.badge}>
                      Upcoming
                    </Badge>
                  )}
                  {row.basis && (
                    <Badge
                      color={row.basis === 'expected' ? 'yellow' : 'gray'}
                      variant="light"
                      className={classes.badge}
                    >
                      {BASIS_LABEL[row.basis]}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.source}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {row.added_by ? `${row.added_by}, ${formatLagosDateTime(row.added_at)}` : 'Shipped with Levy'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A dated table or the holidays: its review, what is in force, adding a row, and its rows with their history. */
export function TablePanel({
  table,
  data,
  onReview,
}: {
  table: ReferenceTable;
  data: ReferenceData;
  onReview: () => void;
}) {
  return (
    <Stack gap="lg">
      <ReviewState table={table} onReview={onReview} />
      {table.code === 'wht' ? (
        <WhtRatesInForce rates={data.wht_in_force} today={data.today} />
      ) : (
        <InForce table={table} />
      )}
      <ContentCard title="Add row">
        <AddRowForm table={table.code} whtTypes={data.wht_in_force} />
      </ContentCard>
      <ContentCard title="Rows and history">
        <RowsTable table={table} today={data.today} />
      </ContentCard>
    </Stack>
  );
}
