import type { PayrollDiffEmployee } from '@levy/tax';
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { usePreviousPayeBill } from '../../api/paye-previous-api';
import { formatDate, formatPeriod } from '../../lib/format';
import { changesSincePreviousBill, payrollChanges } from '../../lib/payroll-changes';
import { PayrollChangesAlert } from './payroll-changes';

/**
 * Who joined, left or changed pay since the PAYE bill of the latest month before `month` for this
 * corporation's state, by name and Tax ID (docs/decisions/0047): on the PAYE summary before Pay, and
 * after a payroll upload.
 */
export function PreviousBillChanges({
  corporationId,
  stateCode,
  stateName,
  month,
  employees,
}: {
  corporationId: string;
  stateCode: string;
  stateName: string;
  /** YYYY-MM */
  month: string;
  employees: readonly PayrollDiffEmployee[];
}) {
  const previous = usePreviousPayeBill({ corporationId, stateCode, month });
  const changes = useMemo(
    () => (previous.data ? changesSincePreviousBill(previous.data, employees) : null),
    [previous.data, employees],
  );
  if (!previous.data) return null;
  const bill = previous.data.bill;
  if (!bill || !changes)
    return (
      <Text fz="sm" c="dimmed" data-testid="previous-bill-changes">
        No earlier PAYE bill for {stateName} to compare these employees with.
      </Text>
    );
  const version = bill.payroll?.version ? `, payroll version ${bill.payroll.version.number}` : '';
  return (
    <PayrollChangesAlert
      testId="previous-bill-changes"
      title={`Since ${bill.reference} (${formatPeriod(bill.period_start.slice(0, 7))}${version})`}
      changes={changes}
    />
  );
}

/** A new file's employees against the payroll on file it is sent instead of: who joined, left or changed pay. */
export function PayrollOnFileChanges({
  onFile,
  updatedAt,
  employees,
}: {
  onFile: readonly PayrollDiffEmployee[];
  updatedAt: string | null;
  employees: readonly PayrollDiffEmployee[];
}) {
  const changes = useMemo(() => payrollChanges(onFile, employees, null), [onFile, employees]);
  return (
    <PayrollChangesAlert
      testId="payroll-on-file-changes"
      title={`Since the payroll on file${updatedAt ? ` (updated ${formatDate(updatedAt)})` : ''}`}
      changes={changes}
    />
  );
}
