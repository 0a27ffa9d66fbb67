import type { BillPayroll } from '@levy/contracts';
import { formatDate } from '../../../lib/format';

/** "The payroll on file, version 3 (uploaded 3 Nov 2026 by Ada Obi)": where a PAYE bill's employees came from. */
export function payrollSourceText(payroll: BillPayroll): string {
  const version = payroll.version;
  const uploaded = version
    ? `uploaded ${formatDate(version.uploaded_at)}${version.uploaded_by ? ` by ${version.uploaded_by}` : ''}`
    : '';
  if (payroll.source === 'payroll')
    return version
      ? `The payroll on file, version ${version.number} (${uploaded})`
      : 'The payroll on file (registered before versions were kept)';
  return version
    ? `A file uploaded with the bill; payroll version ${version.number} was on file (${uploaded})`
    : 'A file uploaded with the bill';
}

/** "1 row differs from the tax engine", or for the payroll on file, whose rows nobody wrote, "1 employee’s tax differs …". */
export function warningsTitle(count: number, fromPayrollOnFile: boolean): string {
  if (fromPayrollOnFile)
    return count === 1
      ? '1 employee’s tax differs from the tax engine'
      : `${count.toLocaleString('en-NG')} employees’ tax differs from the tax engine`;
  return count === 1
    ? '1 row differs from the tax engine'
    : `${count.toLocaleString('en-NG')} rows differ from the tax engine`;
}
