import type { PayeSource } from '@levy/contracts';
import { CSV_TEMPLATE_PATHS } from '@levy/tax';
import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CorporationState } from '../../../api/corporations-api';
import { TemplateLink } from '../../../components/file-select';
import { PayrollFileSelect } from '../../../components/payroll/payroll-file-select';
import { formatDate, plural } from '../../../lib/format';

/** PAYE is filed for the employees registered with the state: consent given and a payroll on file. */
export function isPayrollReady(registration: CorporationState): boolean {
  return registration.is_control_consent_given && registration.employee_count > 0;
}

/**
 * Whose PAYE the bill pays: the payroll on file or a file for this month, once the state can take
 * PAYE; until then, what is missing and the way to it.
 */
export function PayeEmployeesField({
  registration,
  source,
  onSourceChange,
  file,
  onFileChange,
  fileError,
  onManagePayroll,
}: {
  registration: CorporationState;
  source: PayeSource;
  onSourceChange: (source: PayeSource) => void;
  file: File | null;
  onFileChange: (file: File | null) => void;
  fileError: ReactNode;
  onManagePayroll: () => void;
}) {
  if (!isPayrollReady(registration)) return <PayrollNeeded registration={registration} onManage={onManagePayroll} />;
  return (
    <>
      <Radio.Group
        label="Employees"
        value={source}
        onChange={(value) => onSourceChange(value === 'file' ? 'file' : 'payroll')}
        required
      >
        <Stack gap="xs" mt={6}>
          <Radio
            value="payroll"
            label={
              `Use the payroll on file: ${plural(registration.employee_count, 'employee')}` +
              `${registration.payroll_updated_at ? `, updated ${formatDate(registration.payroll_updated_at)}` : ''}`
            }
          />
          <Radio value="file" label="Upload a payroll file for this month" />
        </Stack>
      </Radio.Group>
      {source === 'file' && (
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <PayrollFileSelect value={file} onChange={onFileChange} error={fileError} required />
          <TemplateLink href={CSV_TEMPLATE_PATHS.paye}>Download the payroll template</TemplateLink>
        </Group>
      )}
    </>
  );
}

/** A state where PAYE cannot be filed yet: what is missing, and the way to it without leaving Pay Taxes. */
function PayrollNeeded({ registration, onManage }: { registration: CorporationState; onManage: () => void }) {
  const missing = registration.is_control_consent_given
    ? `No payroll is registered with ${registration.state.revenue_service} yet. Upload it once in Manage Payroll; each month's bill can then use it.`
    : `${registration.state.revenue_service} needs the taxpayer's consent and the payroll before PAYE can be filed. Give consent with the code it ` +
      `emails, then upload the payroll; you come back here after.`;
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
