import '@mantine/dates/styles.css';
import type { ChargeCalculation } from '@levy/contracts';
import { Alert, Anchor, Select, Table, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ProblemList } from '../../../components/file-problems';
import { useCorporations, useCorporationStates, type CorporationState } from '../../../api/corporations-api';
import { formatAmount } from '../../../lib/format';
import { warningsTitle } from '../model/bill-payroll';

/** Every corporation of the organisation, by name: the bill dialogs' choice. */
export function useBillCorporations() {
  return useCorporations({ no_pages: true, order_by: 'name', is_asc: true });
}

/** The name of a chosen corporation, for the summary step. */
export function useCorporationName(corporationId: string | null): string {
  const corporations = useBillCorporations();
  return corporations.data?.items.find((corporation) => corporation.id === corporationId)?.name ?? '';
}

/**
 * The corporations a bill can be for, and where each is registered: for PAYE its states; for WHT
 * its states and the Nigeria Revenue Service (WHT on payments to companies).
 */
export function CorporationStateFields({
  corporationId,
  stateCode,
  onCorporationChange,
  onStateChange,
  errors,
  tax,
}: {
  corporationId: string | null;
  stateCode: string | null;
  onCorporationChange: (id: string | null) => void;
  onStateChange: (registration: CorporationState | null) => void;
  errors: { corporation?: ReactNode; state?: ReactNode };
  tax: 'paye' | 'wht';
}) {
  const corporations = useBillCorporations();
  const registrations = useCorporationStates(corporationId ?? undefined);
  const registered = (registrations.data ?? []).filter(
    (registration) => tax === 'wht' || registration.state.collector === 'state',
  );
  const noStates = corporationId !== null && registrations.isSuccess && registered.length === 0;
  const onlyCorporation = corporations.data?.items.length === 1 ? corporations.data.items[0].id : null;
  const onlyRegistration = registered.length === 1 ? registered[0] : null;
  // With one corporation, or one state, there is nothing to choose: it is chosen (a person may still change it).
  useEffect(() => {
    if (corporationId === null && onlyCorporation) onCorporationChange(onlyCorporation);
  }, [corporationId, onlyCorporation, onCorporationChange]);
  useEffect(() => {
    if (stateCode === null && onlyRegistration) onStateChange(onlyRegistration);
  }, [stateCode, onlyRegistration, onStateChange]);
  if (corporations.isSuccess && corporations.data.items.length === 0) {
    return (
      <Alert color="yellow" title="No corporation yet">
        Taxes are paid for a corporation registered in a state.{' '}
        <Anchor component={Link} to="/corporations">
          Add a corporation
        </Anchor>
        , register its state with its Tax ID, then come back to Pay Taxes.
      </Alert>
    );
  }
  return (
    <>
      <Select
        label="Corporation"
        placeholder={corporations.isPending ? 'Loading corporations…' : 'Choose a corporation'}
        data={(corporations.data?.items ?? []).map((corporation) => ({
          value: corporation.id,
          label: corporation.name,
        }))}
        value={corporationId}
        onChange={(value) => {
          onCorporationChange(value);
          onStateChange(null);
        }}
        searchable
        allowDeselect={false}
        required
        nothingFoundMessage="No corporation matches"
        error={errors.corporation}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={tax === 'wht' ? 'Agency' : 'State'}
        description={
          noStates
            ? undefined
            : tax === 'wht'
              ? "Where this corporation is registered: a state's revenue service for WHT on payments to individuals, the Nigeria Revenue Service for companies"
              : 'Only the states this corporation is registered in'
        }
        placeholder={corporationId ? 'Choose a state' : 'Choose a corporation first'}
        data={registered.map((registration) => ({
          value: registration.state.code,
          label: `${registration.state.name} · ${registration.tax_payer_number}`,
        }))}
        value={stateCode}
        onChange={(value) =>
          onStateChange(registered.find((registration) => registration.state.code === value) ?? null)
        }
        disabled={!corporationId || noStates}
        allowDeselect={false}
        required
        error={
          noStates
            ? 'This corporation is not registered in any state yet. Add a state on its page first.'
            : errors.state
        }
        comboboxProps={{ withinPortal: true }}
      />
    </>
  );
}

/**
 * A Pay Taxes link names the state by its code: once the corporation's registrations load, the
 * matching one is chosen, once (the person may change it afterwards).
 */
export function useRegistrationPrefill(
  corporationId: string | null,
  stateCode: string | null | undefined,
  choose: (registration: CorporationState) => void,
) {
  const registrations = useCorporationStates(stateCode && corporationId ? corporationId : undefined);
  const isApplied = useRef(false);
  useEffect(() => {
    if (isApplied.current || !registrations.data) return;
    isApplied.current = true;
    const match = registrations.data.find((registration) => registration.state.code === stateCode);
    if (match) choose(match);
  }, [registrations.data, stateCode, choose]);
}

/** The tax month: months after this one cannot be picked (docs/product.md §5). */
export function MonthField({
  value,
  onChange,
  error,
  label = 'Tax month',
  description,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
  label?: string;
  description?: string;
}) {
  return (
    <MonthPickerInput
      label={label}
      description={description}
      placeholder="Pick a month"
      value={value}
      onChange={onChange}
      maxDate={new Date()}
      valueFormat="MMMM YYYY"
      required
      error={error}
      popoverProps={{ withinPortal: true }}
    />
  );
}

export interface SummaryLine {
  label: string;
  value: ReactNode;
}

/** The summary step: who and what the bill is for, then amount, charge (its fee and VAT) and the total the wallet pays. */
export function BillSummaryTable({ lines, charge }: { lines: SummaryLine[]; charge: ChargeCalculation }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder verticalSpacing="xs" aria-label="Bill summary">
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.label}>
            <Table.Th w={170}>{line.label}</Table.Th>
            <Table.Td>{line.value}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th>Tax to remit</Table.Th>
          <Table.Td data-testid="summary-amount" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatAmount(charge.amount_due)}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Charge</Table.Th>
          <Table.Td data-testid="summary-charge" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatAmount(charge.charge)}
            <Text span fz="xs" c="dimmed" ml={6}>
              {`fee ${formatAmount(charge.fee)} + VAT ${formatAmount(charge.vat)}`}
            </Text>
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Total</Table.Th>
          <Table.Td data-testid="summary-total" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatAmount(charge.total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** PAYE rows whose declared tax differs from the engine's figure: a warning, the bill can still be generated. */
export function RowWarnings({
  warnings,
  fromPayrollOnFile = false,
}: {
  warnings: string[];
  fromPayrollOnFile?: boolean;
}) {
  if (warnings.length === 0) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle size={18} />}
      title={warningsTitle(warnings.length, fromPayrollOnFile)}
    >
      <ProblemList problems={warnings} />
      <Text fz="xs" mt={6}>
        {fromPayrollOnFile
          ? 'The bill uses the tax declared on the payroll on file. Check these employees with your payroll; you can still generate the bill.'
          : 'The bill uses the tax declared in your file. Check these rows with your payroll; you can still generate the bill.'}
      </Text>
    </Alert>
  );
}

/** A payment the server refused (insufficient balance names the shortfall): said in the dialog, not only in a toast. */
export function PaymentError({
  title = 'The bill was not generated',
  message,
}: {
  title?: string;
  message: string | null;
}) {
  if (!message) return null;
  return (
    <Alert color="red" title={title} role="alert" data-testid="payment-error">
      {message}
    </Alert>
  );
}
