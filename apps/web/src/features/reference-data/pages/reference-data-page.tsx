import {
  REFERENCE_REVIEW_DAYS,
  type ReferenceAuditEntry,
  type ReferenceData,
  type ReferenceTable,
  type ReferenceTableCode,
  type WhtRateInForce,
} from '@levy/contracts';
import { Alert, Badge, Button, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingBank,
  IconCalendarEvent,
  IconChecklist,
  IconHistory,
  IconPercentage,
  IconReceipt,
  IconReceiptTax,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { PageHeading } from '../../../components/page-heading';
import { formatDate, formatLagosDateTime, formatPeriod, plural } from '../../../lib/format';
import { useReferenceData } from '../api/reference-data-api';
import classes from './reference-data-page.module.css';
import { AddRowForm } from '../components/add-row-form';
import { RemittanceRoutesPanel } from '../components/remittance-routes-panel';
import { ReviewDialog } from '../components/review-dialog';

const TABLE_NAMES: Record<ReferenceTableCode, string> = {
  mpr: 'MPR',
  holidays: 'Holidays',
  charges: 'Charges',
  wht: 'WHT rates',
};
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

function TablePanel({ table, data, onReview }: { table: ReferenceTable; data: ReferenceData; onReview: () => void }) {
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

function AuditTrail({ entries }: { entries: ReferenceAuditEntry[] }) {
  if (entries.length === 0)
    return <EmptyState message="No changes yet" hint="Rows added and reviews appear here with who made them." />;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" aria-label="Audit trail">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Table</Table.Th>
            <Table.Th>Change</Table.Th>
            <Table.Th>Source</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={`${entry.at}-${entry.summary}`}>
              <Table.Td>{formatLagosDateTime(entry.at)}</Table.Td>
              <Table.Td>{entry.by}</Table.Td>
              <Table.Td>{TABLE_NAMES[entry.table]}</Table.Td>
              <Table.Td>
                {entry.action === 'reviewed' ? `Reviewed: ${entry.summary}` : `Added: ${entry.summary}`}
              </Table.Td>
              <Table.Td>{entry.source}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Screen({ data }: { data: ReferenceData }) {
  const [reviewing, setReviewing] = useState<ReferenceTable | null>(null);
  const icons = {
    mpr: <IconPercentage size={16} />,
    holidays: <IconCalendarEvent size={16} />,
    charges: <IconReceipt size={16} />,
    wht: <IconReceiptTax size={16} />,
  };
  return (
    <>
      <Tabs defaultValue="mpr" keepMounted={false}>
        <Tabs.List mb="lg">
          {data.tables.map((table) => (
            <Tabs.Tab
              key={table.code}
              value={table.code}
              leftSection={icons[table.code]}
              rightSection={
                table.review_due ? (
                  <IconAlertTriangle size={14} color="var(--mantine-color-yellow-7)" aria-label="Review due" />
                ) : undefined
              }
            >
              {table.title}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value="routes" leftSection={<IconBuildingBank size={16} />}>
            Remittance routes
          </Tabs.Tab>
          <Tabs.Tab value="audit" leftSection={<IconHistory size={16} />}>
            Audit trail
          </Tabs.Tab>
        </Tabs.List>
        {data.tables.map((table) => (
          <Tabs.Panel key={table.code} value={table.code}>
            <TablePanel table={table} data={data} onReview={() => setReviewing(table)} />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="routes">
          <RemittanceRoutesPanel routes={data.remittance_routes} />
        </Tabs.Panel>
        <Tabs.Panel value="audit">
          <ContentCard padding="0">
            <AuditTrail entries={data.audit} />
          </ContentCard>
        </Tabs.Panel>
      </Tabs>
      {reviewing && <ReviewDialog table={reviewing} onClose={() => setReviewing(null)} />}
    </>
  );
}

/** Staff only: the dated tables the tax engine reads, kept current without a release (decision 0025). */
export default function ReferenceDataPage() {
  const data = useReferenceData();
  return (
    <>
      <PageHeading
        title="Reference data"
        description="Dated tables the tax engine reads. A row applies from its date and is never edited; a row that would change a paid bill's figures is refused."
      />
      {data.data ? <Screen data={data.data} /> : <LoadingPlaceholder height={240} />}
    </>
  );
}
