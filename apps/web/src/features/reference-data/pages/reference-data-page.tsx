import {
  type ReferenceAuditEntry,
  type ReferenceData,
  type ReferenceTable,
  type ReferenceTableCode,
} from '@levy/contracts';
import { Table, Tabs } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingBank,
  IconCalendarEvent,
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
import { formatLagosDateTime } from '../../../lib/format';
import { useReferenceData } from '../api/reference-data-api';
import { RemittanceRoutesPanel } from '../components/remittance-routes-panel';
import { ReviewDialog } from '../components/review-dialog';
import { TablePanel } from '../components/table-panel';

const TABLE_NAMES: Record<ReferenceTableCode, string> = {
  mpr: 'MPR',
  holidays: 'Holidays',
  charges: 'Charges',
  wht: 'WHT rates',
};

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
        description={
          'Dated tables the tax engine reads. A row applies from its date and is never edited; ' +
          "a row that would change a paid bill's figures is refused."
        }
      />
      {data.data ? <Screen data={data.data} /> : <LoadingPlaceholder height={240} />}
    </>
  );
}
