import '@mantine/dates/styles.css';
import { hasPermission } from '@levy/contracts';
import { EARLIEST_SUPPORTED_PERIOD, lagosDate } from '@levy/tax';
import { Alert, Button, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { DatePickerInput, MonthPickerInput } from '@mantine/dates';
import { useState } from 'react';
import { AmountInput } from '../../../components/amount-input';
import { EmptyState } from '../../../components/empty-state';
import { FileProblems } from '../../../components/file-problems';
import { FileSelect } from '../../../components/file-select';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { MountedModal } from '../../../components/mounted-modal';
import { PhoneDetails, PhoneFitScrollContainer } from '../../../components/phone-table';
import { ApiError } from '../../../lib/api-client';
import { formatAmount, formatDate, formatPeriod } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import {
  usePriorPayePayments,
  useRecordPriorPayePayment,
  useRemovePriorPayePayment,
  type CorporationState,
  type PriorPaymentForm,
} from '../../../api/corporations-api';
import { CORPORATION_PERMISSIONS } from '../model/permissions';

/** The month's employees on record, or that only its total is. */
const employeesText = (employees: number | null) =>
  employees === null
    ? 'Total only'
    : `${employees.toLocaleString('en-NG')} ${employees === 1 ? 'employee' : 'employees'}`;

const EMPTY_FORM: PriorPaymentForm = { tax_month: '', amount: '', agency_reference: '', paid_on: '', file: null };

/**
 * PAYE months the corporation paid on the state's portal before it used Levy: listed, added and
 * (admins, until the year's annual return is filed) removed, so the return and alerts see the whole year.
 */
export function PriorPaymentsDialog({
  corporationId,
  registration,
  readOnly,
  onClose,
}: {
  corporationId: string;
  registration: CorporationState;
  readOnly: boolean;
  onClose: () => void;
}) {
  const stateCode = registration.state.code;
  const permissions = useSessionStore((state) => state.permissions);
  const can = (permission: string) => !readOnly && hasPermission(permissions, permission);
  const payments = usePriorPayePayments(corporationId, stateCode);
  const record = useRecordPriorPayePayment(corporationId, stateCode);
  const remove = useRemovePriorPayePayment(corporationId, stateCode);
  const [form, setForm] = useState<PriorPaymentForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const today = lagosDate(new Date());

  const change = <K extends keyof PriorPaymentForm>(key: K, value: PriorPaymentForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
    setFailure(null);
  };

  const save = async () => {
    const missing: Record<string, string> = {};
    if (!form.tax_month) missing.tax_month = 'Tax month is required';
    if (!form.amount) missing.amount = 'Amount is required';
    if (!form.agency_reference.trim()) missing.agency_reference = 'Agency reference is required';
    if (!form.paid_on) missing.paid_on = 'Paid on is required';
    if (Object.keys(missing).length > 0) return setErrors(missing);
    try {
      await record.mutateAsync(form);
      setForm(EMPTY_FORM);
      setErrors({});
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = error.fieldErrors;
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(error.message);
    }
  };

  const removeMonth = async (taxMonth: string) => {
    setFailure(null);
    try {
      await remove.mutateAsync(taxMonth);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFailure(error.message);
    }
  };

  const rowProblems = Object.entries(errors)
    .filter(([key, message]) => key.startsWith('row_') && message)
    .map(([, message]) => message);
  const canRemove = can(CORPORATION_PERMISSIONS.removePriorPayment);

  return (
    <MountedModal onClose={onClose} title={`Months paid before Levy in ${registration.state.name}`} centered size="xl">
      <Stack gap="md">
        <Text fz="sm">
          Record each month of PAYE this corporation paid to {registration.state.revenue_service} on its own portal
          before using Levy. Levy only records these months: it does not pay them again. They go into the year&apos;s
          annual return (Form H1) and tax cards marked &quot;paid outside Levy&quot;, and alerts stop counting them as
          unpaid.
        </Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {payments.isPending ? (
          <LoadingPlaceholder />
        ) : !payments.data || payments.data.length === 0 ? (
          <EmptyState hint="No month is recorded as paid before Levy." />
        ) : (
          <PhoneFitScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" aria-label="Months paid before Levy">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th visibleFrom="sm">Agency reference</Table.Th>
                  <Table.Th visibleFrom="sm">Paid on</Table.Th>
                  <Table.Th visibleFrom="sm">Employees</Table.Th>
                  {canRemove && <Table.Th aria-label="Actions" />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {payments.data.map((payment) => (
                  <Table.Tr key={payment.id}>
                    <Table.Td>
                      <Text fz="sm">{formatPeriod(payment.tax_month)}</Text>
                      <PhoneDetails>
                        {payment.agency_reference} · paid {formatDate(payment.paid_on)} ·{' '}
                        {employeesText(payment.employees)}
                      </PhoneDetails>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatAmount(payment.amount)}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{payment.agency_reference}</Table.Td>
                    <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(payment.paid_on)}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text fz="sm" c={payment.employees === null ? 'dimmed' : undefined}>
                        {employeesText(payment.employees)}
                      </Text>
                    </Table.Td>
                    {canRemove && (
                      <Table.Td>
                        {payment.removable ? (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            aria-label={`Remove ${formatPeriod(payment.tax_month)}`}
                            onClick={() => void removeMonth(payment.tax_month)}
                            loading={remove.isPending && remove.variables === payment.tax_month}
                          >
                            Remove
                          </Button>
                        ) : (
                          <Text fz="xs" c="dimmed">
                            Annual return filed
                          </Text>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </PhoneFitScrollContainer>
        )}
        {can(CORPORATION_PERMISSIONS.recordPriorPayment) && (
          <Stack gap="sm" component="section" aria-label="Add a month paid before Levy">
            <Text fw={600}>Add a month</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <MonthPickerInput
                label="Tax month"
                value={form.tax_month ? `${form.tax_month}-01` : null}
                onChange={(value) => change('tax_month', value ? value.slice(0, 7) : '')}
                minDate={`${EARLIEST_SUPPORTED_PERIOD}-01`}
                maxDate={today}
                valueFormat="MMMM YYYY"
                required
                error={errors.tax_month || null}
                popoverProps={{ withinPortal: false }}
              />
              <AmountInput
                label="PAYE paid"
                value={form.amount}
                onChange={(value) => change('amount', value)}
                required
                error={errors.amount || null}
              />
              <TextInput
                label="Agency reference"
                description="The receipt or reference the revenue service gave"
                value={form.agency_reference}
                onChange={(event) => change('agency_reference', event.currentTarget.value)}
                required
                error={errors.agency_reference || null}
              />
              <DatePickerInput
                label="Paid on"
                description="The day it was paid"
                value={form.paid_on || null}
                onChange={(value) => change('paid_on', value ?? '')}
                maxDate={today}
                valueFormat="D MMM YYYY"
                required
                error={errors.paid_on || null}
                popoverProps={{ withinPortal: false }}
              />
            </SimpleGrid>
            <FileSelect
              label="The month's payroll file (optional)"
              description={
                "The PAYE template CSV for that month: with it, each employee's tax card shows the month; " +
                "without it, only the month's total is on record."
              }
              accept=".csv,text/csv"
              value={form.file}
              onChange={(file) => change('file', file)}
              error={errors.file || null}
            />
            <FileProblems problems={rowProblems} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button onClick={() => void save()} loading={record.isPending}>
                Record month
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </MountedModal>
  );
}
