import { CSV_TEMPLATE_PATHS } from '@levy/tax';
import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { FileProblems } from '../../../components/file-problems';
import { FileSelect } from '../../../components/file-select';
import type { CorporationState } from '../../../api/corporations-api';
import { formatDate, plural } from '../../../lib/format';
import { PAYROLL_FILE_ACCEPT } from '../../../lib/payroll-file';
import { CorporationStateFields, MonthField, TemplateLink } from './bill-form-parts';
import type { PayeBill } from './use-paye-bill';

/** Step 1: the corporation, its state, the month and the employees (the payroll on file, or a new file). */
export function PayeFormStep({ bill, onClose }: { bill: PayeBill; onClose: () => void }) {
  const { form, registration, payrollReady, source } = bill;
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
        onCorporationChange={(value) => form.setFieldValue('corporation', value)}
        onStateChange={(next) => form.setFieldValue('state', next?.state.code ?? null)}
        errors={{ corporation: errors.corporation, state: errors.state }}
        tax="paye"
      />
      <MonthField
        value={values.month}
        onChange={bill.chooseMonth}
        error={errors.month}
        description={bill.monthChosen || !registration ? undefined : 'The oldest month not yet paid here'}
      />
      {registration && !payrollReady && (
        <PayrollNeeded registration={registration} onManage={() => bill.setManagingPayroll(true)} />
      )}
      {registration && payrollReady && (
        <Radio.Group label="Employees" value={source} onChange={bill.chooseSource} required>
          <Stack gap="xs" mt={6}>
            <Radio
              value="payroll"
              label={`Use the payroll on file: ${plural(registration.employee_count, 'employee')}${registration.payroll_updated_at ? `, updated ${formatDate(registration.payroll_updated_at)}` : ''}`}
            />
            <Radio value="file" label="Upload a payroll file for this month" />
          </Stack>
        </Radio.Group>
      )}
      {payrollReady && source === 'file' && (
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <FileSelect
            label="Payroll file"
            description="The PAYE template as CSV: one row per employee"
            accept={PAYROLL_FILE_ACCEPT}
            value={values.file}
            onChange={bill.chooseFile}
            error={errors.file}
            required
          />
          <TemplateLink href={CSV_TEMPLATE_PATHS.paye}>Download the payroll template</TemplateLink>
        </Group>
      )}
      <FileProblems problems={bill.problems} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          onClick={() => void bill.proceed()}
          loading={bill.flow.work === 'checking'}
          disabled={Boolean(registration) && !payrollReady}
        >
          Proceed
        </Button>
      </Group>
    </Stack>
  );
}

/** A state where PAYE cannot be filed yet: what is missing, and the way to it without leaving Pay Taxes. */
function PayrollNeeded({ registration, onManage }: { registration: CorporationState; onManage: () => void }) {
  const missing = registration.is_control_consent_given
    ? `No payroll is registered with ${registration.state.revenue_service} yet. Upload it once in Manage Payroll; each month's bill can then use it.`
    : `${registration.state.revenue_service} needs the taxpayer's consent and the payroll before PAYE can be filed. Give consent with the code it emails, then upload the payroll; you come back here after.`;
  return (
    <Alert
      color="yellow"
      icon={<IconUsersGroup size={18} />}
      title={`Register the payroll for ${registration.state.name} first`}
      data-testid="payroll-needed"
    >
      <Text fz="sm">PAYE is filed for the employees registered with the state. {missing}</Text>
      <Button mt="sm" size="xs" variant="light" onClick={onManage}>
        Manage Payroll
      </Button>
    </Alert>
  );
}
