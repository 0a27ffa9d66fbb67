import { PAYROLL_FILE_ACCEPT } from '../../lib/payroll-file';
import { FileSelect, type FileSelectProps } from '../file-select';

/** A payroll file, as Manage Payroll's upload and a month's PAYE bill both take it: the PAYE template as CSV. */
export function PayrollFileSelect(props: Pick<FileSelectProps, 'value' | 'onChange' | 'error' | 'required'>) {
  return (
    <FileSelect
      label="Payroll file"
      description="The PAYE template as CSV: one row per employee"
      accept={PAYROLL_FILE_ACCEPT}
      {...props}
    />
  );
}
