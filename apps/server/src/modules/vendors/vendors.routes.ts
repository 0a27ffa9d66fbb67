import { listVendorCreditNotes, listVendors, updateVendor } from '@levy/contracts';
import { defineRoute } from '../../http/route';
import type { VendorsService } from './vendors.service';

/** Vendors: the organisation's WHT payees, their notes and email. */
export function vendorRoutes(vendors: VendorsService) {
  return [
    defineRoute({
      contract: listVendors,
      handler: ({ caller, params }) => vendors.list(caller, params),
    }),
    defineRoute({
      contract: listVendorCreditNotes,
      handler: ({ caller, params }) => vendors.notes(caller, params.tax_payer_number),
    }),
    defineRoute({
      contract: updateVendor,
      handler: ({ caller, params, body, ip }) => vendors.update(caller, params.tax_payer_number, body, ip),
    }),
  ];
}
