import type { PayrollDiffEmployee } from '@levy/tax';
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { PayrollChangesAlert } from '../../../components/payroll/payroll-changes';
import { usePreviousPayeBill } from '../api/bills-api';
import { changesSincePreviousBill } from '../model/bill-changes';
import { formatPeriod } from '../model/bill-period';

/**
 * The PAYE summary's comparison before Pay: who joined, left or changed pay since the previous
 * PAYE bill for this corporation's state, by name and Tax ID (docs/decisions/0047).
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
