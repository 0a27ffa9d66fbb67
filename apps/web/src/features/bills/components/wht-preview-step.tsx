import { formatNaira } from '@levy/tax';
import { Button, Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PayeePreview } from '../../../components/payee-table';
import { formatAmount } from '../../../lib/format';
import { useWhtCalcItems } from '../api/bills-api';
import type { CheckedBillFile } from '../model/bill-files';
import type { WhtBill } from './use-wht-bill';

/** Step 4, multiple beneficiaries only: the file as read (manual) or as the server calculated it (auto). */
export function WhtPreviewStep({ bill }: { bill: WhtBill }) {
  const { form, flow, checked, bulk } = bill;
  const busy = flow.work === 'checking';
  const manual = form.values.method === 'manual';
  return (
    <Stack gap="md">
      {manual && checked ? <ManualPreview checked={checked} /> : bulk && <BulkPreview id={bulk.id} />}
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={bill.back} disabled={busy}>
          Back
        </Button>
        <Button onClick={bill.next} loading={busy} disabled={!manual && !bill.bulkItems.data}>
          Next
        </Button>
      </Group>
    </Stack>
  );
}

/** A manual file's rows with their count and the tax they sum to. */
function ManualPreview({ checked }: { checked: CheckedBillFile }) {
  return (
    <Stack gap={6}>
      <Text fz="sm" c="dimmed" data-testid="preview-summary">
        {checked.recipientCount.toLocaleString('en-NG')} {checked.recipientCount === 1 ? 'payee' : 'payees'} · tax
        payable {formatNaira(checked.amountDue)}
      </Text>
      <PayeePreview
        label="File preview"
        lines={checked.rows}
        columns={[{ header: 'Tax payable', cell: (row) => formatNaira(row.amount), isAmount: true }]}
      />
    </Stack>
  );
}

/** An auto file: the server's calculation, page by page, with the count and the sum. */
function BulkPreview({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const items = useWhtCalcItems(id, page);
  if (!items.data) return <Text c="dimmed">Loading the calculation…</Text>;
  const { aggs, pagination } = items.data;
  return (
    <Stack gap={6}>
      <Text fz="sm" c="dimmed" data-testid="preview-summary">
        {aggs.count.toLocaleString('en-NG')} {aggs.count === 1 ? 'payee' : 'payees'} · amounts{' '}
        {formatAmount(aggs.sum_amount)} · tax payable {formatAmount(aggs.sum_tax_payable)}
      </Text>
      <PayeePreview
        label="File preview"
        lines={items.data.items.map((item) => ({
          row: item.row,
          taxPayerNumber: item.tax_payer_number,
          name: item.name,
          amount: item.amount,
          taxPayable: item.tax_payable,
        }))}
        columns={[
          { header: 'Amount', cell: (line) => formatAmount(line.amount), isAmount: true },
          { header: 'Tax payable', cell: (line) => formatAmount(line.taxPayable), isAmount: true },
        ]}
      />
      {pagination.total_pages > 1 && (
        <Pagination
          size="sm"
          total={pagination.total_pages}
          value={page}
          onChange={setPage}
          getItemProps={(value) => ({ 'aria-label': `Page ${value}` })}
        />
      )}
    </Stack>
  );
}
