import { Alert, Checkbox, Stack, Text, Textarea } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { formatAmount, plural } from '../../../lib/format';
import { koboToNairaString } from '@levy/tax';
import { MoveResidents } from '../../../components/payroll/move-residents';
import type { ResidentsElsewhereGroup } from '../model/bill-files';

const REASON_REQUIRED = 'Give the reason for paying here the PAYE of employees who live in another state';
/** Names shown per state; the rest are counted. */
const NAMES_SHOWN = 10;

/** Whether the preparer pays, in this bill, the PAYE of employees who live elsewhere, and why. */
export function useResidentsChoice() {
  const [value, setValue] = useState({ include: false, reason: '' });
  const [reasonError, setReasonError] = useState<string | null>(null);
  return {
    value,
    reasonError,
    setReasonError,
    setValue(next: { include: boolean; reason: string }) {
      setValue(next);
      if (next.reason.trim()) setReasonError(null);
    },
    reset() {
      setValue({ include: false, reason: '' });
      setReasonError(null);
    },
    /** Whether Pay may go on: including them needs a reason. */
    check(): boolean {
      if (value.include && !value.reason.trim()) {
        setReasonError(REASON_REQUIRED);
        return false;
      }
      return true;
    },
    fields(): Record<string, string> {
      return value.include
        ? { include_residents_elsewhere: 'true', residents_elsewhere_reason: value.reason.trim() }
        : { include_residents_elsewhere: 'false' };
    },
  };
}

export type ResidentsChoice = ReturnType<typeof useResidentsChoice>;

/**
 * The employees of a PAYE file who live in another state (docs/tax-rules.md §8): their PAYE is owed
 * there, so the bill leaves them out unless the preparer confirms paying it here, with a reason.
 */
export function ResidentsElsewhere({
  groups,
  payrollState,
  choice,
  move,
}: {
  groups: readonly ResidentsElsewhereGroup[];
  payrollState: { code: string; name: string; revenue_service: string };
  choice: ResidentsChoice;
  /** When the bill is made from the payroll on file: they can be moved to their state's payroll instead. */
  move?: { corporationId: string; registeredStateCodes: readonly string[]; onMoved: () => void };
}) {
  if (groups.length === 0) return null;
  const count = groups.reduce((total, group) => total + group.employees.length, 0);
  return (
    <Alert
      color="yellow"
      icon={<IconMapPin size={18} />}
      title={`${plural(count, 'employee')} ${count === 1 ? 'lives' : 'live'} in another state`}
      data-testid="residents-elsewhere"
    >
      <Stack gap="xs">
        {groups.map((group) => (
          <div key={group.state.code}>
            <Text fz="sm" fw={600}>
              {group.message}
            </Text>
            <Text fz="sm">
              {group.employees
                .slice(0, NAMES_SHOWN)
                .map((employee) => `${employee.name} (${employee.taxPayerNumber})`)
                .join(', ')}
              {group.employees.length > NAMES_SHOWN ? ` and ${group.employees.length - NAMES_SHOWN} more` : ''}
              {`: ${formatAmount(koboToNairaString(group.taxDeclared))} declared.`}
            </Text>
            {move && (
              <MoveResidents
                corporationId={move.corporationId}
                fromStateCode={payrollState.code}
                toState={group.state}
                registered={move.registeredStateCodes.includes(group.state.code)}
                onMoved={move.onMoved}
              />
            )}
          </div>
        ))}
        <Text fz="sm">
          {choice.value.include
            ? `Their PAYE is included in this bill to ${payrollState.revenue_service}.`
            : `They are left out of this bill: their PAYE is owed where they live, not to ${payrollState.revenue_service}.`}
        </Text>
        <Checkbox
          label={`Include them in this ${payrollState.name} bill anyway`}
          checked={choice.value.include}
          onChange={(event) => choice.setValue({ ...choice.value, include: event.currentTarget.checked })}
        />
        {choice.value.include && (
          <Textarea
            label="Reason for paying their PAYE here"
            description="Kept with the bill and printed on its receipt"
            required
            rows={2}
            maxLength={500}
            value={choice.value.reason}
            onChange={(event) => choice.setValue({ ...choice.value, reason: event.currentTarget.value })}
            error={choice.reasonError}
          />
        )}
      </Stack>
    </Alert>
  );
}
