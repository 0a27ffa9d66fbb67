/**
 * The WHT form opened prefilled from a link (the bank analyser's tax insight):
 * `/bills?pay=wht&wht_type=other_services&month=2025-06&amount=500000.00&beneficiary=NAME`.
 */
export interface WhtPrefill {
  whtType: string;
  /** The month picker's value, `YYYY-MM-01`. */
  month: string;
  /** Plain decimal naira. */
  amount: string;
  beneficiaryName: string;
}

export const PAY_PARAM = 'pay';
const PREFILL_PARAMS = [PAY_PARAM, 'wht_type', 'month', 'amount', 'beneficiary'];

/** The prefill a bills address asks for, or null when it asks for none (or asks nonsense). */
export function readWhtPrefill(search: URLSearchParams): WhtPrefill | null {
  if (search.get(PAY_PARAM) !== 'wht') return null;
  const month = search.get('month') ?? '';
  const amount = search.get('amount') ?? '';
  return {
    whtType: search.get('wht_type') ?? '',
    month: /^\d{4}-\d{2}$/.test(month) ? `${month}-01` : '',
    amount: /^\d+(\.\d{1,2})?$/.test(amount) ? amount : '',
    beneficiaryName: (search.get('beneficiary') ?? '').slice(0, 120),
  };
}

/** The address without the prefill's parameters, once the form has opened. */
export function withoutWhtPrefill(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of PREFILL_PARAMS) next.delete(name);
  return next;
}
