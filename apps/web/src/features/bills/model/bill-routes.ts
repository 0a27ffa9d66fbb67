import { PAY_LINK_PARAMS, type BillDetail, type BillTypeCode } from '@levy/contracts';

/** The corporation page's bills tab hides Pay Taxes (docs/product.md §6). */
export function isCorporationBillsTab(pathname: string): boolean {
  return /^\/corporations\/[^/]+\/bills\/?$/.test(pathname);
}

/**
 * What a Pay Taxes link fills in: an alert's gives the corporation, its state (by code) and the
 * tax month (`YYYY-MM`); the bank analyser's WHT link gives the month, the WHT type, the amount
 * paid (plain decimal naira) and the beneficiary's name.
 */
export interface BillPrefill {
  corporationId: string | null;
  stateCode: string | null;
  month: string | null;
  whtType: string | null;
  amount: string | null;
  beneficiaryName: string | null;
}

/** What a Generate Bill dialog, PAYE or WHT, is given: a link's prefill, and what to do on close and once a bill is made. */
export interface BillDialogProps {
  prefill?: BillPrefill;
  onClose: () => void;
  onCreated: (bill: BillDetail) => void;
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
  const amount = params.get(PAY_LINK_PARAMS.amount);
  return {
    type,
    prefill: {
      corporationId: params.get(PAY_LINK_PARAMS.corporation) || null,
      stateCode: params.get(PAY_LINK_PARAMS.state) || null,
      month: month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : null,
      whtType: params.get(PAY_LINK_PARAMS.whtType) || null,
      amount: amount && /^\d+(\.\d{1,2})?$/.test(amount) ? amount : null,
      beneficiaryName: params.get(PAY_LINK_PARAMS.beneficiary)?.slice(0, 120) || null,
    },
  };
}

/** The query without the Pay Taxes request, once its dialog is open (a reload does not open it again). */
export function withoutPayRequest(params: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(params);
  for (const name of Object.values(PAY_LINK_PARAMS)) rest.delete(name);
  return rest;
}
