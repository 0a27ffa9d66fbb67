import type { Db } from '../../db/client';
import { vendorRoutes } from './vendors.routes';
import { createVendorsService } from './vendors.service';

/** The payees WHT bills record, and their credit notes. */
export function vendorsModule(deps: { db: Db }) {
  const vendors = createVendorsService(deps);
  return { ...vendors, routes: vendorRoutes(vendors) };
}

export type VendorsModule = ReturnType<typeof vendorsModule>;
