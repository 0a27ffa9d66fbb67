import type { AnnualReturnVersion, AnnualReturnView } from '@levy/contracts';
import {
  addDays,
  annualReturnDueDate,
  computeAnnualReturn,
  lagosDate,
  LATE_RETURN_PENALTY_TABLE,
  lateReturnPenalty,
  type AnnualReturn,
  type Kobo,
  type PayeDeclaredReliefs,
  ZERO_KOBO,
} from '@levy/tax';
import type { AgencyState, StateAgency } from '../../adapters/agency/state-agency';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Caller, FileReply } from '../../http/route';
import { zipReply } from '../../http/zip';
import { agencyFailure, refuseFederalPaye, type StatesService } from '../states/states.service';
import { contentView, naira } from './annual-return-view';
import { exportAnnualReturn, renderTaxCard, type ReturnDocumentInput } from './annual-return-documents';
import * as repo from './annual-returns.repo';
import { priorPaymentsAsBills } from './prior-payments.service';

/** A paid PAYE bill of the year with its rows, as the bills module gives it. */
export interface PaidPayeBill {
  reference: string;
  period: string;
  supplementary: boolean;
  supplementaryReason: string | null;
  amountDueKobo: Kobo;
  items: Array<{
    taxPayerNumber: string;
    name: string;
    designation: string | null;
    amountKobo: Kobo | null;
    taxPayableKobo: Kobo;
    expectedTaxKobo: Kobo | null;
    incomesKobo: Kobo[] | null;
    /** The reliefs the employee declared on the bill's payroll; null when none was. */
    declaredReliefs: PayeDeclaredReliefs | null;
  }>;
}

export interface AnnualReturnsDeps {
  db: Db;
  agency: StateAgency;
  /** How long an agency call may take (AGENCY_TIMEOUT_MS): a submission claim older than twice that belongs to a process that died. */
  agencyTimeoutMs: number;
  states: Pick<StatesService, 'findRegistration'>;
  /** The bills module: a corporation's paid PAYE bills in a state for a year, with their rows. */
  paidPayeBillsOfYear(key: { corporationId: string; stateId: number; year: number }): Promise<PaidPayeBill[]>;
  /** The identity module: people's names by id. */
  people(userIds: string[]): Promise<Array<{ id: string; firstName: string; lastName: string }>>;
  /** The organisation's address from its KYC identity, or null. */
  payerAddress(caller: Caller, organisationId: string): Promise<string | null>;
  now?: () => Date;
}

const NO_PAID_BILLS = (year: number) =>
  `There is no paid PAYE bill for ${year} in this state, so there is nothing to put in the return. Pay the year's PAYE bills first.`;

export function createAnnualReturnsService(deps: AnnualReturnsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function gather(
    caller: Caller,
    corporationId: string,
    stateCode: string,
    year: number,
    access: 'read' | 'write',
  ) {
    const { corporation, state, registration } = await deps.states.findRegistration(
      db,
      caller,
      corporationId,
      stateCode,
      access,
    );
    refuseFederalPaye(state, "the employer's annual return of PAYE");
    const key = { corporationId: corporation.id, stateId: state.id, year };
    const [bills, priorBills, versions] = await Promise.all([
      deps.paidPayeBillsOfYear(key),
      priorPaymentsAsBills(db, key),
      repo.findVersions(db, key),
    ]);
    const preview = computeAnnualReturn({
      year,
      firstTaxMonth: registration.firstTaxMonth,
      asOf: lagosDate(now()),
      bills: [
        ...bills.map((bill) => ({
          reference: bill.reference,
          period: bill.period,
          supplementary: bill.supplementary,
          supplementaryReason: bill.supplementaryReason,
          amountDueKobo: bill.amountDueKobo,
          rows: bill.items.map((item) => ({
            taxPayerNumber: item.taxPayerNumber,
            name: item.name,
            designation: item.designation,
            grossKobo: item.amountKobo ?? ZERO_KOBO,
            taxKobo: item.taxPayableKobo,
            expectedTaxKobo: item.expectedTaxKobo,
            incomesKobo: item.incomesKobo,
            declaredReliefs: item.declaredReliefs,
          })),
        })),
        ...priorBills,
      ],
    });
    return { corporation, state, registration, key, preview, versions, paidBills: bills.length + priorBills.length };
  }

  type Gathered = Awaited<ReturnType<typeof gather>>;

  function versionView(row: repo.AnnualReturnRow): AnnualReturnVersion {
    return {
      version: row.version,
      reference: row.agencyReference,
      filed_manually: row.filedManually,
      filed_by: row.filedByName,
      filed_at: row.filedAt.toISOString(),
      reason: row.reason,
      employees: row.content.totals.employees,
      tax_deducted: naira(row.content.totals.taxDeductedKobo),
    };
  }

  /** Why the return cannot be filed now, or null. */
  function refusal(gathered: Gathered): string | null {
    const { year } = gathered.key;
    const today = lagosDate(now());
    if (today < `${year + 1}-01-01`)
      return `${year} has not ended: its annual return can be submitted from 1 January ${year + 1}.`;
    if (gathered.paidBills === 0) return NO_PAID_BILLS(year);
    return null;
  }

  function view(gathered: Gathered): AnnualReturnView {
    const { corporation, state, registration, key, preview, versions } = gathered;
    const latest = versions[0] ?? null;
    const dueDate = annualReturnDueDate(key.year);
    const first = versions.at(-1);
    const lateAsOf = first ? lagosDate(first.filedAt) : lagosDate(now());
    // Late filing is reckoned for returns due once the s.101 rule was in force (2025's on).
    const late =
      lateAsOf > dueDate && addDays(dueDate, 1) >= LATE_RETURN_PENALTY_TABLE[0].from
        ? lateReturnPenalty(dueDate, lateAsOf)
        : null;
    const changed = latest !== null && JSON.stringify(latest.content) !== JSON.stringify(preview);
    const reason = refusal(gathered);
    return {
      corporation: { id: corporation.id, name: corporation.name },
      state: { code: state.code, name: state.name, revenue_service: state.revenueService },
      tax_payer_number: registration.taxPayerNumber,
      year: key.year,
      due_date: dueDate,
      status: latest ? 'filed' : 'not_filed',
      can_submit: reason === null,
      cannot_submit_reason: reason,
      filed: latest ? versionView(latest) : null,
      versions: versions.map(versionView),
      changed_since_filing: changed,
      late_filing: late
        ? { months_late: late.monthsLate, penalty: naira(late.penalty), rule: late.rule, as_of: lateAsOf }
        : null,
      return: contentView(latest?.content ?? preview),
      preview: changed ? contentView(preview) : null,
    };
  }

  async function file(
    caller: Caller,
    params: { id: string; state: string; year: number },
    amendment: { reason: string } | null,
  ): Promise<AnnualReturnView> {
    const gathered = await gather(caller, params.id, params.state, params.year, 'write');
    const reason = refusal(gathered);
    if (reason) throw new AppError('UNPROCESSABLE', reason);
    const latest = gathered.versions[0];
    if (!amendment && latest)
      throw new AppError(
        'CONFLICT',
        `The ${params.year} return was filed on ${lagosDate(latest.filedAt)} ` +
          `(${latest.agencyReference ? `reference ${latest.agencyReference}` : 'its acknowledgement is still to be recorded'}). ` +
          `To change it, amend it.`,
      );
    if (amendment && !latest)
      throw new AppError('CONFLICT', `The ${params.year} return has not been filed yet: submit it first.`);
    const version = (latest?.version ?? 0) + 1;
    const { preview, state, registration } = gathered;
    const [person] = await deps.people([caller.userId]);
    const filedByName = person ? `${person.firstName} ${person.lastName}`.trim() : caller.firstName;
    const key = { corporationId: gathered.corporation.id, stateId: state.id, year: params.year };
    // One submission reaches the revenue service at a time: two admins pressing Submit together file once.
    if (
      !(await repo.claimSubmission(db, key, {
        version,
        claimedByName: filedByName,
        staleAfterMs: 2 * deps.agencyTimeoutMs,
      }))
    ) {
      const holder = await repo.findClaim(db, key);
      throw new AppError(
        'CONFLICT',
        `${holder?.claimedByName ?? 'Someone'} is submitting the ${params.year} return to ${state.revenueService} right now. Reload in a moment to see it.`,
      );
    }
    let stored: repo.AnnualReturnRow | null;
    try {
      // Filed while this request was being read: the claim came after the other filing was stored.
      const [current] = await repo.findVersions(db, key);
      if ((current?.version ?? 0) !== version - 1)
        throw new AppError(
          'CONFLICT',
          `Version ${current.version} of the ${params.year} return was filed by ${current.filedByName} a moment ago. Reload to see it.`,
        );
      let reference: string | null;
      try {
        ({ reference } = await deps.agency.submitAnnualReturn({
          state: {
            code: state.code,
            name: state.name,
            revenueService: state.revenueService,
            collector: state.collector,
          } satisfies AgencyState,
          taxPayerNumber: registration.taxPayerNumber,
          year: params.year,
          version,
          employees: preview.employees.map((employee) => ({
            taxPayerNumber: employee.taxPayerNumber,
            name: employee.name,
            grossIncomeKobo: employee.grossKobo,
            taxDeductedKobo: employee.taxDeductedKobo,
          })),
          totalTaxKobo: preview.totals.taxDeductedKobo,
        }));
      } catch (error) {
        throw agencyFailure(error);
      }
      stored = await repo.insertVersion(db, {
        organisationId: gathered.corporation.organisationId,
        ...key,
        version,
        agencyReference: reference,
        // No reference: the user files it on the collector's portal and records the acknowledgement (decision 0045).
        filedManually: reference === null,
        reason: amendment?.reason ?? null,
        content: preview,
        filedBy: caller.userId,
        filedByName,
        filedAt: now(),
      });
    } finally {
      await repo.releaseClaim(db, key);
    }
    if (!stored)
      throw new AppError(
        'CONFLICT',
        `Someone filed version ${version} of the ${params.year} return at the same moment. Reload to see it.`,
      );
    return view({ ...gathered, versions: [stored, ...gathered.versions] });
  }

  async function documentInput(
    caller: Caller,
    params: { id: string; state: string; year: number },
  ): Promise<ReturnDocumentInput> {
    const gathered = await gather(caller, params.id, params.state, params.year, 'read');
    const latest = gathered.versions[0] ?? null;
    const content: AnnualReturn = latest?.content ?? gathered.preview;
    return {
      view: view(gathered),
      content,
      employerAddress: await deps.payerAddress(caller, gathered.corporation.organisationId),
      generatedAt: now(),
    };
  }

  return {
    async get(caller: Caller, params: { id: string; state: string; year: number }) {
      return view(await gather(caller, params.id, params.state, params.year, 'read'));
    },

    /** The acknowledgement the collector's portal gave for the latest version, filed there by hand: once. */
    async recordAcknowledgement(
      caller: Caller,
      params: { id: string; state: string; year: number },
      reference: string,
    ): Promise<AnnualReturnView> {
      const gathered = await gather(caller, params.id, params.state, params.year, 'write');
      const latest = gathered.versions[0];
      if (!latest) throw new AppError('CONFLICT', `The ${params.year} return has not been filed yet: submit it first.`);
      if (!latest.filedManually)
        throw new AppError(
          'UNPROCESSABLE',
          `Levy filed this return with ${gathered.state.revenueService} itself (reference ${latest.agencyReference}): there is no acknowledgement to record.`,
        );
      const recorded = await repo.recordAcknowledgement(db, latest.id, {
        reference: reference.trim(),
        recordedBy: caller.userId,
      });
      if (!recorded)
        throw new AppError(
          'CONFLICT',
          `The acknowledgement of version ${latest.version} is already recorded: ${latest.agencyReference ?? 'reload to see it'}.`,
        );
      return view({ ...gathered, versions: [recorded, ...gathered.versions.slice(1)] });
    },

    submit(caller: Caller, params: { id: string; state: string; year: number }) {
      return file(caller, params, null);
    },

    amend(caller: Caller, params: { id: string; state: string; year: number }, reason: string) {
      return file(caller, params, { reason });
    },

    async export(
      caller: Caller,
      params: { id: string; state: string; year: number; format: 'csv' | 'xlsx' | 'pdf' },
    ): Promise<FileReply> {
      return exportAnnualReturn(await documentInput(caller, params), params.format);
    },

    async taxCard(
      caller: Caller,
      params: { id: string; state: string; year: number; taxPayerNumber: string },
    ): Promise<FileReply> {
      const input = await documentInput(caller, params);
      const wanted = params.taxPayerNumber.toUpperCase();
      const employee = input.content.employees.find((candidate) => candidate.taxPayerNumber.toUpperCase() === wanted);
      if (!employee)
        throw new AppError(
          'NOT_FOUND',
          `No employee with the Tax ID ${params.taxPayerNumber} is on the ${params.year} PAYE bills.`,
        );
      return renderTaxCard(input, employee);
    },

    async taxCards(caller: Caller, params: { id: string; state: string; year: number }): Promise<FileReply> {
      const input = await documentInput(caller, params);
      if (input.content.employees.length === 0) throw new AppError('UNPROCESSABLE', NO_PAID_BILLS(params.year));
      const cards: FileReply[] = [];
      for (const employee of input.content.employees) cards.push(await renderTaxCard(input, employee));
      return zipReply(
        `tax-cards-${input.view.corporation.name.replace(/[^A-Za-z0-9]+/g, '-')}-${input.view.state.code}-${params.year}.zip`,
        cards,
      );
    },

    /** The first filing of each corporation, state and year of an organisation: the alerts module's deadlines. */
    async filings(organisationId: string) {
      const rows = await repo.firstFilings(db, organisationId);
      return rows.map((row) => ({
        corporationId: row.corporationId,
        stateId: row.stateId,
        year: row.year,
        filedAt: row.filedAt,
      }));
    },
  };
}

export type AnnualReturnsService = ReturnType<typeof createAnnualReturnsService>;
