import type { BillDetail } from '@levy/contracts';
import { Alert, Divider, Drawer, Group, Loader, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { AmountCell } from '../../../components/amount-cell';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { StatusTag } from '../../../components/status-tag';
import { statusLabel } from '../../../components/status-tone';
import { formatAmount, formatDate, formatLagosDateTime } from '../../../lib/format';
import { SETTLING_STATUSES, useBill, useWhtTypes } from '../api/bills-api';
import { formatPeriod } from '../model/bill-period';
import { payrollSourceText, warningsTitle } from '../model/bill-payroll';
import { BillDecisions } from './bill-decisions';
import { BillDownloads } from './bill-downloads';
import { BillItems } from './bill-items';
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
          {`On ${bill.remittance.checked_at ? dateTime(bill.remittance.checked_at) : 'its last check'} Remita said ` +
            `${bill.remittance.last_status ?? 'nothing'}. Levy asks again every day; ask Remita about RRR ${bill.remittance.rrr ?? ''} if it persists.`}
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
