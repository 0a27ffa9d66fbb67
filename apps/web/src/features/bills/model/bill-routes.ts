/** The query parameter that opens a bill's drawer over the list it is in. */
export const BILL_PARAM = 'bill';

/** The bills list with one bill's drawer open. */
export function billPath(id: string): string {
  return `/bills?${BILL_PARAM}=${encodeURIComponent(id)}`;
}

/** The corporation page's bills tab hides Pay Taxes (product-spec §6). */
export function isCorporationBillsTab(pathname: string): boolean {
  return /^\/corporations\/[^/]+\/bills\/?$/.test(pathname);
}
