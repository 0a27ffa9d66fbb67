import type { Vendor, VendorCreditNote } from '@levy/contracts';
import { Button, Drawer, Group, Table, Text } from '@mantine/core';
import { IconFileTypePdf, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadCreditNote, useSendCreditNote, useVendorCreditNotes } from '../../../api/vendors-api';
import { AmountCell } from '../../../components/amount-cell';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { PhoneFitScrollContainer } from '../../../components/phone-table';
import { formatAmount, formatPeriod } from '../../../lib/format';

function NoteActions({ note, vendor, canSend }: { note: VendorCreditNote; vendor: Vendor; canSend: boolean }) {
  const [downloading, setDownloading] = useState(false);
  const send = useSendCreditNote();
  const label = `${note.bill_reference} row ${note.row}`;
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconFileTypePdf size={14} />}
        loading={downloading}
        aria-label={`PDF of the credit note ${label}`}
        onClick={() => {
          setDownloading(true);
          void downloadCreditNote(note.bill_id, note.row).finally(() => setDownloading(false));
        }}
      >
        PDF
      </Button>
      {canSend && (
        <Button
          size="compact-xs"
          variant="default"
          leftSection={<IconMailForward size={14} />}
          disabled={!vendor.email}
          title={
            vendor.email
              ? `Sends the note as a PDF, with its verification link, to ${vendor.email}`
              : 'Add the vendor’s email first'
          }
          loading={send.isPending}
          aria-label={`Email note ${label}`}
          onClick={() => send.mutate({ billId: note.bill_id, row: note.row })}
        >
          Email note
        </Button>
      )}
    </Group>
  );
}

/** A vendor's credit notes, one per payee row of a paid WHT bill, with a download and, for members, a mail. */
export function VendorNotes({
  vendor,
  canSend,
  onClose,
}: {
  vendor: Vendor | null;
  canSend: boolean;
  onClose: () => void;
}) {
  const notes = useVendorCreditNotes(vendor?.tax_payer_number ?? null);
  return (
    <Drawer
      opened={vendor !== null}
      onClose={onClose}
      position="right"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={
        <Text fw={700} fz="lg">
          {vendor ? `Credit notes: ${vendor.name}` : 'Credit notes'}
        </Text>
      }
    >
      {vendor && (
        <>
          <Text fz="sm" c="dimmed" mb="md">
            {vendor.tax_payer_number} ·{' '}
            {vendor.email
              ? `notes are emailed to ${vendor.email}`
              : 'no email yet: add one on the Vendors screen to email their notes'}
          </Text>
          {notes.isPending ? (
            <LoadingPlaceholder label="Loading credit notes" />
          ) : !notes.data || notes.data.length === 0 ? (
            <EmptyState height={100} />
          ) : (
            <PhoneFitScrollContainer minWidth={620}>
              <Table verticalSpacing={6} fz="sm" aria-label="Credit notes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Period</Table.Th>
                    <Table.Th>Bill</Table.Th>
                    <Table.Th>WHT type</Table.Th>
                    <Table.Th ta="right">Gross</Table.Th>
                    <Table.Th ta="right">Tax withheld</Table.Th>
                    <Table.Th ta="right">Note</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {notes.data.map((note) => (
                    <Table.Tr key={`${note.bill_id}-${note.row}`}>
                      <Table.Td>{formatPeriod(note.period_start)}</Table.Td>
                      <Table.Td ff="monospace" fz="xs">
                        {note.bill_reference}
                        <Text span c="dimmed" fz="xs">
                          {' '}
                          row {note.row}
                        </Text>
                      </Table.Td>
                      <Table.Td>{note.wht_type.name}</Table.Td>
                      <AmountCell>{note.gross === null ? '—' : formatAmount(note.gross)}</AmountCell>
                      <AmountCell fw={600}>{formatAmount(note.tax_withheld)}</AmountCell>
                      <Table.Td>
                        <NoteActions note={note} vendor={vendor} canSend={canSend} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </PhoneFitScrollContainer>
          )}
        </>
      )}
    </Drawer>
  );
}
