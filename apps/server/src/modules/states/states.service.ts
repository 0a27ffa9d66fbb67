import { CONSENT_RULES } from '@levy/contracts';
import { EARLIEST_SUPPORTED_PERIOD, isSameTaxpayerName, lagosPeriod } from '@levy/tax';
import { AgencyError, type AgencyState, type StateAgency } from '../../adapters/agency/state-agency';
import type { Db } from '../../db/client';
import { AppError, invalidInput } from '../../errors';
import type { Caller } from '../../http/route';
import { recordAudit } from '../audit/audit.service';
import type { CorporationsService, PayrollContents } from '../corporations/corporations.service';
import { hashToken, newToken } from '../accounts/secrets';
import type { OrganisationDirectory } from '../accounts/organisation-directory';

import type { ReferenceService, State } from '../reference/reference.service';
import * as repo from './states.repo';
import type { Registration } from './states.repo';

/** A registration with no payroll on file. */
const NO_PAYROLL = { employees: 0, files: 0, updatedAt: null };

/** The registration form: Tax ID, the first tax month owed, and the confirmation of another taxpayer name. */
export interface RegisterStateInput {
  tax_payer_number: string;
  first_tax_month?: string;
  confirm_name?: boolean;
}

export interface StatesDeps {
  db: Db;
  agency: StateAgency;
  corporations: CorporationsService;
  reference: ReferenceService;
  organisations: OrganisationDirectory;
  /** Owned by the payroll module, which depends on this one: passed in as a function. */
  payrollContents: PayrollContents;
}

function agencyStateOf(state: State): AgencyState {
  return { code: state.code, name: state.name, revenueService: state.revenueService, collector: state.collector };
}

/**
 * The NRS collects WHT on payments to companies only (docs/tax-rules.md §3): PAYE, and the payroll and
 * consent to manage it that PAYE needs, belong to the State IRS of the employees' residence.
 */
export function refuseFederalPaye(state: Pick<State, 'collector' | 'name'>, what: string): void {
  if (state.collector === 'federal') {
    throw new AppError(
      'UNPROCESSABLE',
      `The ${state.name} collects WHT on payments to companies only: ${what} belongs to the State Internal Revenue Service where the employees live.`,
    );
  }
}

/** Agency failures in the API's words: an unknown Tax ID is the field's problem; silence is UNAVAILABLE. */
export function agencyFailure(error: unknown): unknown {
  if (!(error instanceof AgencyError)) return error;
  return error.kind === 'not_found'
    ? invalidInput({ tax_payer_number: error.message })
    : new AppError('UNAVAILABLE', error.message);
}

/**
 * The state registrations of these corporations, for the corporations module's counts. A function
 * of its own, not a service method: the states service acts on corporations, so it is built after
 * them, and app.ts hands corporations this read instead.
 */
export function registrationsOf(executor: Db, corporationIds: string[]) {
  return repo.findRegistrationsOfCorporations(executor, corporationIds);
}

export function createStatesService(deps: StatesDeps) {
  const { db, agency, corporations, reference } = deps;

  /** A state by its code (`LA`) or id (`25`). */
  async function findState(executor: Db, codeOrId: string): Promise<State> {
    const byId = /^\d+$/.test(codeOrId);
    const state = await reference.findState(
      byId ? { id: Number(codeOrId) } : { code: codeOrId.toUpperCase() },
      executor,
    );
    if (!state) throw new AppError('NOT_FOUND', 'State not found.');
    return state;
  }

  async function verifyWithAgency(state: State, taxPayerNumber: string, claimedName?: string) {
    try {
      return await agency.verifyTaxId({ state: agencyStateOf(state), taxPayerNumber, claimedName });
    } catch (error) {
      throw agencyFailure(error);
    }
  }

  /** Where no agency sends codes (manual mode), consent is attested instead. */
  function refuseCodesWhenManual(state: State) {
    if (agency.mode === 'manual')
      throw new AppError(
        'UNPROCESSABLE',
        `Levy does not reach ${state.revenueService} online, so no code is sent: confirm the corporation's consent yourself instead.`,
      );
  }

  /** The corporation's registration in a state, within the caller's reach. */
  async function findRegistration(
    executor: Db,
    caller: Caller,
    corporationId: string,
    codeOrId: string,
    access: 'read' | 'write',
  ) {
    const corporation = await corporations.findAccessible(executor, caller, corporationId, access);
    const state = await findState(executor, codeOrId);
    const registration = await repo.findRegistration(executor, corporation.id, state.id);
    if (!registration) throw new AppError('NOT_FOUND', `${state.name} is not registered for this corporation.`);
    return { corporation, state, registration };
  }

  /** `consentRequestedAt`: when an OTP was last sent for consent (null: never asked, so nothing is pending). */
  function toView(
    registration: Registration,
    state: State,
    corporationName: string,
    payroll: { employees: number; updatedAt: Date | null },
    consentRequestedAt: Date | null,
  ) {
    return {
      id: registration.id,
      tax_payer_number: registration.taxPayerNumber,
      tax_payer_name: registration.taxPayerName,
      is_control_consent_given: registration.isControlConsentGiven,
      consent_given_at: registration.consentGivenAt?.toISOString() ?? null,
      consent_requested_at: consentRequestedAt?.toISOString() ?? null,
      employee_count: payroll.employees,
      payroll_updated_at: payroll.updatedAt?.toISOString() ?? null,
      state: {
        id: state.id,
        code: state.code,
        name: state.name,
        revenue_service: state.revenueService,
        collector: state.collector,
      },
      created_at: registration.createdAt.toISOString(),
      first_tax_month: registration.firstTaxMonth,
      name_matches: isSameTaxpayerName(registration.taxPayerName, corporationName),
    };
  }

  async function registrationView(executor: Db, registration: Registration, corporationName: string) {
    const state = await reference.findState({ id: registration.stateId }, executor);
    const [contents, consentRequests] = await Promise.all([
      deps.payrollContents(executor, [registration.id]),
      repo.findLastConsentRequests(executor, [registration.id]),
    ]);
    return toView(
      registration,
      state!,
      corporationName,
      contents.get(registration.id) ?? NO_PAYROLL,
      consentRequests.get(registration.id) ?? null,
    );
  }

  /** The first tax month a form asks for: this month by default, back to the engine's earliest period, never ahead. */
  function firstTaxMonthOf(value: string | undefined): string {
    const current = lagosPeriod(new Date());
    const month = value ?? current;
    if (month > current) throw invalidInput({ first_tax_month: 'The first tax month cannot be in the future' });
    if (month < EARLIEST_SUPPORTED_PERIOD)
      throw invalidInput({
        first_tax_month: `The first tax month cannot be before ${EARLIEST_SUPPORTED_PERIOD}: Levy's tax rules start then`,
      });
    return month;
  }

  /**
   * The agency's taxpayer for a Tax ID, refused with CONFLICT naming it when it is not the
   * corporation (case, punctuation and Ltd/Limited aside) unless the user confirmed it is.
   */
  async function taxpayerFor(
    state: State,
    taxPayerNumber: string,
    corporationName: string,
    confirmName: boolean | undefined,
  ) {
    const taxpayer = await verifyWithAgency(state, taxPayerNumber, corporationName);
    // No agency checked the name (manual mode): the user confirms it as the state portal shows it.
    if (taxpayer.nameToConfirm && !confirmName)
      throw new AppError(
        'CONFLICT',
        `Levy cannot ask ${state.revenueService} who holds ${taxpayer.taxPayerNumber}: confirm that it is ${corporationName}'s Tax ID as shown on the ` +
          `${state.revenueService} portal.`,
        { agency_name: null, tax_payer_number: taxpayer.taxPayerNumber, name_to_confirm: true },
      );
    if (!confirmName && !isSameTaxpayerName(taxpayer.name, corporationName)) {
      throw new AppError(
        'CONFLICT',
        `${state.revenueService} holds ${taxpayer.taxPayerNumber} for "${taxpayer.name}", not ${corporationName}. Check the Tax ID, or confirm that it ` +
          `belongs to this corporation.`,
        { agency_name: taxpayer.name, tax_payer_number: taxpayer.taxPayerNumber },
      );
    }
    return taxpayer;
  }

  /** Deletes a registration and everything under it; says what went. */
  async function deleteRegistration(executor: Db, registration: Registration) {
    const { employees, files } = (await deps.payrollContents(executor, [registration.id])).get(registration.id) ?? {
      employees: 0,
      files: 0,
    };
    // The payroll rows go with the registration (their foreign keys cascade).
    await repo.deleteRegistration(executor, registration.id);
    return {
      tax_payer_number: registration.taxPayerNumber,
      employees,
      payroll_files: files,
      consent: registration.isControlConsentGiven,
    };
  }

  return {
    findRegistration,

    /** Holds the corporation's registration in a state until the transaction ends (see repo.lockRegistration). */
    async lockRegistration(tx: Db, corporationId: string, stateId: number): Promise<void> {
      if (!(await repo.lockRegistration(tx, corporationId, stateId)))
        throw new AppError('NOT_FOUND', 'This state is no longer registered for this corporation.');
    },

    async listForCorporation(caller: Caller, corporationId: string) {
      const corporation = await corporations.findAccessible(db, caller, corporationId, 'read');
      const [registrations, allStates] = await Promise.all([
        repo.findRegistrationsOfCorporation(db, corporation.id),
        reference.listStates(db),
      ]);
      const registrationIds = registrations.map((registration) => registration.id);
      const [contents, consentRequests] = await Promise.all([
        deps.payrollContents(db, registrationIds),
        repo.findLastConsentRequests(db, registrationIds),
      ]);
      const registrationByState = new Map(registrations.map((registration) => [registration.stateId, registration]));
      // By state name: the reference list comes sorted.
      return allStates.flatMap((state) => {
        const registration = registrationByState.get(state.id);
        return registration
          ? [
              toView(
                registration,
                state,
                corporation.name,
                contents.get(registration.id) ?? NO_PAYROLL,
                consentRequests.get(registration.id) ?? null,
              ),
            ]
          : [];
      });
    },

    /** Every registration of an organisation's corporations with its state, first tax month and created date (the alerts module's deadlines start there). */
    async registrationsOfOrganisation(organisationId: string) {
      const [corporationList, allStates] = await Promise.all([
        corporations.allOfOrganisation(organisationId),
        reference.listStates(db),
      ]);
      const statesById = new Map(allStates.map((state) => [state.id, state]));
      const registrations = (
        await repo.findRegistrationsOfCorporations(
          db,
          corporationList.map((corporation) => corporation.id),
        )
      ).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      return corporationList.flatMap((corporation) =>
        registrations
          .filter((registration) => registration.corporationId === corporation.id)
          .flatMap((registration) => {
            const state = statesById.get(registration.stateId);
            return state
              ? [
                  {
                    registrationId: registration.id,
                    corporation: { id: corporation.id, name: corporation.name },
                    state: { id: state.id, code: state.code, name: state.name, collector: state.collector },
                    firstTaxMonth: registration.firstTaxMonth,
                    createdAt: registration.createdAt,
                  },
                ]
              : [];
          }),
      );
    },

    /** Asks the agency who holds this Tax ID (step 1 of Add/Update state), for the corporation registering it when given. */
    async verify(caller: Caller, stateCodeOrId: string, input: { tax_payer_number: string; corporation_id?: string }) {
      const state = await findState(db, stateCodeOrId);
      const corporation = input.corporation_id
        ? await corporations.findAccessible(db, caller, input.corporation_id, 'read')
        : null;
      const taxpayer = await verifyWithAgency(state, input.tax_payer_number, corporation?.name);
      return {
        name: taxpayer.name,
        tax_payer_number: taxpayer.taxPayerNumber,
        name_matches:
          corporation && !taxpayer.nameToConfirm ? isSameTaxpayerName(taxpayer.name, corporation.name) : null,
        name_to_confirm: taxpayer.nameToConfirm === true,
      };
    },

    async add(caller: Caller, corporationId: string, stateCodeOrId: string, input: RegisterStateInput, ip: string) {
      const corporation = await corporations.findAccessible(db, caller, corporationId, 'write');
      const state = await findState(db, stateCodeOrId);
      const existing = await repo.findRegistration(db, corporation.id, state.id);
      if (existing)
        throw new AppError(
          'CONFLICT',
          `${state.name} is already registered for this corporation. Update its Tax ID instead.`,
        );
      const firstTaxMonth = firstTaxMonthOf(input.first_tax_month);
      // The agency is asked outside any transaction: a slow agency must not hold the database.
      const taxpayer = await taxpayerFor(state, input.tax_payer_number, corporation.name, input.confirm_name);
      const registration = await db.transaction(async (tx) => {
        const created = await repo.insertRegistration(
          tx,
          {
            corporationId: corporation.id,
            stateId: state.id,
            taxPayerNumber: taxpayer.taxPayerNumber,
            taxPayerName: taxpayer.name,
            firstTaxMonth,
            createdBy: caller.userId,
          },
          { skipIfExists: true },
        );
        if (!created)
          throw new AppError(
            'CONFLICT',
            `${state.name} is already registered for this corporation. Update its Tax ID instead.`,
          );
        await recordAudit(tx, {
          organisationId: corporation.organisationId,
          actorUserId: caller.userId,
          action: 'state.added',
          resourceType: 'corporation_state',
          resourceId: created.id,
          details: {
            corporation_id: corporation.id,
            state: state.code,
            tax_payer_number: taxpayer.taxPayerNumber,
            taxpayer_name: taxpayer.name,
            name_confirmed: input.confirm_name === true,
            first_tax_month: firstTaxMonth,
          },
          ipAddress: ip,
        });
        return created;
      });
      return toView(registration, state, corporation.name, NO_PAYROLL, null);
    },

    /** Admins: from which month the corporation owes tax in this state (alerts and the calendar count from it). */
    async setFirstTaxMonth(caller: Caller, corporationId: string, stateCodeOrId: string, month: string, ip: string) {
      const firstTaxMonth = firstTaxMonthOf(month);
      return db.transaction(async (tx) => {
        const { corporation, state, registration } = await findRegistration(
          tx,
          caller,
          corporationId,
          stateCodeOrId,
          'write',
        );
        const updated = await repo.updateRegistration(tx, registration.id, { firstTaxMonth });
        await recordAudit(tx, {
          organisationId: corporation.organisationId,
          actorUserId: caller.userId,
          action: 'state.first_tax_month_changed',
          resourceType: 'corporation_state',
          resourceId: registration.id,
          details: { state: state.code, from: registration.firstTaxMonth, to: firstTaxMonth },
          ipAddress: ip,
        });
        return registrationView(tx, updated, corporation.name);
      });
    },

    /** Update {state} Id: the old registration and its data go, the new one comes, in one transaction. */
    async updateTaxId(
      caller: Caller,
      corporationId: string,
      stateCodeOrId: string,
      input: RegisterStateInput,
      ip: string,
    ) {
      const { corporation, state, registration } = await findRegistration(
        db,
        caller,
        corporationId,
        stateCodeOrId,
        'write',
      );
      // The new Tax ID keeps the months owed unless the form says otherwise.
      const firstTaxMonth =
        input.first_tax_month === undefined ? registration.firstTaxMonth : firstTaxMonthOf(input.first_tax_month);
      const taxpayer = await taxpayerFor(state, input.tax_payer_number, corporation.name, input.confirm_name);
      return db.transaction(async (tx) => {
        const { registration: current } = await findRegistration(tx, caller, corporationId, stateCodeOrId, 'write');
        const removed = await deleteRegistration(tx, current);
        const created = (await repo.insertRegistration(
          tx,
          {
            corporationId: corporation.id,
            stateId: state.id,
            taxPayerNumber: taxpayer.taxPayerNumber,
            taxPayerName: taxpayer.name,
            firstTaxMonth,
            createdBy: caller.userId,
          },
          { skipIfExists: false },
        ))!;
        await recordAudit(tx, {
          organisationId: corporation.organisationId,
          actorUserId: caller.userId,
          action: 'state.tax_id_updated',
          resourceType: 'corporation_state',
          resourceId: created.id,
          details: {
            corporation_id: corporation.id,
            state: state.code,
            from: current.taxPayerNumber,
            to: taxpayer.taxPayerNumber,
            taxpayer_name: taxpayer.name,
            name_confirmed: input.confirm_name === true,
            removed,
          },
          ipAddress: ip,
        });
        return { ...toView(created, state, corporation.name, NO_PAYROLL, null), removed };
      });
    },

    async remove(caller: Caller, corporationId: string, stateCodeOrId: string, ip: string) {
      return db.transaction(async (tx) => {
        const { corporation, state, registration } = await findRegistration(
          tx,
          caller,
          corporationId,
          stateCodeOrId,
          'write',
        );
        const removed = await deleteRegistration(tx, registration);
        await recordAudit(tx, {
          organisationId: corporation.organisationId,
          actorUserId: caller.userId,
          action: 'state.removed',
          resourceType: 'corporation_state',
          resourceId: registration.id,
          details: { corporation_id: corporation.id, state: state.code, removed },
          ipAddress: ip,
        });
        return { state: { id: state.id, code: state.code, name: state.name }, removed };
      });
    },

    /** Step 1 of Manage Payroll: the agency mails a code to the taxpayer's registered email. */
    async requestConsent(caller: Caller, corporationId: string, stateCodeOrId: string) {
      const { corporation, state, registration } = await findRegistration(
        db,
        caller,
        corporationId,
        stateCodeOrId,
        'write',
      );
      refuseFederalPaye(state, 'consent to manage payroll');
      refuseCodesWhenManual(state);
      const owner = await deps.organisations.ownerOf(corporation.organisationId);
      let sent: { reference: string; email: string };
      try {
        sent = await agency.requestConsentOtp({
          state: agencyStateOf(state),
          taxPayerNumber: registration.taxPayerNumber,
          contactEmail: owner.email,
        });
      } catch (error) {
        throw agencyFailure(error);
      }
      const token = newToken();
      await repo.insertConsentRequest(db, {
        corporationStateId: registration.id,
        tokenHash: hashToken(token),
        agencyReference: sent.reference,
        email: sent.email,
        expiresAt: new Date(Date.now() + CONSENT_RULES.expiryMinutes * 60_000),
        requestedBy: caller.userId,
      });
      return { token, email: sent.email };
    },

    /**
     * Consent where no agency sends codes (manual mode, decision 0045): the user attests that the
     * corporation consents to Levy managing its payroll; the attestation is audited as such.
     */
    async attestConsent(caller: Caller, corporationId: string, stateCodeOrId: string, ip: string) {
      const { corporation, state, registration } = await findRegistration(
        db,
        caller,
        corporationId,
        stateCodeOrId,
        'write',
      );
      refuseFederalPaye(state, 'consent to manage payroll');
      if (agency.mode !== 'manual')
        throw new AppError(
          'UNPROCESSABLE',
          `${state.revenueService} sends a consent code to the taxpayer: request the code instead.`,
        );
      return db.transaction(async (tx) => {
        const updated = await repo.markConsentGiven(tx, registration.id);
        await recordAudit(tx, {
          organisationId: corporation.organisationId,
          actorUserId: caller.userId,
          action: 'state.consent_attested',
          resourceType: 'corporation_state',
          resourceId: registration.id,
          details: { state: state.code, tax_payer_number: registration.taxPayerNumber, by: 'attestation' },
          ipAddress: ip,
        });
        return registrationView(tx, updated, corporation.name);
      });
    },

    /** Step 2: the code from the mail. Five tries, ten minutes, once. */
    async verifyConsent(
      caller: Caller,
      corporationId: string,
      stateCodeOrId: string,
      input: { pin: string; token: string },
      ip: string,
    ) {
      const { corporation, state, registration } = await findRegistration(
        db,
        caller,
        corporationId,
        stateCodeOrId,
        'write',
      );
      refuseFederalPaye(state, 'consent to manage payroll');
      const request = await repo.findConsentRequest(db, hashToken(input.token), registration.id);
      if (!request) throw invalidInput({ token: 'This consent request is not valid. Request a new code.' });
      if (request.usedAt) throw invalidInput({ pin: 'This code was already used. Request a new one.' });
      if (request.expiresAt.getTime() < Date.now())
        throw invalidInput({ pin: 'This code has expired. Request a new one.' });
      // Count the try before checking it, so parallel guesses cannot exceed the limit.
      const attempts = await repo.countConsentAttempt(db, request.id, CONSENT_RULES.maxAttempts);
      if (attempts === undefined) throw new AppError('RATE_LIMITED', 'Too many wrong codes. Request a new one.');
      let isCorrect: boolean;
      try {
        isCorrect = await agency.verifyConsentOtp({ reference: request.agencyReference, pin: input.pin });
      } catch (error) {
        throw agencyFailure(error);
      }
      if (!isCorrect) {
        const left = CONSENT_RULES.maxAttempts - attempts;
        throw invalidInput({
          pin:
            left > 0
              ? `The code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`
              : 'The code is not correct. Request a new one.',
        });
      }
      return db.transaction(async (tx) => {
        if (!(await repo.useConsentRequest(tx, request.id)))
          throw invalidInput({ pin: 'This code was already used. Request a new one.' });
        const updated = await repo.markConsentGiven(tx, registration.id);
        await recordAudit(tx, {
          organisationId: corporation.organisationId,
          actorUserId: caller.userId,
          action: 'state.consent_given',
          resourceType: 'corporation_state',
          resourceId: registration.id,
          details: { state: state.code },
          ipAddress: ip,
        });
        return registrationView(tx, updated, corporation.name);
      });
    },

    registrationView,
  };
}

export type StatesService = ReturnType<typeof createStatesService>;
