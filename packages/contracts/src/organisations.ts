import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';
import { idParam } from './common';
import { nairaAmount } from './calculator';
import { BILL_APPROVAL_MODES } from './constants';
import { sessionOrganisation } from './identity';
import { email, optionalUrl, requiredText, taxId } from './validation';

export const createOrganisationBody = z.object({ name: z.string().trim().min(1).optional() }).default({});

export const updateOrganisationBody = z.object({ name: requiredText('Organisation name') });

export const CAC_NUMBER_PATTERN = /^(RC|BN|IT)\s?-?\d{1,8}$/i;

export const BUSINESS_TYPES = [
  'Limited liability company',
  'Public limited company',
  'Business name (enterprise)',
  'Incorporated trustees (NGO)',
  'Partnership',
] as const;

export const INDUSTRIES = [
  'Agriculture',
  'Construction',
  'Education',
  'Energy and utilities',
  'Financial services',
  'Healthcare',
  'Hospitality',
  'Information technology',
  'Logistics and transport',
  'Manufacturing',
  'Media and entertainment',
  'Oil and gas',
  'Professional services',
  'Real estate',
  'Retail and trade',
  'Telecommunications',
  'Other',
] as const;

/** The KYC identity form (multipart: these fields plus the `cac_document` file). */
export const updateIdentity = z.object({
  legal_name: requiredText('Legal name'),
  cac_number: requiredText('CAC registration number').regex(CAC_NUMBER_PATTERN, {
    error: 'Provide a valid CAC registration number (RC, BN or IT followed by digits)',
  }),
  business_type: z.enum(BUSINESS_TYPES, { error: 'Business type is required' }),
  industry: z.enum(INDUSTRIES, { error: 'Industry is required' }),
  tax_id: taxId,
  address: requiredText('Address'),
  state_id: z.coerce.number({ error: 'State is required' }).int().positive({ error: 'State is required' }),
  phone: requiredText('Phone number').regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'Phone number is not valid' }),
  website: optionalUrl,
});

export const SETTING_CODES = {
  corporationWallets: 'core.organisation.do_corporation_have_wallet',
  /** Mail the admins a daily digest of deadlines due within 7 days and overdue ones (default on). */
  deadlineDigest: 'core.organisation.deadline_digest',
  /** Which bills wait for an admin before money moves: `{ mode: 'members' | 'above' | 'off', above?: naira }` (default members). */
  billApproval: 'core.organisation.bill_approval',
} as const;

const SETTING_CODE_LIST = [
  SETTING_CODES.corporationWallets,
  SETTING_CODES.deadlineDigest,
  SETTING_CODES.billApproval,
] as const;

/** Maker-checker: `members` (a member's bill waits for an admin), `above` (a bill whose total is above the
 * amount waits for an admin other than its preparer) or `off`.
 */
export const billApprovalSetting = z
  .object({
    mode: z.enum(BILL_APPROVAL_MODES, { error: 'Choose which bills wait for approval' }),
    above: nairaAmount('Amount').optional(),
  })
  .refine((value) => value.mode !== 'above' || (value.above !== undefined && Number(value.above) > 0), {
    error: 'Enter the amount above which bills wait for approval',
    path: ['above'],
  })
  .transform((value) => (value.mode === 'above' ? { mode: value.mode, above: value.above } : { mode: value.mode }));
export type BillApprovalSetting = z.infer<typeof billApprovalSetting>;

const booleanValue = z.boolean({ error: 'Value is required' });

/** A setting and its value, each setting with the type of its value. */
export const updateSetting = z.discriminatedUnion(
  'setting_code',
  [
    z.object({ setting_code: z.literal(SETTING_CODES.corporationWallets), value: booleanValue }),
    z.object({ setting_code: z.literal(SETTING_CODES.deadlineDigest), value: booleanValue }),
    z.object({ setting_code: z.literal(SETTING_CODES.billApproval), value: billApprovalSetting }),
  ],
  { error: 'Unknown setting' },
);

export const getSetting = z.object({
  setting_code: z.enum(SETTING_CODE_LIST, { error: 'Unknown setting' }).optional(),
});

export const inviteUser = z.object({
  email,
  role_id: z.coerce.number({ error: 'Role is required' }).int().positive({ error: 'Role is required' }),
});

export const verifyInvite = z.object({ ott: requiredText('Invitation token') });

export const changeMemberRoleBody = z.object({
  role_id: z.coerce.number({ error: 'Role is required' }).int().positive({ error: 'Role is required' }),
});

export const MEMBER_STATUSES = ['active', 'invited'] as const;

/** The organisation as its members see it. */
export const organisationDetails = sessionOrganisation.extend({
  kyc_completed_at: z.string().nullable(),
  created_at: z.string(),
  owner: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }),
});
export type OrganisationDetails = z.infer<typeof organisationDetails>;

/** The KYC identity, with each field still missing and its message. */
export const organisationIdentity = z.object({
  legal_name: z.string().nullable(),
  cac_number: z.string().nullable(),
  business_type: z.string().nullable(),
  industry: z.string().nullable(),
  tax_id: z.string().nullable(),
  address: z.string().nullable(),
  state_id: z.number().nullable(),
  state: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  cac_document: z
    .object({ id: z.string(), filename: z.string(), size: z.number(), content_type: z.string() })
    .nullable(),
  missing: z.record(z.string(), z.string()),
});
export type OrganisationIdentity = z.infer<typeof organisationIdentity>;

export const organisationSetting = z.object({
  setting_code: z.string(),
  /** The setting's value: a boolean, or for bill approval `{ mode, above? }`. */
  value: z.unknown(),
});
export type OrganisationSetting = z.infer<typeof organisationSetting>;

/** The onboarding summary; modules that own the counted data contribute to it. */
export const onboardingSummary = z.object({
  corporation_count: z.number(),
  states_registered: z.number(),
  bills_generated: z.number(),
  /** Naira with two decimals. */
  total_balance: z.string(),
});
export type OnboardingSummary = z.infer<typeof onboardingSummary>;

const organisationParams = z.object({ id: idParam });

export const createOrganisation = defineContract(calls.createOrganisation, {
  summary: 'Create an organisation; the caller becomes its owner and admin',
  body: createOrganisationBody,
  response: organisationDetails,
});

export const getOrganisation = defineContract(calls.getOrganisation, {
  summary: 'The organisation',
  params: organisationParams,
  response: organisationDetails,
});

export const updateOrganisation = defineContract(calls.updateOrganisation, {
  summary: 'Rename the organisation',
  params: organisationParams,
  body: updateOrganisationBody,
  response: organisationDetails,
});

export const getOrganisationIdentity = defineContract(calls.getOrganisationIdentity, {
  summary: 'KYC identity, with the fields still missing',
  params: organisationParams,
  response: organisationIdentity,
});

/** The stored CAC certificate itself, as uploaded at onboarding. */
export const downloadCacDocument = defineContract(calls.downloadCacDocument, {
  summary: 'The stored CAC certificate, as uploaded',
  params: organisationParams,
});

/** Multipart: the identity fields and the `cac_document` file. */
export const updateOrganisationIdentity = defineContract(calls.updateOrganisationIdentity, {
  summary: 'Update the KYC identity (multipart form: the fields and the cac_document file)',
  params: organisationParams,
  body: updateIdentity,
  response: organisationIdentity,
});

export const getOrganisationSettings = defineContract(calls.getOrganisationSettings, {
  summary: 'Settings, or one setting with setting_code',
  params: organisationParams.extend(getSetting.shape),
  response: z.array(organisationSetting),
});

export const updateOrganisationSetting = defineContract(calls.updateOrganisationSetting, {
  summary: 'Change a setting (core.organisation.do_corporation_have_wallet)',
  params: organisationParams,
  body: updateSetting,
  response: organisationSetting,
});

export const completeKyc = defineContract(calls.completeKyc, {
  summary: 'Mark KYC completed once every identity field and the CAC certificate are in',
  params: organisationParams,
  response: organisationDetails,
});

export const getOnboardingSummary = defineContract(calls.getOnboardingSummary, {
  summary: 'Onboarding summary: corporation_count, states_registered, bills_generated, total_balance',
  params: organisationParams,
  response: onboardingSummary,
});
