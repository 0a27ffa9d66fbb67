import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle, IconMapPin } from '@tabler/icons-react';
import type { PayrollUpload as UploadResult } from '../../api/corporations-api';
import { formatDate } from '../../lib/format';
import { ProblemList } from '../file-problems';
import { MoveResidents } from './move-residents';
import { PayrollChangesAlert } from './payroll-changes';

const employees = (count: number) => `${count.toLocaleString('en-NG')} ${count === 1 ? 'employee' : 'employees'}`;

/** Employees whose declared tax is not the law's, and the payroll officer's checks, by name: the file is still accepted. */
export function PayrollWarnings({ taxWarnings, notices }: { taxWarnings: string[]; notices: string[] }) {
  return (
    <>
      {taxWarnings.length > 0 && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title={
            taxWarnings.length === 1
              ? '1 employee’s tax differs from the law’s'
              : `${taxWarnings.length.toLocaleString('en-NG')} employees’ tax differs from the law’s`
          }
        >
          <Text fz="sm" mb={4}>
            The payroll is accepted as declared; check these before paying PAYE on it.
          </Text>
          <ProblemList problems={taxWarnings} />
        </Alert>
      )}
      {notices.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Worth checking before you pay">
          <ProblemList problems={notices} />
        </Alert>
      )}
    </>
  );
}

/** Employees living in another state, whose PAYE is owed there, and what changed since the payroll on file. */
export function UploadReview({
  uploaded,
  corporationId,
  stateCode,
}: {
  uploaded: UploadResult;
  corporationId: string;
  stateCode: string;
}) {
  const { changes } = uploaded;
  return (
    <>
      {uploaded.residence.map((group) => (
        <Alert
          key={group.state.code}
          color="blue"
          icon={<IconMapPin size={18} />}
          title={`${employees(group.employee_count)} ${group.message.charAt(0).toLowerCase()}${group.message.slice(1)}`}
        >
          <Text fz="sm" mb={4}>
            {group.registered
              ? `This corporation is registered in ${group.state.name}: their PAYE belongs on its payroll there.`
              : `Register this corporation in ${group.state.name} to file their PAYE there.`}
          </Text>
          <ProblemList
            problems={group.employees.map(
              (employee) => `Row ${employee.row}, ${employee.name} (${employee.tax_payer_number})`,
            )}
          />
          <MoveResidents
            corporationId={corporationId}
            fromStateCode={stateCode}
            toState={group.state}
            registered={group.registered}
          />
        </Alert>
      ))}
      {changes.previous_uploaded_at && (
        <PayrollChangesAlert
          testId="payroll-upload-changes"
          title={
            changes.previous_version === null
              ? `Since the payroll of ${formatDate(changes.previous_uploaded_at)}`
              : `Since payroll version ${changes.previous_version} of ${formatDate(changes.previous_uploaded_at)}`
          }
          changes={changes}
        />
      )}
    </>
  );
}
