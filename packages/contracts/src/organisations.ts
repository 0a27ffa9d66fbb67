import { z } from 'zod';
import { email, optionalUrl, requiredText, taxId } from './validation';

export const createOrganisation = z.object({ name: z.string().trim().min(1).optional() }).default({});

export const updateOrganisation = z.object({ name: requiredText('Organisation name') });

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
} as const;

/** Settings an organisation can change, with the type of each value. */
export const settingValues = {
  [SETTING_CODES.corporationWallets]: z.boolean(),
} as const;

export const updateSetting = z.object({
  setting_code: z.enum([SETTING_CODES.corporationWallets], { error: 'Unknown setting' }),
  value: z.boolean({ error: 'Value is required' }),
});

export const getSetting = z.object({
  setting_code: z.enum([SETTING_CODES.corporationWallets], { error: 'Unknown setting' }).optional(),
});

export const inviteUser = z.object({
  email,
  role_id: z.coerce.number({ error: 'Role is required' }).int().positive({ error: 'Role is required' }),
});

export const verifyInvite = z.object({ ott: requiredText('Invitation token') });

export const changeMemberRole = z.object({
  role_id: z.coerce.number({ error: 'Role is required' }).int().positive({ error: 'Role is required' }),
});

export const MEMBER_STATUSES = ['active', 'invited'] as const;
