import {
  addChargeRow,
  addHolidayRow,
  addMprRow,
  addRemittanceRoute,
  addWhtRateRow,
  getReferenceData,
  markReferenceReviewed,
} from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { ReferenceDataService } from './reference-data.service';

/** Staff only (the permission is in STAFF_PERMISSIONS alone): the engine's dated reference tables. */
export function referenceDataRoutes(referenceData: ReferenceDataService) {
  return [
    defineRoute({
      contract: getReferenceData,
      handler: () => referenceData.view(),
    }),
    defineRoute({
      contract: addMprRow,
      handler: async ({ caller, body, ip }) => reply(await referenceData.addMprRow(caller, body, ip), 'MPR row added'),
    }),
    defineRoute({
      contract: addHolidayRow,
      handler: async ({ caller, body, ip }) =>
        reply(await referenceData.addHolidayRow(caller, body, ip), 'Holiday added'),
    }),
    defineRoute({
      contract: addChargeRow,
      handler: async ({ caller, body, ip }) =>
        reply(await referenceData.addChargeRow(caller, body, ip), 'Charge schedule row added'),
    }),
    defineRoute({
      contract: addWhtRateRow,
      handler: async ({ caller, body, ip }) =>
        reply(await referenceData.addWhtRateRow(caller, body, ip), 'WHT rate row added'),
    }),
    defineRoute({
      contract: addRemittanceRoute,
      handler: async ({ caller, body, ip }) =>
        reply(await referenceData.addRemittanceRoute(caller, body, ip), 'Remittance route added'),
    }),
    defineRoute({
      contract: markReferenceReviewed,
      handler: async ({ caller, params, body, ip }) =>
        reply(await referenceData.markReviewed(caller, params.table, body.source, ip), 'Marked as reviewed'),
    }),
  ];
}
