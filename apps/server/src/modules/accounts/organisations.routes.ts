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
import { koboToNairaString } from '@levy/tax';
import { defineRoute, reply } from '../../http/route';
import type { OrganisationsService } from './organisations.service';

export function organisationRoutes(organisations: OrganisationsService) {
  return [
    defineRoute({
      contract: createOrganisation,
      handler: ({ caller, body, ip }) => organisations.create(caller, body.name, ip),
    }),
    defineRoute({
      contract: getOrganisation,
      handler: ({ caller, params }) => organisations.get(caller, params.id),
    }),
    defineRoute({
      contract: updateOrganisation,
      handler: async ({ caller, params, body, ip }) =>
        reply(await organisations.update(caller, params.id, body.name, ip), 'Organisation updated successfully'),
    }),
    defineRoute({
      contract: getOrganisationIdentity,
      handler: ({ caller, params }) => organisations.getIdentity(caller, params.id),
    }),
    defineRoute({
      contract: downloadCacDocument,
      handler: ({ caller, params }) => organisations.cacDocument(caller, params.id),
    }),
    defineRoute({
      contract: updateOrganisationIdentity,
      handler: async ({ caller, params, body, files, ip }) =>
        reply(
          await organisations.updateIdentity(caller, params.id, body, files, ip),
          'Business details saved successfully',
        ),
    }),
    defineRoute({
      contract: getOrganisationSettings,
      handler: ({ caller, params }) => organisations.getSettings(caller, params.id, params.setting_code),
    }),
    defineRoute({
      contract: updateOrganisationSetting,
      handler: async ({ caller, params, body, ip }) =>
        reply(
          await organisations.updateSetting(caller, params.id, body.setting_code, body.value, ip),
          'Settings saved successfully',
        ),
    }),
    defineRoute({
      contract: completeKyc,
      handler: async ({ caller, params, ip }) =>
        reply(await organisations.completeKyc(caller, params.id, ip), 'Onboarding completed'),
    }),
    defineRoute({
      contract: getOnboardingSummary,
      handler: async ({ caller, params }) => {
        const summary = await organisations.summary(caller, params.id);
        return {
          corporation_count: summary.corporationCount,
          states_registered: summary.statesRegistered,
          bills_generated: summary.billsGenerated,
          total_balance: koboToNairaString(summary.totalBalance),
        };
      },
    }),
  ];
}
