import { MESSAGES, type ListParams } from '@levy/contracts';
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern, pageWindow, toPage } from '../../db/pagination';
import { corporations } from './corporations.schema';
import { organisations } from '../organisations/organisations.schema';
import { payrollEmployees } from '../payroll/payroll.schema';
import { corporationStates } from '../states/states.schema';
import { AppError, invalidInput } from '../../errors';
import type { Caller } from '../../http/route';
import { recordAudit } from '../audit/audit.service';
import { USER_TYPES } from '../identity/permissions';

const SORTABLE = {
  created_at: corporations.createdAt,
  name: sql`lower(${corporations.name})`,
} as const;

const nameKey = (name: string) => sql`lower(trim(${name}))`;

function isStaff(caller: Caller): boolean {
  return caller.userTypeCode === USER_TYPES.staff.code;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

export function createCorporationsService(deps: { db: Db }) {
  const { db } = deps;

  /** Corporations as the API shows them, with their organisation and how many states they have. */
  function selectViews(executor: Db) {
    return executor
      .select({
        corporation: corporations,
        organisation: { id: organisations.id, name: organisations.name },
        stateCount: sql<number>`(select count(*)::int from ${corporationStates} where ${corporationStates.corporationId} = ${corporations.id})`,
      })
      .from(corporations)
      .innerJoin(organisations, eq(organisations.id, corporations.organisationId));
  }

  type ViewRow = Awaited<ReturnType<typeof selectViews>>[number];

  function toView(row: ViewRow) {
    return {
      id: row.corporation.id,
      name: row.corporation.name,
      organisation: row.organisation,
      state_count: row.stateCount,
      created_at: row.corporation.createdAt.toISOString(),
      updated_at: row.corporation.updatedAt.toISOString(),
    };
  }

  async function view(corporationId: string) {
    const [row] = await selectViews(db).where(eq(corporations.id, corporationId));
    return toView(row);
  }

  /**
   * The corporation if the caller may see it: one of its organisation's, or any for staff when
   * only reading. Anything else is NOT_FOUND, so other organisations' ids reveal nothing.
   */
  async function findAccessible(executor: Db, caller: Caller, corporationId: string, access: 'read' | 'write') {
    const [row] = await executor.select().from(corporations).where(eq(corporations.id, corporationId));
    const isOwn = row && caller.organisationId === row.organisationId;
    if (!row || (!isOwn && !(access === 'read' && isStaff(caller)))) throw new AppError('NOT_FOUND', 'Corporation not found.');
    return row;
  }

  async function assertNameFree(executor: Db, organisationId: string, name: string, exceptId?: string) {
    const [clash] = await executor
      .select({ id: corporations.id })
      .from(corporations)
      .where(and(eq(corporations.organisationId, organisationId), eq(sql`lower(trim(${corporations.name}))`, nameKey(name))));
    if (clash && clash.id !== exceptId) throw invalidInput({ name: MESSAGES.nameTaken });
  }

  /** Runs a write, answering a name taken meanwhile by another request with the same message. */
  async function guardUniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw invalidInput({ name: MESSAGES.nameTaken });
      throw error;
    }
  }

  /** Onboarding summary: corporations and registered states of an organisation. */
async function summary(organisationId: string) {
    const [row] = await db
      .select({
        corporationCount: sql<number>`count(distinct ${corporations.id})::int`,
        statesRegistered: sql<number>`count(${corporationStates.id})::int`,
      })
      .from(corporations)
      .leftJoin(corporationStates, eq(corporationStates.corporationId, corporations.id))
      .where(eq(corporations.organisationId, organisationId));
    return { corporation_count: row.corporationCount, states_registered: row.statesRegistered };
  }

  return {
    findAccessible,

    async list(caller: Caller, params: ListParams) {
      if (!isStaff(caller) && !caller.organisationId) throw new AppError('NOT_FOUND', 'Organisation not found.');
      const search = containsPattern(params.search);
      const where = and(
        isStaff(caller) ? undefined : eq(corporations.organisationId, caller.organisationId!),
        search ? ilike(corporations.name, search) : undefined,
      );
      const orderColumn = SORTABLE[(params.order_by ?? 'created_at') as keyof typeof SORTABLE] ?? SORTABLE.created_at;
      const { limit, offset } = pageWindow(params);
      const [rows, [{ total }]] = await Promise.all([
        selectViews(db)
          .where(where)
          .orderBy(params.is_asc ? asc(orderColumn) : desc(orderColumn), asc(corporations.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(corporations).where(where),
      ]);
      return toPage(rows.map(toView), total, params);
    },

    async create(caller: Caller, name: string, ip: string) {
      const organisationId = caller.organisationId;
      if (!organisationId) throw new AppError('NOT_FOUND', 'Organisation not found.');
      const id = await guardUniqueName(() =>
        db.transaction(async (tx) => {
          await assertNameFree(tx, organisationId, name);
          const [created] = await tx.insert(corporations).values({ organisationId, name: name.trim(), createdBy: caller.userId }).returning();
          await recordAudit(tx, { organisationId, actorUserId: caller.userId, action: 'corporation.created', resourceType: 'corporation', resourceId: created.id, details: { name }, ipAddress: ip });
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
          await tx.update(corporations).set({ name: name.trim(), updatedAt: new Date() }).where(eq(corporations.id, corporation.id));
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
      const { corporation_count, states_registered } = await summary(organisationId);
      const [row] = await db
        .select({ employees: sql<number>`count(${payrollEmployees.id})::int`, withConsent: sql<number>`count(distinct ${corporationStates.id}) filter (where ${corporationStates.isControlConsentGiven})::int` })
        .from(corporationStates)
        .innerJoin(corporations, eq(corporations.id, corporationStates.corporationId))
        .leftJoin(payrollEmployees, eq(payrollEmployees.corporationStateId, corporationStates.id))
        .where(eq(corporations.organisationId, organisationId));
      return { corporation_count, states_registered, states_with_payroll_consent: row.withConsent, employees: row.employees };
    },

    /** A corporation of the given organisation (for modules acting for it); anything else is NOT_FOUND. */
    async findInOrganisation(organisationId: string, corporationId: string) {
      const [row] = await db.select().from(corporations).where(and(eq(corporations.id, corporationId), eq(corporations.organisationId, organisationId)));
      if (!row) throw new AppError('NOT_FOUND', 'Corporation not found.');
      return row;
    },

    /** Every corporation of an organisation, oldest first (for modules that act on each). */
    allOfOrganisation(organisationId: string) {
      return db.select().from(corporations).where(eq(corporations.organisationId, organisationId)).orderBy(asc(corporations.createdAt));
    },

    summary,
  };
}

export type CorporationsService = ReturnType<typeof createCorporationsService>;
