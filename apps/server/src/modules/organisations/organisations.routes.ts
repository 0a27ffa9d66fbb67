import { createOrganisation, getSetting, idParam, updateIdentity, updateOrganisation, updateSetting } from '@levy/contracts';
import { z } from 'zod';
import { defineRoute, reply } from '../../http/route';
import type { OrganisationsService } from './organisations.service';

const organisationParams = z.object({ id: idParam });

export function organisationRoutes(organisations: OrganisationsService) {
  return [
    defineRoute({
      method: 'POST',
      namespace: 'auth',
      path: 'organisations',
      summary: 'Create an organisation; the caller becomes its owner and admin',
      auth: { permission: 'auth-organisation.create' },
      body: createOrganisation,
      handler: ({ caller, body, ip }) => organisations.create(caller, body.name, ip),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'auth',
      path: 'organisations/{id}',
      summary: 'The organisation',
      auth: { permission: 'auth-organisation.getone' },
      params: organisationParams,
      handler: ({ caller, params }) => organisations.get(caller, params.id),
    }),
    defineRoute({
      method: 'PUT',
      namespace: 'auth',
      path: 'organisations/{id}',
      summary: 'Rename the organisation',
      auth: { permission: 'auth-organisation.update' },
      params: organisationParams,
      body: updateOrganisation,
      handler: async ({ caller, params, body, ip }) => reply(await organisations.update(caller, params.id, body.name, ip), 'Organisation updated successfully'),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'auth',
      path: 'organisations/{id}/identity',
      summary: 'KYC identity, with the fields still missing',
      auth: { permission: 'auth-organisation.getidentity' },
      params: organisationParams,
      handler: ({ caller, params }) => organisations.getIdentity(caller, params.id),
    }),
    defineRoute({
      method: 'POST',
      namespace: 'auth',
      path: 'organisations/{id}/identity',
      summary: 'Update the KYC identity (multipart form: the fields and the cac_document file)',
      auth: { permission: 'auth-organisation.updateidentity' },
      params: organisationParams,
      body: updateIdentity,
      multipart: true,
      handler: async ({ caller, params, body, files, ip }) =>
        reply(await organisations.updateIdentity(caller, params.id, body, files, ip), 'Business details saved successfully'),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'auth',
      path: 'organisations/{id}/settings',
      summary: 'Settings, or one setting with setting_code',
      auth: { permission: 'auth-organisation.getsettings' },
      params: organisationParams.extend(getSetting.shape),
      handler: ({ caller, params }) => organisations.getSettings(caller, params.id, params.setting_code),
    }),
    defineRoute({
      method: 'POST',
      namespace: 'auth',
      path: 'organisations/{id}/settings',
      summary: 'Change a setting (core.organisation.do_corporation_have_wallet)',
      auth: { permission: 'auth-organisation.updatesettings' },
      params: organisationParams,
      body: updateSetting,
      handler: async ({ caller, params, body, ip }) =>
        reply(await organisations.updateSetting(caller, params.id, body.setting_code, body.value, ip), 'Settings saved successfully'),
    }),
    defineRoute({
      method: 'POST',
      namespace: 'auth',
      path: 'organisations/{id}/kyc/completed',
      summary: 'Mark KYC completed once every identity field and the CAC certificate are in',
      auth: { permission: 'auth-organisation.completekyc' },
      params: organisationParams,
      handler: async ({ caller, params, ip }) => reply(await organisations.completeKyc(caller, params.id, ip), 'Onboarding completed'),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'auth',
      path: 'organisations/{id}/onboarding/summary',
      summary: 'Onboarding summary: corporation_count, states_registered, bills_generated, total_balance',
      auth: { permission: 'auth-organisation.getsummary' },
      params: organisationParams,
      handler: ({ caller, params }) => organisations.summary(caller, params.id),
    }),
  ];
}
