import {
  BILL_APPROVAL_MESSAGES,
  CAC_DOCUMENT_TYPES,
  SETTING_CODES,
  updateIdentity,
  type BillApprovalSetting,
} from '@levy/contracts';
import { ZERO_KOBO, type Kobo } from '@levy/tax';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, invalidInput } from '../../errors';
import { checkDocument } from '../../http/file-signature';
import { FileReply, type Caller, type UploadedFile } from '../../http/route';
import { recordAudit } from '../audit/audit.service';
import { ROLE_CODES } from './permissions';
import type { ReferenceService } from '../reference/reference.service';
import { requireOwnOrganisation } from './organisation-access';
import { SETTING_DEFAULTS, type OrganisationDirectory } from './organisation-directory';
import * as repo from './organisations.repo';

const CAC_NOT_A_DOCUMENT = 'The CAC certificate must be a PDF, JPG or PNG file';

const CAC_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

/** A contribution to the onboarding summary from a module that owns the counted data. */
export type SummaryContribution = (organisationId: string) => Promise<Partial<OnboardingSummary>>;

export interface OnboardingSummary {
  corporationCount: number;
  statesRegistered: number;
  billsGenerated: number;
  totalBalance: Kobo;
}

export interface OrganisationsDeps {
  db: Db;
  /** The organisation's reads and settings other modules use, built before them. */
  directory: OrganisationDirectory;
  switchOrganisation(executor: Db, sessionId: string, organisationId: string): Promise<void>;
  /** Modules that own corporations, states, bills and wallets add their counts here. */
  summaryContributions: SummaryContribution[];
  reference: ReferenceService;
  /** Makes the creator the organisation's first admin; owned by the team module. */
  addOwner(
    executor: Db,
    input: { organisationId: string; userId: string; email: string; roleId: number },
  ): Promise<void>;
  /** How many active admins the organisation has (the team module's): `above` approval needs two. */
  activeAdminCount(organisationId: string): Promise<number>;
}

/** Organisations for their own people: creation, KYC identity, settings and the onboarding summary. */
export function createOrganisationsService(deps: OrganisationsDeps) {
  const { db, reference, directory } = deps;

  async function view(organisationId: string, caller: Caller) {
    const { organisation, owner } = await directory.withOwner(organisationId);
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

  return {
    async create(caller: Caller, name: string | undefined, ip: string) {
      if (caller.organisationId) throw new AppError('CONFLICT', 'You already belong to an organisation.');
      const organisationId = await db.transaction(async (tx) => {
        const organisation = await repo.insertOrganisation(tx, { name: name ?? null, ownerUserId: caller.userId });
        const admin = (await reference.findRole({ code: ROLE_CODES.admin }, tx))!;
        await deps.addOwner(tx, {
          organisationId: organisation.id,
          userId: caller.userId,
          email: caller.email,
          roleId: admin.id,
        });
        await deps.switchOrganisation(tx, caller.sessionId, organisation.id);
        await recordAudit(tx, {
          organisationId: organisation.id,
          actorUserId: caller.userId,
          action: 'organisation.created',
          resourceType: 'organisation',
          resourceId: organisation.id,
          ipAddress: ip,
        });
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
        await recordAudit(tx, {
          organisationId,
          actorUserId: caller.userId,
          action: 'organisation.updated',
          resourceType: 'organisation',
          resourceId: organisationId,
          details: { name },
          ipAddress: ip,
        });
      });
      return view(organisationId, caller);
    },

    getIdentity: directory.getIdentity,

    /** The CAC certificate as it was uploaded, for whoever may read the organisation's identity. */
    async cacDocument(caller: Caller, organisationId: string): Promise<FileReply> {
      const document = await repo.findCacDocument(db, requireOwnOrganisation(caller, organisationId));
      if (!document) throw new AppError('NOT_FOUND', 'No CAC certificate has been uploaded yet.');
      // Files kept before uploads were checked by content are checked again before anyone opens them.
      const checked = checkDocument(document, CAC_DOCUMENT_TYPES);
      if (!checked.ok)
        throw new AppError(
          'UNPROCESSABLE',
          'The CAC certificate on file is not a PDF, JPG or PNG file: upload it again from Settings → Organisation.',
        );
      return new FileReply(document.filename, checked.contentType, document.content);
    },

    async updateIdentity(
      caller: Caller,
      organisationId: string,
      input: z.output<typeof updateIdentity>,
      uploads: UploadedFile[],
      ip: string,
    ) {
      requireOwnOrganisation(caller, organisationId);
      const document = uploads.find((file) => file.field === 'cac_document');
      const checked = document ? checkDocument(document, CAC_DOCUMENT_TYPES) : null;
      if (checked && !checked.ok)
        throw invalidInput({ cac_document: checked.reason === 'misnamed' ? checked.message : CAC_NOT_A_DOCUMENT });
      if (document && document.content.length > CAC_DOCUMENT_MAX_BYTES)
        throw invalidInput({ cac_document: 'The CAC certificate must be 5 MB or smaller' });
      const state = await reference.findState({ id: input.state_id });
      if (!state) throw invalidInput({ state_id: 'State is required' });
      await db.transaction(async (tx) => {
        // Stored under the type its content shows, never the one the browser claimed.
        const documentId =
          document && checked?.ok
            ? await directory.storeFile(
                tx,
                organisationId,
                { ...document, contentType: checked.contentType },
                caller.userId,
              )
            : undefined;
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
        await recordAudit(tx, {
          organisationId,
          actorUserId: caller.userId,
          action: 'organisation.identity_updated',
          resourceType: 'organisation',
          resourceId: organisationId,
          details: { document: document?.filename ?? null },
          ipAddress: ip,
        });
      });
      return directory.getIdentity(caller, organisationId);
    },

    async getSettings(caller: Caller, organisationId: string, settingCode?: string) {
      requireOwnOrganisation(caller, organisationId);
      const rows = await repo.findSettings(db, organisationId);
      const stored = new Map(rows.map((row) => [row.code, row.value]));
      const codes = settingCode ? [settingCode] : Object.keys(SETTING_DEFAULTS);
      return codes.map((code) => ({
        setting_code: code,
        value: stored.has(code) ? stored.get(code) : SETTING_DEFAULTS[code],
      }));
    },

    async updateSetting(caller: Caller, organisationId: string, code: string, value: unknown, ip: string) {
      requireOwnOrganisation(caller, organisationId);
      if (
        code === SETTING_CODES.billApproval &&
        (value as BillApprovalSetting).mode === 'above' &&
        (await deps.activeAdminCount(organisationId)) < 2
      ) {
        throw new AppError('UNPROCESSABLE', BILL_APPROVAL_MESSAGES.aboveNeedsTwoAdmins);
      }
      await db.transaction(async (tx) => {
        await repo.upsertSetting(tx, { organisationId, code, value, updatedBy: caller.userId });
        await recordAudit(tx, {
          organisationId,
          actorUserId: caller.userId,
          action: 'organisation.setting_changed',
          resourceType: 'setting',
          resourceId: code,
          details: { value },
          ipAddress: ip,
        });
      });
      return { setting_code: code, value };
    },

    async completeKyc(caller: Caller, organisationId: string, ip: string) {
      requireOwnOrganisation(caller, organisationId);
      const identity = await directory.getIdentity(caller, organisationId);
      if (Object.keys(identity.missing).length > 0)
        throw invalidInput(identity.missing, 'Complete your business details before finishing onboarding.');
      await db.transaction(async (tx) => {
        await repo.updateOrganisation(tx, organisationId, { isKycCompleted: true, kycCompletedAt: new Date() });
        await recordAudit(tx, {
          organisationId,
          actorUserId: caller.userId,
          action: 'organisation.kyc_completed',
          resourceType: 'organisation',
          resourceId: organisationId,
          ipAddress: ip,
        });
      });
      return view(organisationId, caller);
    },

    async summary(caller: Caller, organisationId: string): Promise<OnboardingSummary> {
      requireOwnOrganisation(caller, organisationId);
      const summary: OnboardingSummary = {
        corporationCount: 0,
        statesRegistered: 0,
        billsGenerated: 0,
        totalBalance: ZERO_KOBO,
      };
      for (const contribute of deps.summaryContributions) Object.assign(summary, await contribute(organisationId));
      return summary;
    },
  };
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
