import { MESSAGES, type ListParams } from '@levy/contracts';
import type { Db } from '../../db/client';
import { containsPattern, pageWindow, toPage } from '../../db/pagination';
import { AppError, guardUniqueName, invalidInput } from '../../errors';
import type { Caller } from '../../http/route';
import { recordAudit } from '../audit/audit.service';
import { USER_TYPES } from '../accounts/permissions';
import * as repo from './corporations.repo';
import type { Corporation } from './corporations.repo';

function isStaff(caller: Caller): boolean {
  return caller.userTypeCode === USER_TYPES.staff.code;
}

/** What the payroll module holds under a registration: employees on the list and payroll files. */
export interface PayrollCounts {
  employees: number;
  files: number;
  updatedAt: Date | null;
}

/** The payroll module's count per registration (every id asked for is present); payroll is built after corporations and states. */
export type PayrollContents = (executor: Db, registrationIds: string[]) => Promise<Map<string, PayrollCounts>>;

export interface CorporationsDeps {
  db: Db;
  /** Organisations' names by id; owned by the organisations module. */
  organisationsByIds(executor: Db, organisationIds: string[]): Promise<Array<{ id: string; name: string | null }>>;
  /** The state registrations of corporations; owned by the states module, which depends on this one. */
  registrationsOf(
    executor: Db,
    corporationIds: string[],
  ): Promise<Array<{ id: string; corporationId: string; isControlConsentGiven: boolean }>>;
  /** Employees and files under registrations; owned by the payroll module. */
  payrollContents: PayrollContents;
}

export function createCorporationsService(deps: CorporationsDeps) {
  const { db } = deps;

  /** Corporations as the API shows them, with their organisation and how many states they have. */
  async function views(executor: Db, rows: Corporation[]) {
    const [organisations, registrations] = await Promise.all([
      deps.organisationsByIds(executor, [...new Set(rows.map((row) => row.organisationId))]),
      deps.registrationsOf(
        executor,
        rows.map((row) => row.id),
      ),
    ]);
    const organisationById = new Map(
      organisations.map((organisation) => [organisation.id, { id: organisation.id, name: organisation.name }]),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      organisation: organisationById.get(row.organisationId)!,
      state_count: registrations.filter((registration) => registration.corporationId === row.id).length,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  }

  async function view(corporationId: string) {
    const [result] = await views(db, [(await repo.findCorporation(db, corporationId))!]);
    return result;
  }

  /** The state registrations of an organisation's corporations. */
  async function registrationsOfOrganisation(organisationId: string) {
    const corporations = await repo.findCorporationsOfOrganisation(db, organisationId);
    return {
      corporations,
      registrations: await deps.registrationsOf(
        db,
        corporations.map((corporation) => corporation.id),
      ),
    };
  }

  /**
   * The corporation if the caller may see it: one of its organisation's, or any for staff when
   * only reading. Anything else is NOT_FOUND, so other organisations' ids reveal nothing.
   */
  async function findAccessible(executor: Db, caller: Caller, corporationId: string, access: 'read' | 'write') {
    const row = await repo.findCorporation(executor, corporationId);
    const isOwn = row && caller.organisationId === row.organisationId;
    if (!row || (!isOwn && !(access === 'read' && isStaff(caller))))
      throw new AppError('NOT_FOUND', 'Corporation not found.');
    return row;
  }

  async function assertNameFree(executor: Db, organisationId: string, name: string, exceptId?: string) {
    const clash = await repo.findByName(executor, organisationId, name);
    if (clash && clash.id !== exceptId) throw invalidInput({ name: MESSAGES.nameTaken });
  }

  /** Onboarding summary: corporations and registered states of an organisation. */
  async function summary(organisationId: string) {
    const { corporations, registrations } = await registrationsOfOrganisation(organisationId);
    return { corporationCount: corporations.length, statesRegistered: registrations.length };
  }

  return {
    findAccessible,

    async list(caller: Caller, params: ListParams) {
      if (!isStaff(caller) && !caller.organisationId) throw new AppError('NOT_FOUND', 'Organisation not found.');
      const { limit, offset } = pageWindow(params);
      const { rows, total } = await repo.findCorporationsPage(db, {
        organisationId: isStaff(caller) ? null : caller.organisationId,
        search: containsPattern(params.search),
        orderBy: params.order_by,
        isAsc: Boolean(params.is_asc),
        limit,
        offset,
      });
      return toPage(await views(db, rows), total, params);
    },

    async create(caller: Caller, name: string, ip: string) {
      const organisationId = caller.organisationId;
      if (!organisationId) throw new AppError('NOT_FOUND', 'Organisation not found.');
      const id = await guardUniqueName(() =>
        db.transaction(async (tx) => {
          await assertNameFree(tx, organisationId, name);
          const created = await repo.insertCorporation(tx, {
            organisationId,
            name: name.trim(),
            createdBy: caller.userId,
          });
          await recordAudit(tx, {
            organisationId,
            actorUserId: caller.userId,
            action: 'corporation.created',
            resourceType: 'corporation',
            resourceId: created.id,
            details: { name },
            ipAddress: ip,
          });
          return created.id;
        }),
      );
      return view(id);
    },

    async get(caller: Caller, corporationId: string) {
      await findAccessible(db, caller, corporationId, 'read');
      return view(corporationId);
    },

    async update(caller: Caller, corporationId: string, name: string, ip: string) {
      await guardUniqueName(() =>
        db.transaction(async (tx) => {
          const corporation = await findAccessible(tx, caller, corporationId, 'write');
          await assertNameFree(tx, corporation.organisationId, name, corporation.id);
          await repo.renameCorporation(tx, corporation.id, name.trim());
          await recordAudit(tx, {
            organisationId: corporation.organisationId,
            actorUserId: caller.userId,
            action: 'corporation.renamed',
            resourceType: 'corporation',
            resourceId: corporation.id,
            details: { from: corporation.name, to: name },
            ipAddress: ip,
          });
        }),
      );
      return view(corporationId);
    },

    /** Corporation stats of an organisation: how many, states registered, employees on payroll. */
    async stats(caller: Caller, organisationId: string) {
      if (caller.organisationId !== organisationId) throw new AppError('NOT_FOUND', 'Organisation not found.');
      const { corporations, registrations } = await registrationsOfOrganisation(organisationId);
      const contents = await deps.payrollContents(
        db,
        registrations.map((registration) => registration.id),
      );
      const employees = [...contents.values()].reduce((sum, content) => sum + content.employees, 0);
      return {
        corporation_count: corporations.length,
        states_registered: registrations.length,
        states_with_payroll_consent: registrations.filter((registration) => registration.isControlConsentGiven).length,
        employees,
      };
    },

    /** A corporation of the given organisation (for modules acting for it); anything else is NOT_FOUND. */
    async findInOrganisation(organisationId: string, corporationId: string) {
      const row = await repo.findCorporationInOrganisation(db, organisationId, corporationId);
      if (!row) throw new AppError('NOT_FOUND', 'Corporation not found.');
      return row;
    },

    /** Every corporation of an organisation, oldest first (for modules that act on each). */
    allOfOrganisation(organisationId: string) {
      return repo.findCorporationsOfOrganisation(db, organisationId);
    },

    summary,
  };
}

export type CorporationsService = ReturnType<typeof createCorporationsService>;
