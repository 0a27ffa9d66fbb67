import {
  completeKyc,
  createOrganisation,
  downloadCacDocument,
  getOnboardingSummary,
  getOrganisation,
  getOrganisationIdentity,
  getOrganisationSettings,
  updateOrganisation,
  updateOrganisationIdentity,
  updateOrganisationSetting,
} from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { OrganisationsService } from './organisations.service';

export function organisationRoutes(organisations: OrganisationsService) {
  return [
    defineRoute({
      contract: createOrganisation,
      summary: 'Create an organisation; the caller becomes its owner and admin',
      auth: { permission: 'auth-organisation.create' },
      handler: ({ caller, body, ip }) => organisations.create(caller, body.name, ip),
    }),
    defineRoute({
      contract: getOrganisation,
      summary: 'The organisation',
      auth: { permission: 'auth-organisation.getone' },
      handler: ({ caller, params }) => organisations.get(caller, params.id),
    }),
    defineRoute({
      contract: updateOrganisation,
      summary: 'Rename the organisation',
      auth: { permission: 'auth-organisation.update' },
      handler: async ({ caller, params, body, ip }) => reply(await organisations.update(caller, params.id, body.name, ip), 'Organisation updated successfully'),
    }),
    defineRoute({
      contract: getOrganisationIdentity,
      summary: 'KYC identity, with the fields still missing',
      auth: { permission: 'auth-organisation.getidentity' },
      handler: ({ caller, params }) => organisations.getIdentity(caller, params.id),
    }),
    defineRoute({
      contract: downloadCacDocument,
      summary: 'The stored CAC certificate, as uploaded',
      auth: { permission: 'auth-organisation.getidentity' },
      handler: ({ caller, params }) => organisations.cacDocument(caller, params.id),
    }),
    defineRoute({
      contract: updateOrganisationIdentity,
      summary: 'Update the KYC identity (multipart form: the fields and the cac_document file)',
      auth: { permission: 'auth-organisation.updateidentity' },
      handler: async ({ caller, params, body, files, ip }) =>
        reply(await organisations.updateIdentity(caller, params.id, body, files, ip), 'Business details saved successfully'),
    }),
    defineRoute({
      contract: getOrganisationSettings,
      summary: 'Settings, or one setting with setting_code',
      auth: { permission: 'auth-organisation.getsettings' },
      handler: ({ caller, params }) => organisations.getSettings(caller, params.id, params.setting_code),
    }),
    defineRoute({
      contract: updateOrganisationSetting,
      summary: 'Change a setting (core.organisation.do_corporation_have_wallet)',
      auth: { permission: 'auth-organisation.updatesettings' },
      handler: async ({ caller, params, body, ip }) =>
        reply(await organisations.updateSetting(caller, params.id, body.setting_code, body.value, ip), 'Settings saved successfully'),
    }),
    defineRoute({
      contract: completeKyc,
      summary: 'Mark KYC completed once every identity field and the CAC certificate are in',
      auth: { permission: 'auth-organisation.completekyc' },
      handler: async ({ caller, params, ip }) => reply(await organisations.completeKyc(caller, params.id, ip), 'Onboarding completed'),
    }),
    defineRoute({
      contract: getOnboardingSummary,
      summary: 'Onboarding summary: corporation_count, states_registered, bills_generated, total_balance',
      auth: { permission: 'auth-organisation.getsummary' },
      handler: ({ caller, params }) => organisations.summary(caller, params.id),
    }),
  ];
}
