import { createHash } from 'node:crypto';
import { CAC_DOCUMENT_TYPES, SETTING_CODES, updateIdentity } from '@levy/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, invalidInput } from '../../errors';
import { FileReply, type Caller, type UploadedFile } from '../../http/route';
import { recordAudit } from '../audit/audit.service';
import { ROLE_CODES } from '../identity/permissions';
import type { ReferenceService } from '../reference/reference.service';
import type { OrganisationCard } from '../team/team.service';
import { requireOwnOrganisation } from './organisation-access';
import * as repo from './organisations.repo';

const CAC_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

/** Default values of the organisation settings. */
const SETTING_DEFAULTS: Record<string, unknown> = {
  [SETTING_CODES.corporationWallets]: false,
  [SETTING_CODES.deadlineDigest]: true,
  [SETTING_CODES.billApproval]: { mode: 'members' },
};

/** A contribution to the onboarding summary from a module that owns the counted data. */
export type SummaryContribution = (organisationId: string) => Promise<Partial<OnboardingSummary>>;

export interface OnboardingSummary {
  corporation_count: number;
  states_registered: number;
  bills_generated: number;
  total_balance: string;
}

export interface OrganisationsDeps {
  db: Db;
  switchOrganisation(executor: Db, sessionId: string, organisationId: string): Promise<void>;
  /** Modules that own corporations, states, bills and wallets add their counts here as they land. */
  summaryContributions: SummaryContribution[];
  reference: ReferenceService;
  /** People's names and emails by user id; owned by the identity module. */
  usersByIds(executor: Db, userIds: string[]): Promise<Array<{ id: string; firstName: string; lastName: string; email: string }>>;
  /** Makes the creator the organisation's first admin; owned by the team module. */
  addOwner(executor: Db, input: { organisationId: string; userId: string; email: string; roleId: number }): Promise<void>;
}

/** Bounds the owners remembered below (an entry is two ids); past it, they are read again. */
const MAX_REMEMBERED_OWNERS = 100_000;

export function createOrganisationsService(deps: OrganisationsDeps) {
  // An organisation's owner is fixed when it is created (nothing updates owner_user_id), and every
  // authenticated call asks for it (the caller's isOwner): remembered once read (issue 15).
  const owners = new Map<string, string>();
  const { db, reference } = deps;

  /** The organisation and its owner's name and email; NOT_FOUND when there is none. */
  async function withOwner(organisationId: string) {
    const organisation = await repo.findOrganisation(db, organisationId);
    if (!organisation) throw new AppError('NOT_FOUND', 'Organisation not found.');
    const [owner] = await deps.usersByIds(db, [organisation.ownerUserId]);
    return { organisation, owner };
  }

  async function view(organisationId: string, caller: Caller) {
    const { organisation, owner } = await withOwner(organisationId);
    return {
      id: organisation.id,
      name: organisation.name,
      is_owner: organisation.ownerUserId === caller.userId,
      is_kyc_completed: organisation.isKycCompleted,
      kyc_completed_at: organisation.kycCompletedAt?.toISOString() ?? null,
      created_at: organisation.createdAt.toISOString(),
      owner: { first_name: owner.firstName, last_name: owner.lastName, email: owner.email },
    };
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
    const missing = Object.fromEntries(required.filter(([field]) => !result[field]).map(([field, message]) => [field, message]));
    return { ...result, missing };
  }

  /** Keeps an uploaded document in the database, in the caller's transaction; returns its id. */
  async function storeFile(executor: Db, organisationId: string, file: Pick<UploadedFile, 'filename' | 'contentType' | 'content'>, uploadedBy: string): Promise<string> {
    return repo.insertFile(executor, {
      organisationId,
      filename: file.filename,
      contentType: file.contentType,
      sizeBytes: file.content.length,
      sha256: createHash('sha256').update(file.content).digest('hex'),
      content: file.content,
      uploadedBy,
    });
  }

  return {
    storeFile,

    async create(caller: Caller, name: string | undefined, ip: string) {
      if (caller.organisationId) throw new AppError('CONFLICT', 'You already belong to an organisation.');
      const organisationId = await db.transaction(async (tx) => {
        const organisation = await repo.insertOrganisation(tx, { name: name ?? null, ownerUserId: caller.userId });
        const admin = (await reference.findRole({ code: ROLE_CODES.admin }, tx))!;
        await deps.addOwner(tx, { organisationId: organisation.id, userId: caller.userId, email: caller.email, roleId: admin.id });
        await deps.switchOrganisation(tx, caller.sessionId, organisation.id);
        await recordAudit(tx, { organisationId: organisation.id, actorUserId: caller.userId, action: 'organisation.created', resourceType: 'organisation', resourceId: organisation.id, ipAddress: ip });
        return organisation.id;
      });
      return view(organisationId, caller);
    },

    get(caller: Caller, organisationId: string) {
      return view(requireOwnOrganisation(caller, organisationId), caller);
    },

    async update(caller: Caller, organisationId: string, name: string, ip: string) {
      requireOwnOrganisation(caller, organisationId);
      await db.transaction(async (tx) => {
        await repo.updateOrganisation(tx, organisationId, { name });
        await recordAudit(tx, { organisationId, actorUserId: caller.userId, action: 'organisation.updated', resourceType: 'organisation', resourceId: organisationId, details: { name }, ipAddress: ip });
      });
      return view(organisationId, caller);
    },

    getIdentity(caller: Caller, organisationId: string) {
      return identityOf(requireOwnOrganisation(caller, organisationId));
    },

    /** The CAC certificate as it was uploaded, for whoever may read the organisation's identity. */
    async cacDocument(caller: Caller, organisationId: string): Promise<FileReply> {
      const document = await repo.findCacDocument(db, requireOwnOrganisation(caller, organisationId));
      if (!document) throw new AppError('NOT_FOUND', 'No CAC certificate has been uploaded yet.');
      return new FileReply(document.filename, document.contentType, document.content);
    },

    async updateIdentity(caller: Caller, organisationId: string, input: z.output<typeof updateIdentity>, uploads: UploadedFile[], ip: string) {
      requireOwnOrganisation(caller, organisationId);
      const document = uploads.find((file) => file.field === 'cac_document');
      if (document && !(CAC_DOCUMENT_TYPES as readonly string[]).includes(document.contentType)) throw invalidInput({ cac_document: 'The CAC certificate must be a PDF, JPG or PNG file' });
      if (document && document.content.length > CAC_DOCUMENT_MAX_BYTES) throw invalidInput({ cac_document: 'The CAC certificate must be 5 MB or smaller' });
      const state = await reference.findState({ id: input.state_id });
      if (!state) throw invalidInput({ state_id: 'State is required' });
      await db.transaction(async (tx) => {
        const documentId = document ? await storeFile(tx, organisationId, document, caller.userId) : undefined;
        const values = {
          legalName: input.legal_name,
          cacNumber: input.cac_number.toUpperCase().replace(/[\s-]/g, ''),
          businessType: input.business_type,
          industry: input.industry,
          taxId: input.tax_id,
          address: input.address,
          stateId: input.state_id,
          phone: input.phone,
          website: input.website || null,
          ...(documentId ? { cacDocumentFileId: documentId } : {}),
          updatedAt: new Date(),
        };
        await repo.upsertIdentity(tx, organisationId, values);
        // The legal name names the organisation until someone renames it.
        await repo.updateOrganisation(tx, organisationId, { name: input.legal_name });
        await recordAudit(tx, { organisationId, actorUserId: caller.userId, action: 'organisation.identity_updated', resourceType: 'organisation', resourceId: organisationId, details: { document: document?.filename ?? null }, ipAddress: ip });
      });
      return identityOf(organisationId);
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
      return rows.map((row) => ({ id: row.id, name: row.name, ownerUserId: row.ownerUserId, isKycCompleted: row.isKycCompleted }));
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
    async replaceSetting(input: { organisationId: string; code: string; value: unknown; updatedBy: string; action: string; ip: string }) {
      await db.transaction(async (tx) => {
        await repo.upsertSetting(tx, { organisationId: input.organisationId, code: input.code, value: input.value, updatedBy: input.updatedBy });
        await recordAudit(tx, { organisationId: input.organisationId, actorUserId: input.updatedBy, action: input.action, resourceType: 'setting', resourceId: input.code, ipAddress: input.ip });
      });
    },

    async getSettings(caller: Caller, organisationId: string, settingCode?: string) {
      requireOwnOrganisation(caller, organisationId);
      const rows = await repo.findSettings(db, organisationId);
      const stored = new Map(rows.map((row) => [row.code, row.value]));
      const codes = settingCode ? [settingCode] : Object.keys(SETTING_DEFAULTS);
      return codes.map((code) => ({ setting_code: code, value: stored.has(code) ? stored.get(code) : SETTING_DEFAULTS[code] }));
    },

    async updateSetting(caller: Caller, organisationId: string, code: string, value: unknown, ip: string) {
      requireOwnOrganisation(caller, organisationId);
      await db.transaction(async (tx) => {
        await repo.upsertSetting(tx, { organisationId, code, value, updatedBy: caller.userId });
        await recordAudit(tx, { organisationId, actorUserId: caller.userId, action: 'organisation.setting_changed', resourceType: 'setting', resourceId: code, details: { value }, ipAddress: ip });
      });
      return { setting_code: code, value };
    },

    async completeKyc(caller: Caller, organisationId: string, ip: string) {
      requireOwnOrganisation(caller, organisationId);
      const identity = await identityOf(organisationId);
      if (Object.keys(identity.missing).length > 0) throw invalidInput(identity.missing, 'Complete your business details before finishing onboarding.');
      await db.transaction(async (tx) => {
        await repo.updateOrganisation(tx, organisationId, { isKycCompleted: true, kycCompletedAt: new Date() });
        await recordAudit(tx, { organisationId, actorUserId: caller.userId, action: 'organisation.kyc_completed', resourceType: 'organisation', resourceId: organisationId, ipAddress: ip });
      });
      return view(organisationId, caller);
    },

    async summary(caller: Caller, organisationId: string): Promise<OnboardingSummary> {
      requireOwnOrganisation(caller, organisationId);
      const summary: OnboardingSummary = { corporation_count: 0, states_registered: 0, bills_generated: 0, total_balance: '0.00' };
      for (const contribute of deps.summaryContributions) Object.assign(summary, await contribute(organisationId));
      return summary;
    },
  };
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
