import type { BillDetail } from '@levy/contracts';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Drawer,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconDownload,
  IconFileTypePdf,
  IconFileZip,
  IconSearch,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { downloadCreditNote, downloadCreditNotes } from '../../../api/vendors-api';
import { AmountCell } from '../../../components/amount-cell';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { PayeeTable, type PayeeColumn, type PayeeLine } from '../../../components/payee-table';
import { PhoneFitScrollContainer } from '../../../components/phone-table';
import { StatusTag } from '../../../components/status-tag';
import { statusLabel } from '../../../components/status-tone';
import { TablePagination } from '../../../components/table-pagination';
import { formatAmount, formatDate, formatLagosDateTime } from '../../../lib/format';
import {
  downloadReceipt,
  downloadSchedule,
  SETTLING_STATUSES,
  useBill,
  useBillItems,
  useWhtTypes,
} from '../api/bills-api';
import { formatPeriod } from '../model/bill-period';
import { payrollSourceText, warningsTitle } from '../model/bill-payroll';
import { BillDecisions } from './bill-decisions';
import { SupplementaryTag } from './supplementary-tag';

/** Bills are Nigerian business: their times are Lagos time, as the receipt prints them. */
const dateTime = formatLagosDateTime;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

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
const hasCreditNotes = (bill: BillDetail) => bill.type === 'wht' && bill.status === 'payment_paid';

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
  return `${line.amount ? ` · gross ${formatAmount(line.amount)}` : ''}${line.differs && line.expectedTax ? ` · ${formatAmount(line.expectedTax)} by the engine` : ''}`;
}

function BillItems({ bill }: { bill: BillDetail }) {
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

function BillDownloads({ bill }: { bill: BillDetail }) {
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

function BillContent({ bill }: { bill: BillDetail }) {
  const settling = SETTLING_STATUSES.includes(bill.status);
  const whtTypes = useWhtTypes(bill.wht_type ? bill.state.id : null, bill.period_start.slice(0, 7));
  const whtType = whtTypes.data?.find((type) => type.id === bill.wht_type);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <StatusTag status={bill.status} />
          {bill.supplementary && <SupplementaryTag />}
          {settling && (
            <Group gap={6} c="dimmed">
              <Loader size={12} />
              <Text fz="sm">The revenue service is confirming the payment…</Text>
            </Group>
          )}
        </Group>
        <Text fz="sm" c="dimmed">
          {bill.type_name}
        </Text>
      </Group>

      {bill.status === 'failed' && bill.failure_reason && (
        <Alert color="red" title="The payment did not go through">
          {bill.failure_reason} The total has been refunded to the wallet.
        </Alert>
      )}
      {bill.remittance.unconfirmed && (
        <Alert color="red" title="Remita has not confirmed this payment">
          {`On ${bill.remittance.checked_at ? dateTime(bill.remittance.checked_at) : 'its last check'} Remita said ${bill.remittance.last_status ?? 'nothing'}. Levy asks again every day; ask Remita about RRR ${bill.remittance.rrr ?? ''} if it persists.`}
        </Alert>
      )}
      {bill.status === 'declined' && (
        <Alert color="red" title="Declined by an admin">
          {bill.closed_reason ?? 'No reason was given.'} Nothing was paid.
        </Alert>
      )}
      {bill.status === 'cancelled' && (
        <Alert color="gray" title="Cancelled">
          {bill.closed_reason ? `${bill.closed_reason}. ` : ''}
          {bill.events.some((event) => event.note.includes('returned to the wallet'))
            ? `${formatAmount(bill.total)} was returned to the wallet.`
            : 'Nothing was paid.'}
        </Alert>
      )}
      {bill.supplementary && (
        <Alert color="yellow" title="An additional payment for this month">
          {bill.supplementary_reason}
        </Alert>
      )}
      {bill.residents_elsewhere && (
        <Alert
          color={bill.residents_elsewhere.included ? 'yellow' : 'blue'}
          title={
            bill.residents_elsewhere.included
              ? 'Includes employees who live in another state'
              : 'Employees who live in another state were left out'
          }
          data-testid="bill-residents-elsewhere"
        >
          {bill.residents_elsewhere.states.map((state) => (
            <Text key={state.code} fz="sm">
              {state.message}: {state.employees.map((employee) => employee.name).join(', ')}
              {state.employee_count > state.employees.length
                ? ` and ${state.employee_count - state.employees.length} more`
                : ''}
            </Text>
          ))}
          {bill.residents_elsewhere.included && (
            <Text fz="sm" mt={4}>
              Reason: {bill.residents_elsewhere.reason}
            </Text>
          )}
        </Alert>
      )}
      <BillDecisions bill={bill} />

      <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
        <Fact label="Corporation">{bill.corporation.name}</Fact>
        <Fact label={bill.state.collector === 'federal' ? 'Revenue service' : 'State'}>{bill.state.name}</Fact>
        <Fact label="Tax ID">{bill.tax_payer_number}</Fact>
        <Fact label="Period">
          {bill.period_start.slice(0, 7) === bill.period_end.slice(0, 7)
            ? formatPeriod(bill.period_start)
            : `${formatDate(bill.period_start)} – ${formatDate(bill.period_end)}`}
        </Fact>
        {bill.wht_type && (
          <Fact label="WHT type">{whtType ? `${whtType.name} (${whtType.percentage}%)` : bill.wht_type}</Fact>
        )}
        <Fact label="Recipients">{bill.recipient_count.toLocaleString('en-NG')}</Fact>
        {bill.payroll && <Fact label="Employees from">{payrollSourceText(bill.payroll)}</Fact>}
        <Fact label="RRR (Remita)">{bill.remittance.rrr}</Fact>
        <Fact label="Remita payment reference">{bill.remittance.payment_reference}</Fact>
        <Fact label="Created">
          {dateTime(bill.created_at)}
          {bill.created_by ? ` by ${bill.created_by}` : ''}
        </Fact>
        <Fact label="Paid">{bill.paid_at ? dateTime(bill.paid_at) : ''}</Fact>
        {bill.approved_by && (
          <Fact label="Approved">{`${bill.approved_at ? dateTime(bill.approved_at) : ''} by ${bill.approved_by}`}</Fact>
        )}
      </SimpleGrid>

      <Table variant="vertical" layout="fixed" withTableBorder verticalSpacing={6} aria-label="Amounts">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w="50%">Amount due</Table.Th>
            <AmountCell>{formatAmount(bill.amount_due)}</AmountCell>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Fee</Table.Th>
            <AmountCell>{formatAmount(bill.fee)}</AmountCell>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>VAT on the fee</Table.Th>
            <AmountCell>{formatAmount(bill.vat)}</AmountCell>
          </Table.Tr>
          {bill.remittance.gateway_charge !== '0.00' && (
            <Table.Tr>
              <Table.Th>Remita charge</Table.Th>
              <AmountCell>{formatAmount(bill.remittance.gateway_charge)}</AmountCell>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Th>
              {bill.paid_at || SETTLING_STATUSES.includes(bill.status)
                ? 'Total paid from the wallet'
                : bill.status === 'awaiting_approval'
                  ? 'Total to pay from the wallet'
                  : 'Total'}
            </Table.Th>
            <AmountCell fw={700} data-testid="bill-total">
              {formatAmount(bill.total)}
            </AmountCell>
          </Table.Tr>
        </Table.Tbody>
      </Table>

      <BillDownloads bill={bill} />

      {bill.warnings.length > 0 && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title={warningsTitle(bill.warnings.length, bill.payroll?.source === 'payroll')}
        >
          <Stack gap={2}>
            {bill.warnings.map((warning) => (
              <Text key={warning.tax_payer_number} fz="sm">
                {warning.message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}

      <Divider />
      <Stack gap="sm">
        <Title order={3} fz="md">
          Status history
        </Title>
        <Timeline active={bill.events.length - 1} bulletSize={14} lineWidth={2}>
          {bill.events.map((event) => (
            <Timeline.Item
              key={`${event.at}-${event.status}`}
              title={statusLabel(event.status)}
              color={event.status === 'failed' ? 'red' : undefined}
            >
              <Text fz="sm">{event.note}</Text>
              <Text fz="xs" c="dimmed">
                {dateTime(event.at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>

      <Divider />
      <BillItems bill={bill} />
    </Stack>
  );
}

/** A bill's detail: summary, amounts, downloads, warnings, status history and recipients. */
export function BillDrawer({ billId, onClose }: { billId: string | null; onClose: () => void }) {
  // The drawer keeps showing its bill while it slides away after closing.
  const [shownId, setShownId] = useState(billId);
  if (billId !== null && billId !== shownId) setShownId(billId);
  const bill = useBill(shownId);
  return (
    <Drawer
      opened={billId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={
        <Text span fw={700} fz="lg" ff="monospace">
          {bill.data?.reference ?? 'Bill'}
        </Text>
      }
    >
      {bill.isPending ? (
        <LoadingPlaceholder label="Loading bill" />
      ) : bill.data ? (
        <BillContent bill={bill.data} />
      ) : (
        <EmptyState message="Bill not found" />
      )}
    </Drawer>
  );
}
