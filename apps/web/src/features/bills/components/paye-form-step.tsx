import { Button, Group, Stack, Text } from '@mantine/core';
import { FileProblems } from '../../../components/file-problems';
import { CorporationStateFields, MonthField } from './bill-form-parts';
import { PayeEmployeesField } from './paye-employees-field';
import type { PayeBill } from './use-paye-bill';

/** Step 1: the corporation, its state, the month and the employees (the payroll on file, or a new file). */
export function PayeFormStep({ bill, onClose }: { bill: PayeBill; onClose: () => void }) {
  const { form, registration } = bill;
  const { values, errors } = form;
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        Pay a month&apos;s PAYE for a corporation&apos;s employees to the state&apos;s revenue service, from your
        wallet.
      </Text>
      <CorporationStateFields
        corporationId={values.corporation}
        stateCode={values.state}
        onCorporationChange={bill.chooseCorporation}
        onStateChange={(chosen) => bill.chooseState(chosen?.state.code ?? null)}
        errors={{ corporation: errors.corporation, state: errors.state }}
        tax="paye"
      />
      <MonthField
        value={bill.month}
        onChange={bill.chooseMonth}
        error={errors.month}
        description={values.month || !registration ? undefined : 'The oldest month not yet paid here'}
      />
      {registration && (
        <PayeEmployeesField
          registration={registration}
          source={bill.source}
          onSourceChange={bill.chooseSource}
          file={values.file}
          onFileChange={bill.chooseFile}
          fileError={errors.file}
          onManagePayroll={() => bill.setManagingPayroll(true)}
        />
      )}
      <FileProblems problems={bill.problems} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          onClick={() => void bill.proceed()}
          loading={bill.flow.work === 'checking'}
          disabled={Boolean(registration) && !bill.payrollReady}
        >
          Proceed
        </Button>
      </Group>
    </Stack>
  );
}
