import type { BillDetail } from '@levy/contracts';
import { Anchor, Button, Group } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconFileZip, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadCreditNotes } from '../../../api/vendors-api';
import { downloadReceipt, downloadSchedule } from '../api/bills-api';
import { hasCreditNotes } from './bill-items';

/** A bill's files: the receipt and credit notes once paid, the schedule always, and the receipt's public check. */
export function BillDownloads({ bill }: { bill: BillDetail }) {
  const [busy, setBusy] = useState<'receipt' | 'notes' | 'csv' | 'xlsx' | null>(null);
  const run = async (which: 'receipt' | 'notes' | 'csv' | 'xlsx') => {
    setBusy(which);
    await (which === 'receipt'
      ? downloadReceipt(bill.id)
      : which === 'notes'
        ? downloadCreditNotes(bill.id)
        : downloadSchedule(bill.id, which));
    setBusy(null);
  };
  return (
    <Group gap="xs">
      {bill.status === 'payment_paid' && (
        <Button
          leftSection={<IconFileTypePdf size={16} />}
          loading={busy === 'receipt'}
          onClick={() => void run('receipt')}
        >
          Download receipt
        </Button>
      )}
      {hasCreditNotes(bill) && (
        <Button
          variant="default"
          leftSection={<IconFileZip size={16} />}
          loading={busy === 'notes'}
          onClick={() => void run('notes')}
        >
          Download all credit notes (ZIP)
        </Button>
      )}
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={busy === 'csv'}
        onClick={() => void run('csv')}
      >
        Schedule CSV
      </Button>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={busy === 'xlsx'}
        onClick={() => void run('xlsx')}
      >
        Schedule XLSX
      </Button>
      {bill.status === 'payment_paid' && bill.verify_url && (
        <Anchor
          href={bill.verify_url}
          target="_blank"
          rel="noopener noreferrer"
          fz="sm"
          fw={500}
          display="inline-flex"
          style={{ alignItems: 'center', gap: 4 }}
          title="Opens the public page where anyone holding the receipt can check it"
        >
          <IconShieldCheck size={16} aria-hidden />
          Verify receipt
        </Anchor>
      )}
    </Group>
  );
}
