import { createHash } from 'node:crypto';
import { SETTING_CODES } from '@levy/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Caller, UploadedFile } from '../../http/route';
import { recordAudit } from '../audit/audit.service';
import type { ReferenceService } from '../reference/reference.service';
import type { OrganisationCard } from './team.service';
import { requireOwnOrganisation } from './organisation-access';
import * as repo from './organisations.repo';

/** Default values of the organisation settings. */
export const SETTING_DEFAULTS: Record<string, unknown> = {
  [SETTING_CODES.corporationWallets]: false,
  [SETTING_CODES.deadlineDigest]: true,
  [SETTING_CODES.billApproval]: { mode: 'members' },
};

/** Bounds the owners remembered below (an entry is two ids); past it, they are read again. */
const MAX_REMEMBERED_OWNERS = 100_000;

/**
 * What other modules read and keep of an organisation: cards, owner, identity, files and settings.
 * Built before the modules that use it; the organisations service, built after them (its
 * onboarding summary counts what they own), composes it.
 */
export function createOrganisationDirectory(deps: {
  db: Db;
  reference: ReferenceService;
  /** People's names and emails by user id; owned by the identity module. */
  usersByIds(
    executor: Db,
    userIds: string[],
  ): Promise<Array<{ id: string; firstName: string; lastName: string; email: string }>>;
}) {
  // An organisation's owner is fixed when it is created (nothing updates owner_user_id), and every
  // authenticated call asks for it (the caller's isOwner): remembered once read.
  const owners = new Map<string, string>();
  const { db, reference } = deps;

  /** The organisation and its owner's name and email; NOT_FOUND when there is none. */
  async function withOwner(organisationId: string) {
    const organisation = await repo.findOrganisation(db, organisationId);
    if (!organisation) throw new AppError('NOT_FOUND', 'Organisation not found.');
    const [owner] = await deps.usersByIds(db, [organisation.ownerUserId]);
    return { organisation, owner };
  }

  async function identityOf(organisationId: string) {
    const row = await repo.findIdentity(db, organisationId);
    const identity = row?.identity;
    const state = identity?.stateId ? await reference.findState({ id: identity.stateId }) : undefined;
    const result = {
      legal_name: identity?.legalName ?? null,
      cac_number: identity?.cacNumber ?? null,
      business_type: identity?.businessType ?? null,
      industry: identity?.industry ?? null,
      tax_id: identity?.taxId ?? null,
      address: identity?.address ?? null,
      state_id: identity?.stateId ?? null,
      state: state ? { id: state.id, code: state.code, name: state.name } : null,
      phone: identity?.phone ?? null,
      website: identity?.website ?? null,
      cac_document: row?.document?.id ? row.document : null,
    };
    const required: Array<[keyof typeof result, string]> = [
      ['legal_name', 'Legal name is required'],
      ['cac_number', 'CAC registration number is required'],
      ['business_type', 'Business type is required'],
      ['industry', 'Industry is required'],
      ['tax_id', 'Tax ID is required'],
      ['address', 'Address is required'],
      ['state_id', 'State is required'],
      ['phone', 'Phone number is required'],
      ['cac_document', 'CAC certificate is required'],
    ];
    const missing = Object.fromEntries(
      required.filter(([field]) => !result[field]).map(([field, message]) => [field, message]),
    );
    return { ...result, missing };
  }

  return {
    withOwner,

    /** The organisation's KYC identity with what is missing from it, for its own people. */
    getIdentity(caller: Caller, organisationId: string) {
      return identityOf(requireOwnOrganisation(caller, organisationId));
    },

    /** Keeps an uploaded document in the database, in the caller's transaction; returns its id. */
    async storeFile(
      executor: Db,
      organisationId: string,
      file: Pick<UploadedFile, 'filename' | 'contentType' | 'content'>,
      uploadedBy: string,
    ): Promise<string> {
      return repo.insertFile(executor, {
        organisationId,
        filename: file.filename,
        contentType: file.contentType,
        sizeBytes: file.content.length,
        sha256: createHash('sha256').update(file.content).digest('hex'),
        content: file.content,
        uploadedBy,
      });
    },

    async nameOf(organisationId: string): Promise<string | null> {
      return (await repo.findOrganisation(db, organisationId))?.name ?? null;
    },

    /** The user who owns an organisation; undefined when there is no such organisation. */
    async ownerUserIdOf(executor: Db, organisationId: string): Promise<string | undefined> {
      const known = owners.get(organisationId);
      if (known) return known;
      const [row] = await repo.findOrganisations(executor, [organisationId]);
      if (!row) return undefined;
      if (owners.size >= MAX_REMEMBERED_OWNERS) owners.clear();
      owners.set(organisationId, row.ownerUserId);
      return row.ownerUserId;
    },

    /** Organisations by id, as memberships and corporations show them. */
    async byIds(executor: Db, organisationIds: string[]): Promise<OrganisationCard[]> {
      const rows = await repo.findOrganisations(executor, organisationIds);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        ownerUserId: row.ownerUserId,
        isKycCompleted: row.isKycCompleted,
      }));
    },

    /** The owner's email of an organisation, for modules that write to the owner (agency consent mails). */
    async ownerOf(organisationId: string): Promise<{ email: string }> {
      const { owner } = await withOwner(organisationId);
      return { email: owner.email };
    },

    /** One setting's value for other modules (wallets ask whether corporations have their own). */
    async settingValue(organisationId: string, code: string): Promise<unknown> {
      const row = await repo.findSetting(db, organisationId, code);
      return row ? row.value : SETTING_DEFAULTS[code];
    },

    /**
     * A value another module keeps in the organisation's settings (the deadline feed's secret):
     * stored only when absent, so two first readers agree. Never listed by getSettings.
     */
    settingOrInsert(organisationId: string, code: string, value: unknown, updatedBy: string): Promise<unknown> {
      return repo.insertSettingIfAbsent(db, { organisationId, code, value, updatedBy });
    },

    /** Replaces a value another module keeps in the organisation's settings, with an audit record. */
    async replaceSetting(input: {
      organisationId: string;
      code: string;
      value: unknown;
      updatedBy: string;
      action: string;
      ip: string;
    }) {
      await db.transaction(async (tx) => {
        await repo.upsertSetting(tx, {
          organisationId: input.organisationId,
          code: input.code,
          value: input.value,
          updatedBy: input.updatedBy,
        });
        await recordAudit(tx, {
          organisationId: input.organisationId,
          actorUserId: input.updatedBy,
          action: input.action,
          resourceType: 'setting',
          resourceId: input.code,
          ipAddress: input.ip,
        });
      });
    },
  };
}

export type OrganisationDirectory = ReturnType<typeof createOrganisationDirectory>;
