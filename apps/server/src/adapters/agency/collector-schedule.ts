import { asKobo, koboToNairaString } from '@levy/tax';
import { csvCell } from '../../http/table-export';
import type { AgencyState, PayrollSubmissionRow } from './state-agency';

/**
 * The employee schedule a user uploads on a collector's portal where Levy files by hand (decision
 * 0045): one row per employee, with the employer's Tax ID on every row so the file stands alone.
 * Portals' upload templates differ; these are the columns they all ask for, named plainly, in
 * naira with two decimals. UTF-8 with a BOM so spreadsheet programs read names right.
 */
export function payrollScheduleCsv(input: {
  state: Pick<AgencyState, 'code' | 'revenueService'>;
  employerTaxPayerNumber: string;
  employees: readonly PayrollSubmissionRow[];
}): { filename: string; content: string } {
  const header = [
    'Employer Tax ID',
    'Employee Tax ID',
    'Employee name',
    'Monthly gross income (NGN)',
    'Monthly PAYE (NGN)',
  ];
  const rows = input.employees.map((employee) => [
    input.employerTaxPayerNumber,
    employee.taxPayerNumber,
    employee.name,
    koboToNairaString(asKobo(employee.grossIncomeKobo)),
    koboToNairaString(asKobo(employee.taxPayableKobo)),
  ]);
  const content = `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
  return {
    filename: `payroll-schedule-${input.state.code}-${input.employerTaxPayerNumber.replace(/[^A-Za-z0-9]/g, '')}.csv`,
    content,
  };
}
