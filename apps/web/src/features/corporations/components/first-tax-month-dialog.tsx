import '@mantine/dates/styles.css';
import { EARLIEST_SUPPORTED_PERIOD, lagosPeriod } from '@levy/tax';
import { Button, Group, Stack, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useState } from 'react';
import { MountedModal } from '../../../components/mounted-modal';
import { ApiError } from '../../../lib/api-client';
import { useSetFirstTaxMonth, type CorporationState } from '../../../api/corporations-api';

/** Admins: from which month the corporation owes tax in a state; deadlines and alerts count from it. */
export function FirstTaxMonthDialog({
  corporationId,
  registration,
  onClose,
}: {
  corporationId: string;
  registration: CorporationState;
  onClose: () => void;
}) {
  const setFirstTaxMonth = useSetFirstTaxMonth(corporationId);
  const [month, setMonth] = useState<string | null>(`${registration.first_tax_month}-01`);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (!month) return setError('First tax month is required');
    try {
      await setFirstTaxMonth.mutateAsync({ stateCode: registration.state.code, month: month.slice(0, 7) });
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError) setError(failure.fieldErrors.first_tax_month ?? failure.message);
    }
  };
  return (
    <MountedModal onClose={onClose} title={`First tax month in ${registration.state.name}`} centered size="md">
      <Stack gap="md">
        <Text fz="sm">
          Alerts, the checklist and the deadline calendar count the months owed from this one. Months before it are not
          listed as due.
        </Text>
        <MonthPickerInput
          label="Owes PAYE here from"
          value={month}
          onChange={(value) => {
            setMonth(value);
            setError(null);
          }}
          minDate={`${EARLIEST_SUPPORTED_PERIOD}-01`}
          maxDate={`${lagosPeriod(new Date())}-01`}
          valueFormat="MMMM YYYY"
          required
          error={error}
          popoverProps={{ withinPortal: false }}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={setFirstTaxMonth.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </MountedModal>
  );
}
