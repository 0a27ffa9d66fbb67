import { PAY_LINK_PARAMS, type BillTypeCode } from '@levy/contracts';

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

/** What an alert's Pay Taxes link fills in: the corporation, its state (by code) and the tax month (`YYYY-MM`). */
export interface BillPrefill {
  corporationId: string | null;
  stateCode: string | null;
  month: string | null;
}

export interface PayRequest {
  type: BillTypeCode;
  prefill: BillPrefill;
}

/** The Pay Taxes request in a URL's query (an alert's `pay_link`), or null when there is none. */
export function readPayRequest(params: URLSearchParams): PayRequest | null {
  const type = params.get(PAY_LINK_PARAMS.type);
  if (type !== 'paye' && type !== 'wht') return null;
  const month = params.get(PAY_LINK_PARAMS.month);
  return {
    type,
    prefill: {
      corporationId: params.get(PAY_LINK_PARAMS.corporation) || null,
      stateCode: params.get(PAY_LINK_PARAMS.state) || null,
      month: month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : null,
    },
  };
}

/** The query without the Pay Taxes request, once its dialog is open (a reload does not open it again). */
export function withoutPayRequest(params: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(params);
  for (const name of Object.values(PAY_LINK_PARAMS)) rest.delete(name);
  return rest;
}
