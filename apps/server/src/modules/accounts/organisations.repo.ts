import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isAnyOf, preparedQuery } from '../../db/prepared';
import { files, organisationIdentities, organisations, organisationSettings } from './organisations.schema';

export type Organisation = typeof organisations.$inferSelect;
export type OrganisationIdentity = typeof organisationIdentities.$inferSelect;

export async function insertOrganisation(
  executor: Db,
  organisation: typeof organisations.$inferInsert,
): Promise<Organisation> {
  const [row] = await executor.insert(organisations).values(organisation).returning();
  return row;
}

export async function findOrganisation(executor: Db, organisationId: string): Promise<Organisation | undefined> {
  const [row] = await executor.select().from(organisations).where(eq(organisations.id, organisationId));
  return row;
}

const organisationsByIds = preparedQuery((executor) =>
  executor.select().from(organisations).where(isAnyOf(organisations.id, 'ids')).prepare('organisations_by_ids'),
);

/** Organisations by id; every corporations list asks, so it is prepared. */
export function findOrganisations(executor: Db, organisationIds: string[]): Promise<Organisation[]> {
  if (organisationIds.length === 0) return Promise.resolve([]);
  return organisationsByIds(executor, { ids: organisationIds });
}

export async function updateOrganisation(
  executor: Db,
  organisationId: string,
  changes: Partial<Pick<Organisation, 'name' | 'isKycCompleted' | 'kycCompletedAt'>>,
): Promise<void> {
  await executor
    .update(organisations)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(organisations.id, organisationId));
}

/** The KYC identity with its CAC document's description (not its content). */
export async function findIdentity(executor: Db, organisationId: string) {
  const [row] = await executor
    .select({
      identity: organisationIdentities,
      document: { id: files.id, filename: files.filename, size: files.sizeBytes, content_type: files.contentType },
    })
    .from(organisationIdentities)
    .leftJoin(files, eq(files.id, organisationIdentities.cacDocumentFileId))
    .where(eq(organisationIdentities.organisationId, organisationId));
  return row;
}

/** The CAC certificate's file, content included. */
export async function findCacDocument(executor: Db, organisationId: string) {
  const [row] = await executor
    .select({ filename: files.filename, contentType: files.contentType, content: files.content })
    .from(organisationIdentities)
    .innerJoin(files, eq(files.id, organisationIdentities.cacDocumentFileId))
    .where(eq(organisationIdentities.organisationId, organisationId));
  return row;
}

export async function upsertIdentity(
  executor: Db,
  organisationId: string,
  values: Omit<typeof organisationIdentities.$inferInsert, 'organisationId'>,
): Promise<void> {
  await executor
    .insert(organisationIdentities)
    .values({ organisationId, ...values })
    .onConflictDoUpdate({ target: organisationIdentities.organisationId, set: values });
}

export async function insertFile(executor: Db, file: typeof files.$inferInsert): Promise<string> {
  const [stored] = await executor.insert(files).values(file).returning({ id: files.id });
  return stored.id;
}

const setting = preparedQuery((executor) =>
  executor
    .select({ value: organisationSettings.value })
    .from(organisationSettings)
    .where(
      and(
        eq(organisationSettings.organisationId, sql.placeholder('organisationId')),
        eq(organisationSettings.code, sql.placeholder('code')),
      ),
    )
    .prepare('organisation_setting'),
);

/** One setting's stored value; the wallet calls ask for the wallet type, so it is prepared. */
export async function findSetting(executor: Db, organisationId: string, code: string) {
  const [row] = await setting(executor, { organisationId, code });
  return row;
}

export function findSettings(executor: Db, organisationId: string) {
  return executor.select().from(organisationSettings).where(eq(organisationSettings.organisationId, organisationId));
}

export async function upsertSetting(
  executor: Db,
  setting: { organisationId: string; code: string; value: unknown; updatedBy: string },
): Promise<void> {
  await executor
    .insert(organisationSettings)
    .values(setting)
    .onConflictDoUpdate({
      target: [organisationSettings.organisationId, organisationSettings.code],
      set: { value: setting.value, updatedBy: setting.updatedBy, updatedAt: new Date() },
    });
}

/** Stores the setting unless the organisation has it already; returns the stored value either way. */
export async function insertSettingIfAbsent(
  executor: Db,
  setting: { organisationId: string; code: string; value: unknown; updatedBy: string },
): Promise<unknown> {
  await executor.insert(organisationSettings).values(setting).onConflictDoNothing();
  return (await findSetting(executor, setting.organisationId, setting.code))?.value;
}
