import type { BillDetail } from '@levy/contracts';
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileTypePdf, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadCreditNote } from '../../../api/vendors-api';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { PayeeTable, type PayeeColumn, type PayeeLine } from '../../../components/payee-table';
import { PhoneFitScrollContainer } from '../../../components/phone-table';
import { TablePagination } from '../../../components/table-pagination';
import { formatAmount } from '../../../lib/format';
import { useBillItems } from '../api/bills-api';

/** A bill's recipient, with whether the engine's PAYE figure differs from the declared tax. */
interface Recipient extends PayeeLine {
  amount: string;
  taxPayable: string;
  expectedTax: string | null;
  differs: boolean;
}

function recipientLine(item: {
  row: number;
  tax_payer_number: string;
  name: string;
  amount: string;
  tax_payable: string;
  expected_tax: string | null;
}): Recipient {
  const differs = Boolean(item.expected_tax && item.expected_tax !== item.tax_payable);
  return {
    row: item.row,
    taxPayerNumber: item.tax_payer_number,
    name: item.name,
    amount: item.amount,
    taxPayable: item.tax_payable,
    expectedTax: item.expected_tax,
    differs,
  };
}

/** A paid WHT bill has a credit note per payee. */
export const hasCreditNotes = (bill: BillDetail) => bill.type === 'wht' && bill.status === 'payment_paid';

/** A payee's credit note, downloaded from their row. */
function CreditNoteButton({ billId, line }: { billId: string; line: Recipient }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconFileTypePdf size={14} />}
      loading={busy}
      aria-label={`Credit note for ${line.name}`}
      onClick={() => {
        setBusy(true);
        void downloadCreditNote(billId, line.row).finally(() => setBusy(false));
      }}
    >
      Credit note
    </Button>
  );
}

function recipientColumns(bill: BillDetail): Array<PayeeColumn<Recipient>> {
  const isPaye = bill.type === 'paye';
  const columns: Array<PayeeColumn<Recipient>> = [
    {
      header: isPaye ? 'Gross income' : 'Amount',
      cell: (line) => (line.amount ? formatAmount(line.amount) : '—'),
      isAmount: true,
      hiddenOnPhone: isPaye,
    },
    {
      header: 'Tax payable',
      cell: (line) =>
        isPaye && line.taxPayable === '0.00' && line.expectedTax === '0.00' ? 'Exempt' : formatAmount(line.taxPayable),
      isAmount: true,
      cellProps: () => ({ fw: 600 }),
    },
  ];
  if (hasCreditNotes(bill))
    return [...columns, { header: 'Credit note', cell: (line) => <CreditNoteButton billId={bill.id} line={line} /> }];
  if (!isPaye) return columns;
  return [
    ...columns,
    {
      header: 'By the engine',
      cell: (line) => (line.expectedTax ? formatAmount(line.expectedTax) : '—'),
      isAmount: true,
      hiddenOnPhone: true,
      cellProps: (line) => ({ c: line.differs ? 'orange.8' : undefined }),
    },
  ];
}

/** On a phone: the PAYE gross income, and the engine's figure where it differs. */
function recipientPhoneDetails(line: Recipient, isPaye: boolean): string {
  if (!isPaye) return '';
  return (
    `${line.amount ? ` · gross ${formatAmount(line.amount)}` : ''}` +
    `${line.differs && line.expectedTax ? ` · ${formatAmount(line.expectedTax)} by the engine` : ''}`
  );
}

/** A bill's recipients, searched by name or Tax ID, page by page; a paid WHT bill's with their credit notes. */
export function BillItems({ bill }: { bill: BillDetail }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 400);
  const [page, setPage] = useState(1);
  const items = useBillItems(bill.id, { page, search: debounced || undefined });
  const isPaye = bill.type === 'paye';
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={3} fz="md">
          Recipients
        </Title>
        <TextInput
          aria-label="Search recipients"
          placeholder="Name or Tax ID"
          leftSection={<IconSearch size={14} />}
          size="xs"
          w={200}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      {items.isPending ? (
        <LoadingPlaceholder label="Loading recipients" />
      ) : !items.data || items.data.items.length === 0 ? (
        <EmptyState height={100} hint={debounced ? 'No recipient matches.' : undefined} />
      ) : (
        <>
          {/* On a phone the row, Tax ID and (PAYE) gross income go under the name, with the engine's figure where it differs. */}
          <PhoneFitScrollContainer minWidth={520}>
            <PayeeTable
              label="Recipients"
              lines={items.data.items.map(recipientLine)}
              columns={recipientColumns(bill)}
              phoneDetails={(line) => recipientPhoneDetails(line, isPaye)}
            />
          </PhoneFitScrollContainer>
          <TablePagination pagination={items.data.pagination} onPageChange={setPage} />
        </>
      )}
    </Stack>
  );
}
