import { NO_NEW_FILE_SELECTED, type ListParams } from '@levy/contracts';
import {
  CSV_MESSAGES,
  describePayeMismatch,
  diffPayrolls,
  koboToNairaString,
  PAYE_RELIEF_HEADERS,
  PAYE_TEMPLATE_HEADERS,
  regimeForPeriod,
  sumKobo,
  ZERO_KOBO,
  type CsvRowError,
} from '@levy/tax';
import { payrollScheduleCsv } from '../../adapters/agency/collector-schedule';
import type { StateAgency } from '../../adapters/agency/state-agency';
import type { Db } from '../../db/client';
import { containsPattern, pageWindow, toPage } from '../../db/pagination';
import { isUniqueViolation } from '../../db/errors';
import { AppError, invalidInput } from '../../errors';
import { FileReply, type Caller, type UploadedFile } from '../../http/route';
import { csvCell } from '../../http/table-export';
import { inWorker } from '../../workers/worker-pool';
import { recordAudit } from '../audit/audit.service';
import { requireOwnOrganisation } from '../accounts/organisation-access';
import type { OrganisationDirectory } from '../accounts/organisation-directory';
import type { ReferenceService, State } from '../reference/reference.service';
import { agencyFailure, refuseFederalPaye, type StatesService } from '../states/states.service';
import type * as tasks from './payroll-file-tasks';
import { ALLOWANCE_HEADERS } from './payroll-file-tasks';
import { MAX_LISTED, residenceResolver, residentsElsewhere, unknownResidences } from './payroll-review';
import { createPayrollVersions, payrollChangesOf, versionConflict } from './payroll-versions';
import * as repo from './payroll.repo';

// Read in the file workers: a payroll of thousands would hold up every other request.
const payrollEmployees = inWorker<typeof tasks.payrollEmployees>(
  new URL('./payroll-file-tasks.ts', import.meta.url),
  'payrollEmployees',
);
const CSV_CONTENT_TYPES = ['text/csv', 'application/csv'];

function filingView(upload: repo.PayrollUploadRow) {
  return {
    upload_id: upload.id,
    employee_count: upload.employeeCount,
    uploaded_at: upload.createdAt.toISOString(),
    filed_manually: upload.filedManually,
    agency_reference: upload.agencyReference,
    acknowledgement_recorded_at: upload.acknowledgementRecordedAt?.toISOString() ?? null,
  };
}
/** Row problems listed in one answer; the first ones are enough to fix a file. */
const MAX_ROW_ERRORS = 50;

/** CSV by name or by type: browsers label .csv files differently (Windows often says Excel). */
function isCsv(file: UploadedFile): boolean {
  return (
    file.filename.toLowerCase().endsWith('.csv') ||
    CSV_CONTENT_TYPES.includes(file.contentType.split(';')[0].trim().toLowerCase())
  );
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

export function createPayrollService(deps: {
  db: Db;
  agency: StateAgency;
  states: StatesService;
  organisations: OrganisationDirectory;
  reference: ReferenceService;
  /** People by user id (the identity module's): who uploaded each payroll version. */
  people(userIds: string[]): Promise<Array<{ id: string; firstName: string; lastName: string }>>;
}) {
  const { db, agency, states, organisations, reference } = deps;
  const versions = createPayrollVersions({ db, people: deps.people });

  /**
   * The payroll on file as the PAYE template CSV, row for row as the agency holds it, so a bill
   * made from it is read and checked exactly as an uploaded file is; null when there is none.
   */
  async function payeFileOnFile(registrationId: string): Promise<Buffer | null> {
    const employees = await repo.findEmployees(db, registrationId);
    if (employees.length === 0) return null;
    return csvOfEmployees(employees);
  }

  /** Employees as the PAYE template CSV, with the optional columns only when one of them declared any. */
  async function csvOfEmployees(employees: ReadonlyArray<repo.EmployeeRow>): Promise<Buffer> {
    // The optional columns only when the payroll declared any: a payroll of the 18 stays the template's file (docs/product.md).
    const declared = employees.some((employee) => employee.reliefsKobo !== null || employee.residenceStateId !== null);
    const stateCodes = new Map(declared ? (await reference.listStates()).map((state) => [state.id, state.code]) : []);
    const rows = employees.map((employee) => [
      employee.taxPayerNumber,
      employee.name,
      employee.nationality,
      employee.designation,
      koboToNairaString(employee.grossIncomeKobo),
      koboToNairaString(employee.taxPayableKobo),
      ...ALLOWANCE_HEADERS.map((header) => koboToNairaString(employee.allowancesKobo[header] ?? ZERO_KOBO)),
      ...(declared
        ? [
            employee.residenceStateId === null ? '' : (stateCodes.get(employee.residenceStateId) ?? ''),
            ...PAYE_RELIEF_HEADERS.map((header) => {
              const amount = employee.reliefsKobo?.[header];
              return amount === undefined ? '' : koboToNairaString(amount);
            }),
          ]
        : []),
    ]);
    const header = declared
      ? [...PAYE_TEMPLATE_HEADERS, 'state_of_residence', ...PAYE_RELIEF_HEADERS]
      : PAYE_TEMPLATE_HEADERS;
    return Buffer.from(`${[header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\n')}\n`);
  }

  /** Tells a state's revenue service the employee list it now holds for a Tax ID; its reference. */
  async function submitTo(state: State, taxPayerNumber: string, employees: ReadonlyArray<repo.EmployeeRow>) {
    try {
      return await agency.submitPayroll({
        state: { code: state.code, name: state.name, revenueService: state.revenueService, collector: state.collector },
        taxPayerNumber,
        employees: employees.map(({ taxPayerNumber: tin, name, grossIncomeKobo, taxPayableKobo }) => ({
          taxPayerNumber: tin,
          name,
          grossIncomeKobo,
          taxPayableKobo,
        })),
      });
    } catch (error) {
      throw agencyFailure(error);
    }
  }

  return {
    /** The PAYE template file becomes the employee list registered with the state (docs/product.md). */
    async upload(
      caller: Caller,
      corporationId: string,
      stateCodeOrId: string,
      input: { tax_payer_number?: string },
      uploads: UploadedFile[],
      ip: string,
    ) {
      const { corporation, state, registration } = await states.findRegistration(
        db,
        caller,
        corporationId,
        stateCodeOrId,
        'write',
      );
      refuseFederalPaye(state, 'a payroll');
      const file = uploads.find((upload) => upload.field === 'file');
      if (!file || file.content.length === 0) throw invalidInput({ file: NO_NEW_FILE_SELECTED });
      if (!isCsv(file)) throw invalidInput({ file: CSV_MESSAGES.invalidDocument });
      if (input.tax_payer_number && input.tax_payer_number.trim().toUpperCase() !== registration.taxPayerNumber) {
        throw invalidInput({
          tax_payer_number: `This payroll is for ${registration.taxPayerNumber}, the Tax ID registered in ${state.name}.`,
        });
      }
      if (!registration.isControlConsentGiven)
        throw new AppError('UNPROCESSABLE', `Give consent to manage payroll in ${state.name} first.`);

      // The payroll on file is checked for this month's rules (exempt employees owe ₦0.00).
      const parsed = await payrollEmployees({ content: file.content, now: new Date() });
      if (!parsed.ok) throw csvFailure(parsed.message, parsed.errors);
      const allStates = await reference.listStates();
      const resolveResidence = residenceResolver(allStates);
      const unknownStates = unknownResidences(parsed.employees, resolveResidence);
      if (unknownStates.length > 0) throw csvFailure(CSV_MESSAGES.columnData, unknownStates);
      const employees = parsed.employees.map((employee) => ({
        ...employee,
        residenceStateId: employee.residence === null ? null : resolveResidence(employee.residence)!.id,
      }));

      // What this file changes, and who else the organisation pays in this state.
      const [previous, previousUploadedAt, previousVersion, organisationRegistrations] = await Promise.all([
        repo.findEmployees(db, registration.id),
        repo.latestUploadAt(db, registration.id),
        versions.onFile(registration.id),
        states.registrationsOfOrganisation(corporation.organisationId),
      ]);
      const registeredStateIds = new Set(
        organisationRegistrations.filter((held) => held.corporation.id === corporation.id).map((held) => held.state.id),
      );
      const otherPayrolls = new Map(
        organisationRegistrations
          .filter((held) => held.state.id === state.id && held.corporation.id !== corporation.id)
          .map((held) => [held.registrationId, held.corporation.name]),
      );
      const elsewhere = await repo.findTaxIdsOnPayrolls(db, [...otherPayrolls.keys()]);
      const otherPayrollOf = new Map(
        elsewhere.map((row) => [row.taxPayerNumber, otherPayrolls.get(row.corporationStateId)]),
      );
      const onOtherPayrolls = employees
        .filter((employee) => otherPayrollOf.has(employee.taxPayerNumber))
        .slice(0, MAX_LISTED)
        .map((employee) => ({
          kind: 'other_payroll' as const,
          row: employee.rowNumber,
          tax_payer_number: employee.taxPayerNumber,
          name: employee.name,
          message:
            `${employee.name} (${employee.taxPayerNumber}) is also on ${otherPayrollOf.get(employee.taxPayerNumber)}'s payroll in ` +
            `${state.name}: PAYE would be filed twice for one person`,
        }));

      // The agency is told outside any transaction; only when it accepts is the list replaced.
      let submission: { reference: string | null };
      try {
        submission = await agency.submitPayroll({
          state: {
            code: state.code,
            name: state.name,
            revenueService: state.revenueService,
            collector: state.collector,
          },
          taxPayerNumber: registration.taxPayerNumber,
          employees: employees.map(({ taxPayerNumber, name, grossIncomeKobo, taxPayableKobo }) => ({
            taxPayerNumber,
            name,
            grossIncomeKobo,
            taxPayableKobo,
          })),
        });
      } catch (error) {
        throw agencyFailure(error);
      }

      const stored = db.transaction(async (tx) => {
        const fileId = await organisations.storeFile(
          tx,
          corporation.organisationId,
          { ...file, contentType: 'text/csv' },
          caller.userId,
        );
        const upload = await repo.insertUpload(tx, {
          corporationStateId: registration.id,
          fileId,
          employeeCount: employees.length,
          totalTaxPayableKobo: parsed.amountDue,
          agencyReference: submission.reference,
          // No reference: the user registers it on the collector's portal and records the acknowledgement (decision 0045).
          filedManually: submission.reference === null,
          uploadedBy: caller.userId,
        });
        await repo.replaceEmployees(
          tx,
          registration.id,
          employees.map(({ residence: _written, ...employee }) => ({
            ...employee,
            corporationStateId: registration.id,
            uploadId: upload.id,
          })),
        );
        const version = await versions.record(tx, {
          registrationId: registration.id,
          uploadId: upload.id,
          uploadedBy: caller.userId,
          totalTaxPayableKobo: parsed.amountDue,
          employees,
        });
        await recordAudit(tx, {
          organisationId: corporation.organisationId,
          actorUserId: caller.userId,
          action: 'payroll.uploaded',
          resourceType: 'corporation_state',
          resourceId: registration.id,
          details: {
            state: state.code,
            file: file.filename,
            employees: employees.length,
            agency_reference: submission.reference,
            version: version.number,
          },
          ipAddress: ip,
        });
        return {
          upload_id: upload.id,
          employee_count: employees.length,
          total_tax_payable: koboToNairaString(parsed.amountDue),
          agency_reference: submission.reference,
          filed_manually: upload.filedManually,
          uploaded_at: upload.createdAt.toISOString(),
          warnings: parsed.taxWarnings.map((mismatch) => ({
            row: mismatch.row,
            tax_payer_number: mismatch.taxPayerNumber,
            name: mismatch.name,
            declared: koboToNairaString(mismatch.declaredMonthlyTax),
            expected: koboToNairaString(mismatch.expectedMonthlyTax),
            message: describePayeMismatch(mismatch, regimeForPeriod(parsed.period)),
          })),
          checks: [
            ...parsed.notices.map((notice) => ({
              kind: notice.kind,
              row: notice.row,
              tax_payer_number: notice.taxPayerNumber,
              name: notice.name,
              message: notice.message,
            })),
            ...onOtherPayrolls,
          ],
          residence: residentsElsewhere(employees, state.id, allStates, registeredStateIds),
          // Against the payroll on file (the previous version's employees, or a payroll kept before versions were).
          changes: payrollChangesOf(diffPayrolls(previous, employees, MAX_LISTED), {
            version: previousVersion?.number ?? null,
            uploadedAt: previousUploadedAt,
          }),
          version,
        };
      });
      const { version, ...answer } = await stored.catch((error: unknown) => {
        throw versionConflict(error, state.name);
      });
      return { ...answer, version: await versions.refOf(version) };
    },

    /** The payroll version on file for a registration; null when none was kept. */
    versionOnFile: versions.onFile,
    /** Payroll versions by id (a bill names the one it was made from). */
    versionsByIds: versions.byIds,

    payeFileOnFile,

    /**
     * Per corporation, the states its employees live in, by its payrolls on file (an employee without
     * a residence lives in the payroll's state), and whether the corporation is registered in each:
     * PAYE is owed where they live (docs/tax-rules.md §8).
     */
    async byResidence(caller: Caller, organisationId: string) {
      const ownId = requireOwnOrganisation(caller, organisationId);
      const [registrations, allStates] = await Promise.all([
        states.registrationsOfOrganisation(ownId),
        reference.listStates(),
      ]);
      const counts = await repo.countByResidence(
        db,
        registrations.map((registration) => registration.registrationId),
      );
      const stateById = new Map(allStates.map((state) => [state.id, state]));
      const registrationById = new Map(
        registrations.map((registration) => [registration.registrationId, registration]),
      );
      type Owed = { stateId: number; employees: number; onOther: Map<number, number> };
      const perCorporation = new Map<string, { corporation: { id: string; name: string }; owed: Map<number, Owed> }>();
      for (const row of counts) {
        const registration = registrationById.get(row.corporationStateId)!;
        const entry = perCorporation.get(registration.corporation.id) ?? {
          corporation: registration.corporation,
          owed: new Map<number, Owed>(),
        };
        perCorporation.set(registration.corporation.id, entry);
        const stateId = row.residenceStateId ?? registration.state.id;
        const owed = entry.owed.get(stateId) ?? { stateId, employees: 0, onOther: new Map<number, number>() };
        owed.employees += row.n;
        if (stateId !== registration.state.id)
          owed.onOther.set(registration.state.id, (owed.onOther.get(registration.state.id) ?? 0) + row.n);
        entry.owed.set(stateId, owed);
      }
      const registered = new Set(
        registrations.map((registration) => `${registration.corporation.id}:${registration.state.id}`),
      );
      return [...perCorporation.values()].map(({ corporation, owed }) => ({
        corporation,
        states: [...owed.values()]
          .sort((a, b) => b.employees - a.employees)
          .map((entry) => {
            const state = stateById.get(entry.stateId)!;
            return {
              code: state.code,
              name: state.name,
              revenue_service: state.revenueService,
              employee_count: entry.employees,
              registered: registered.has(`${corporation.id}:${state.id}`),
              on_other_payrolls: [...entry.onOther.entries()].map(([payrollStateId, employees]) => ({
                code: stateById.get(payrollStateId)!.code,
                name: stateById.get(payrollStateId)!.name,
                employee_count: employees,
              })),
            };
          }),
      }));
    },

    /**
     * Moves the employees of a state's payroll on file who live in `toState` to that state's payroll
     * of the same corporation (docs/tax-rules.md §8, docs/decisions/0046): PAYE for them is then billed
     * where it is owed. The state must be registered, with consent; otherwise nothing moves and the
     * answer says what to do first. Both revenue services are told their new lists before either is
     * stored, and both lists change in one transaction.
     */
    async moveResidents(caller: Caller, corporationId: string, fromCode: string, toState: string, ip: string) {
      const {
        corporation,
        state: from,
        registration: source,
      } = await states.findRegistration(db, caller, corporationId, fromCode, 'write');
      refuseFederalPaye(from, 'a payroll');
      const allStates = await reference.listStates();
      const to = residenceResolver(allStates)(toState);
      if (!to) throw invalidInput({ to_state: 'Choose the state they live in' });
      if (to.id === from.id) throw invalidInput({ to_state: `They are on the ${from.name} payroll already` });
      let target: Awaited<ReturnType<StatesService['findRegistration']>>['registration'];
      try {
        target = (await states.findRegistration(db, caller, corporation.id, to.code, 'write')).registration;
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
        throw new AppError(
          'UNPROCESSABLE',
          `${to.name} is not registered for ${corporation.name}: register it with ${to.revenueService} and give consent ` +
            `to manage payroll there, then move the employees who live in ${to.name}. Nothing was moved.`,
          { register: { corporation_id: corporation.id, state: to.code } },
        );
      }
      if (!target.isControlConsentGiven)
        throw new AppError(
          'UNPROCESSABLE',
          `Give consent to manage payroll in ${to.name} first, then move the employees who live there. Nothing was moved.`,
          { consent: { corporation_id: corporation.id, state: to.code } },
        );
      const [sourceEmployees, targetEmployees] = await Promise.all([
        repo.findEmployees(db, source.id),
        repo.findEmployees(db, target.id),
      ]);
      const moving = sourceEmployees.filter((employee) => employee.residenceStateId === to.id);
      if (moving.length === 0)
        throw new AppError('CONFLICT', `No employee on the ${from.name} payroll on file lives in ${to.name}.`);
      const movingTaxIds = new Set(moving.map((employee) => employee.taxPayerNumber));
      const staying = sourceEmployees.filter((employee) => employee.residenceStateId !== to.id);
      // One who is already on the destination payroll is replaced by the moved row: the payroll holds one row per person.
      const arriving = [...targetEmployees.filter((employee) => !movingTaxIds.has(employee.taxPayerNumber)), ...moving];

      const [toReference, fromReference] = await Promise.all([
        submitTo(to, target.taxPayerNumber, arriving),
        submitTo(from, source.taxPayerNumber, staying),
      ]);
      // Written before the transaction: on the embedded database it holds the only connection.
      const [arrivingCsv, stayingCsv] = await Promise.all([csvOfEmployees(arriving), csvOfEmployees(staying)]);
      const moved = db.transaction(async (tx) => {
        for (const [registration, list, state, submitted, content] of [
          [target, arriving, to, toReference, arrivingCsv],
          [source, staying, from, fromReference, stayingCsv],
        ] as const) {
          const fileId = await organisations.storeFile(
            tx,
            corporation.organisationId,
            {
              filename: `payroll-${state.code}-residents-moved.csv`,
              contentType: 'text/csv',
              content,
            },
            caller.userId,
          );
          const totalTaxPayableKobo = sumKobo(list.map((employee) => employee.taxPayableKobo));
          const upload = await repo.insertUpload(tx, {
            corporationStateId: registration.id,
            fileId,
            employeeCount: list.length,
            totalTaxPayableKobo,
            agencyReference: submitted.reference,
            uploadedBy: caller.userId,
          });
          await repo.replaceEmployees(
            tx,
            registration.id,
            // Rows numbered as the file on file would be: the header is row 1.
            list.map(({ id: _id, ...employee }, index) => ({
              ...employee,
              rowNumber: index + 2,
              corporationStateId: registration.id,
              uploadId: upload.id,
            })),
          );
          // Each payroll's new list is its next version, so a bill made from it names the employees it holds.
          await versions.record(tx, {
            registrationId: registration.id,
            uploadId: upload.id,
            uploadedBy: caller.userId,
            totalTaxPayableKobo,
            employees: list,
          });
        }
        await recordAudit(tx, {
          organisationId: corporation.organisationId,
          actorUserId: caller.userId,
          action: 'payroll.residents_moved',
          resourceType: 'corporation_state',
          resourceId: source.id,
          details: {
            from: from.code,
            to: to.code,
            employees: moving.length,
            tax_payer_numbers: moving.slice(0, MAX_LISTED).map((employee) => employee.taxPayerNumber),
          },
          ipAddress: ip,
        });
      });
      await moved.catch((error: unknown) => {
        throw isUniqueViolation(error)
          ? new AppError(
              'CONFLICT',
              `A payroll for ${from.name} or ${to.name} was uploaded at the same time. Nothing was moved: move them again.`,
            )
          : error;
      });
      return {
        moved: moving.length,
        employees: moving
          .slice(0, MAX_LISTED)
          .map((employee) => ({ tax_payer_number: employee.taxPayerNumber, name: employee.name })),
        from: { code: from.code, name: from.name, employee_count: staying.length },
        to: { code: to.code, name: to.name, revenue_service: to.revenueService, employee_count: arriving.length },
      };
    },

    /**
     * A PAYE template CSV read and checked as an upload is, on the rules of `taxMonth` (a month
     * already paid elsewhere): its employees and total, or INVALID_INPUT naming each bad row.
     */
    async readPayeFile(file: UploadedFile, taxMonth: string) {
      if (file.content.length === 0) throw invalidInput({ file: NO_NEW_FILE_SELECTED });
      if (!isCsv(file)) throw invalidInput({ file: CSV_MESSAGES.invalidDocument });
      // Midday on the 15th in Lagos is inside the month whatever the time zone.
      const parsed = await payrollEmployees({ content: file.content, now: new Date(`${taxMonth}-15T12:00:00+01:00`) });
      if (!parsed.ok) throw csvFailure(parsed.message, parsed.errors);
      return { amountDueKobo: parsed.amountDue, employees: parsed.employees };
    },

    /** The payroll on file as a CSV download; NOT_FOUND when none is registered. */
    async download(caller: Caller, corporationId: string, stateCodeOrId: string): Promise<FileReply> {
      const { state, registration } = await states.findRegistration(db, caller, corporationId, stateCodeOrId, 'read');
      const content = await payeFileOnFile(registration.id);
      if (!content) throw new AppError('NOT_FOUND', `No payroll is on file for ${state.name}.`);
      return new FileReply(`payroll-on-file-${state.code}.csv`, 'text/csv; charset=utf-8', content);
    },

    /** The latest payroll given to the revenue service: its reference, or that its acknowledgement is awaited. */
    async filing(caller: Caller, corporationId: string, stateCodeOrId: string) {
      const { registration } = await states.findRegistration(db, caller, corporationId, stateCodeOrId, 'read');
      const upload = await repo.findLatestUpload(db, registration.id);
      return upload ? filingView(upload) : null;
    },

    /** The employee schedule of the payroll on file, to upload on the collector's portal (decision 0045). */
    async schedule(caller: Caller, corporationId: string, stateCodeOrId: string): Promise<FileReply> {
      const { state, registration } = await states.findRegistration(db, caller, corporationId, stateCodeOrId, 'read');
      const employees = await repo.findEmployees(db, registration.id);
      if (employees.length === 0) throw new AppError('NOT_FOUND', `No payroll is on file for ${state.name}.`);
      const { filename, content } = payrollScheduleCsv({
        state: { code: state.code, revenueService: state.revenueService },
        employerTaxPayerNumber: registration.taxPayerNumber,
        employees,
      });
      return new FileReply(filename, 'text/csv; charset=utf-8', Buffer.from(content, 'utf8'));
    },

    /** The acknowledgement the collector's portal gave for the payroll the user uploaded there: once. */
    async recordAcknowledgement(
      caller: Caller,
      corporationId: string,
      stateCodeOrId: string,
      reference: string,
      ip: string,
    ) {
      const { corporation, state, registration } = await states.findRegistration(
        db,
        caller,
        corporationId,
        stateCodeOrId,
        'write',
      );
      const latest = await repo.findLatestUpload(db, registration.id);
      if (!latest) throw new AppError('NOT_FOUND', `No payroll is on file for ${state.name}.`);
      if (!latest.filedManually)
        throw new AppError(
          'UNPROCESSABLE',
          `Levy registered this payroll with ${state.revenueService} itself (reference ${latest.agencyReference}): there is no acknowledgement to record.`,
        );
      return db.transaction(async (tx) => {
        const recorded = await repo.recordAcknowledgement(tx, latest.id, {
          reference: reference.trim(),
          recordedBy: caller.userId,
        });
        if (!recorded)
          throw new AppError(
            'CONFLICT',
            `The acknowledgement of this payroll is already recorded: ${latest.agencyReference ?? 'see the latest filing'}.`,
          );
        await recordAudit(tx, {
          organisationId: corporation.organisationId,
          actorUserId: caller.userId,
          action: 'payroll.acknowledgement_recorded',
          resourceType: 'corporation_state',
          resourceId: registration.id,
          details: { state: state.code, upload_id: latest.id, agency_reference: recorded.agencyReference },
          ipAddress: ip,
        });
        return filingView(recorded);
      });
    },

    /** The monthly PAYE on each registration's payroll on file: the alerts' penalty basis before any bill is paid. */
    taxOnFile: (registrationIds: string[]) => repo.taxOnFile(db, registrationIds),

    async employees(caller: Caller, corporationId: string, stateCodeOrId: string, params: ListParams) {
      const { registration } = await states.findRegistration(db, caller, corporationId, stateCodeOrId, 'read');
      const search = containsPattern(params.search);
      const { limit, offset } = pageWindow(params);
      const [{ rows, total }, allStates] = await Promise.all([
        repo.findEmployeesPage(db, registration.id, { search, limit, offset }),
        reference.listStates(),
      ]);
      const stateOf = new Map(allStates.map((state) => [state.id, { code: state.code, name: state.name }]));
      const items = rows.map((row) => ({
        id: row.id,
        row_number: row.rowNumber,
        tax_payer_number: row.taxPayerNumber,
        name: row.name,
        nationality: row.nationality,
        designation: row.designation,
        gross_income: koboToNairaString(row.grossIncomeKobo),
        tax_payable: koboToNairaString(row.taxPayableKobo),
        allowances: Object.fromEntries(
          Object.entries(row.allowancesKobo).map(([header, amount]) => [header, koboToNairaString(amount)]),
        ),
        reliefs: Object.fromEntries(
          Object.entries(row.reliefsKobo ?? {}).map(([header, amount]) => [header, koboToNairaString(amount)]),
        ),
        state_of_residence: row.residenceStateId === null ? null : (stateOf.get(row.residenceStateId) ?? null),
      }));
      return toPage(items, total, params);
    },
  };
}

export type PayrollService = ReturnType<typeof createPayrollService>;
