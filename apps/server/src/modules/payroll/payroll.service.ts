import { NO_NEW_FILE_SELECTED, type ListParams } from '@levy/contracts';
import { CSV_MESSAGES, describePayeMismatch, koboToNairaString, PAYE_TEMPLATE_HEADERS, regimeForPeriod, ZERO_KOBO, type CsvRowError } from '@levy/tax';
import type { StateAgency } from '../../adapters/agency/state-agency';
import type { Db } from '../../db/client';
import { containsPattern, pageWindow, toPage } from '../../db/pagination';
import { AppError, invalidInput } from '../../errors';
import { FileReply, type Caller, type UploadedFile } from '../../http/route';
import { csvCell } from '../../http/table-export';
import { inWorker } from '../../workers/worker-pool';
import { recordAudit } from '../audit/audit.service';
import type { OrganisationDirectory } from '../organisations/organisation-directory';
import { agencyFailure, refuseFederalPaye, type StatesService } from '../states/states.service';
import type * as tasks from './payroll-file-tasks';
import { ALLOWANCE_HEADERS } from './payroll-file-tasks';
import * as repo from './payroll.repo';

// Read in the file workers: a payroll of thousands would hold up every other request.
const payrollEmployees = inWorker<typeof tasks.payrollEmployees>(new URL('./payroll-file-tasks.ts', import.meta.url), 'payrollEmployees');
const CSV_CONTENT_TYPES = ['text/csv', 'application/csv'];
/** Row problems listed in one answer; the first ones are enough to fix a file. */
const MAX_ROW_ERRORS = 50;

/** CSV by name or by type: browsers label .csv files differently (Windows often says Excel). */
function isCsv(file: UploadedFile): boolean {
  return file.filename.toLowerCase().endsWith('.csv') || CSV_CONTENT_TYPES.includes(file.contentType.split(';')[0].trim().toLowerCase());
}

/** INVALID_INPUT data: the spec message for the file, then each row problem with its row and column. */
function csvFailure(message: string, errors: CsvRowError[]) {
  const fields: Record<string, string> = { file: message };
  for (const error of errors.slice(0, MAX_ROW_ERRORS)) {
    const key = `row_${error.row}${error.column ? `.${error.column}` : ''}`;
    fields[key] = `Row ${error.row}${error.column ? `, ${error.column}` : ''}: ${error.message}`;
  }
  return invalidInput(fields, message);
}

export function createPayrollService(deps: { db: Db; agency: StateAgency; states: StatesService; organisations: OrganisationDirectory }) {
  const { db, agency, states, organisations } = deps;

  /**
   * The payroll on file as the PAYE template CSV, row for row as the agency holds it, so a bill
   * made from it is read and checked exactly as an uploaded file is; null when there is none.
   */
  async function payeFileOnFile(registrationId: string): Promise<Buffer | null> {
    const employees = await repo.findEmployees(db, registrationId);
    if (employees.length === 0) return null;
    const rows = employees.map((employee) => [
      employee.taxPayerNumber,
      employee.name,
      employee.nationality,
      employee.designation,
      koboToNairaString(employee.grossIncomeKobo),
      koboToNairaString(employee.taxPayableKobo),
      ...ALLOWANCE_HEADERS.map((header) => koboToNairaString(employee.allowancesKobo[header] ?? ZERO_KOBO)),
    ]);
    return Buffer.from(`${[PAYE_TEMPLATE_HEADERS, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\n')}\n`);
  }

  return {
    /** The PAYE template file becomes the employee list registered with the state (product-design). */
    async upload(caller: Caller, corporationId: string, stateCodeOrId: string, input: { tax_payer_number?: string }, uploads: UploadedFile[], ip: string) {
      const { corporation, state, registration } = await states.findRegistration(db, caller, corporationId, stateCodeOrId, 'write');
      refuseFederalPaye(state, 'a payroll');
      const file = uploads.find((upload) => upload.field === 'file');
      if (!file || file.content.length === 0) throw invalidInput({ file: NO_NEW_FILE_SELECTED });
      if (!isCsv(file)) throw invalidInput({ file: CSV_MESSAGES.invalidDocument });
      if (input.tax_payer_number && input.tax_payer_number.trim().toUpperCase() !== registration.taxPayerNumber) {
        throw invalidInput({ tax_payer_number: `This payroll is for ${registration.taxPayerNumber}, the Tax ID registered in ${state.name}.` });
      }
      if (!registration.isControlConsentGiven) throw new AppError('UNPROCESSABLE', `Give consent to manage payroll in ${state.name} first.`);

      // The payroll on file is checked for this month's rules (exempt employees owe ₦0.00).
      const parsed = await payrollEmployees({ content: file.content, now: new Date() });
      if (!parsed.ok) throw csvFailure(parsed.message, parsed.errors);
      const { employees } = parsed;

      // The agency is told outside any transaction; only when it accepts is the list replaced.
      let submission: { reference: string };
      try {
        submission = await agency.submitPayroll({
          state: { code: state.code, name: state.name, revenueService: state.revenueService, collector: state.collector },
          taxPayerNumber: registration.taxPayerNumber,
          employees: employees.map(({ taxPayerNumber, name, grossIncomeKobo, taxPayableKobo }) => ({ taxPayerNumber, name, grossIncomeKobo, taxPayableKobo })),
        });
      } catch (error) {
        throw agencyFailure(error);
      }

      return db.transaction(async (tx) => {
        const fileId = await organisations.storeFile(tx, corporation.organisationId, { ...file, contentType: 'text/csv' }, caller.userId);
        const upload = await repo.insertUpload(tx, {
          corporationStateId: registration.id,
          fileId,
          employeeCount: employees.length,
          totalTaxPayableKobo: parsed.amountDue,
          agencyReference: submission.reference,
          uploadedBy: caller.userId,
        });
        await repo.replaceEmployees(
          tx,
          registration.id,
          employees.map((employee) => ({ ...employee, corporationStateId: registration.id, uploadId: upload.id })),
        );
        await recordAudit(tx, {
          organisationId: corporation.organisationId,
          actorUserId: caller.userId,
          action: 'payroll.uploaded',
          resourceType: 'corporation_state',
          resourceId: registration.id,
          details: { state: state.code, file: file.filename, employees: employees.length, agency_reference: submission.reference },
          ipAddress: ip,
        });
        return {
          upload_id: upload.id,
          employee_count: employees.length,
          total_tax_payable: koboToNairaString(parsed.amountDue),
          agency_reference: submission.reference,
          uploaded_at: upload.createdAt.toISOString(),
          warnings: parsed.taxWarnings.map((mismatch) => ({
            row: mismatch.row,
            tax_payer_number: mismatch.taxPayerNumber,
            name: mismatch.name,
            declared: koboToNairaString(mismatch.declaredMonthlyTax),
            expected: koboToNairaString(mismatch.expectedMonthlyTax),
            message: describePayeMismatch(mismatch, regimeForPeriod(parsed.period)),
          })),
        };
      });
    },

    payeFileOnFile,

    /** The payroll on file as a CSV download; NOT_FOUND when none is registered. */
    async download(caller: Caller, corporationId: string, stateCodeOrId: string): Promise<FileReply> {
      const { state, registration } = await states.findRegistration(db, caller, corporationId, stateCodeOrId, 'read');
      const content = await payeFileOnFile(registration.id);
      if (!content) throw new AppError('NOT_FOUND', `No payroll is on file for ${state.name}.`);
      return new FileReply(`payroll-on-file-${state.code}.csv`, 'text/csv; charset=utf-8', content);
    },

    /** The monthly PAYE on each registration's payroll on file: the alerts' penalty basis before any bill is paid. */
    taxOnFile: (registrationIds: string[]) => repo.taxOnFile(db, registrationIds),

    async employees(caller: Caller, corporationId: string, stateCodeOrId: string, params: ListParams) {
      const { registration } = await states.findRegistration(db, caller, corporationId, stateCodeOrId, 'read');
      const search = containsPattern(params.search);
      const { limit, offset } = pageWindow(params);
      const { rows, total } = await repo.findEmployeesPage(db, registration.id, { search, limit, offset });
      const items = rows.map((row) => ({
        id: row.id,
        row_number: row.rowNumber,
        tax_payer_number: row.taxPayerNumber,
        name: row.name,
        nationality: row.nationality,
        designation: row.designation,
        gross_income: koboToNairaString(row.grossIncomeKobo),
        tax_payable: koboToNairaString(row.taxPayableKobo),
        allowances: Object.fromEntries(Object.entries(row.allowancesKobo).map(([header, amount]) => [header, koboToNairaString(amount)])),
      }));
      return toPage(items, total, params);
    },
  };
}

export type PayrollService = ReturnType<typeof createPayrollService>;
