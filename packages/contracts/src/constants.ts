// Texts and names of the bills, alerts and wallets contracts, without zod: the web app's frame
// reads them on every signed-in page, which loads no schema.

/** The header a client sends with Pay so a retried or double-clicked request makes one bill. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** UNPROCESSABLE: the key was first sent with another request (fields or file), which it already names. */
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was used for a different request';

export const BILL_MESSAGES = {
  payeGenerated: 'Bill generated successfully',
  whtProcessing: 'A bill has been generated, and the payment is currently being processed.',
  noData: 'No Data: No data to download',
  futureMonth: 'The month cannot be in the future',
  awaitingApproval: 'The bill is waiting for an admin to approve it. Nothing has been paid yet.',
  approved: 'Bill approved and paid from the wallet.',
  declined: 'Bill declined. The preparer has been told why.',
  cancelled: 'Bill cancelled.',
} as const;

/** The organisation setting that decides which bills wait for an admin (maker-checker). */
export const BILL_APPROVAL_MODES = ['members', 'above', 'off'] as const;
export type BillApprovalMode = (typeof BILL_APPROVAL_MODES)[number];

export const BILL_APPROVAL_MESSAGES = {
  /** Saving `above` with one active admin is refused: nobody approves a bill they prepared, so that admin's large bills could never be paid. */
  aboveNeedsTwoAdmins:
    'Bills above an amount need a second admin: nobody approves a bill they prepared, so your only admin’s large bills could never be paid. Make ' +
    'another member an admin in Team Members first.',
  /** Pay with `above` when no admin other than the preparer is left: the bill is not made. */
  noOtherAdmin:
    'There is no other admin to approve it, so it was not made and nothing was paid. Make another member an admin in Team Members, or change which ' +
    'bills wait in Settings › Organisation.',
} as const;

export const ALERT_MESSAGES = { none: 'No alerts at the moment' } as const;

/**
 * The query of a link that opens Pay Taxes filled in: an alert's `pay_link`
 * (`/bills?pay=paye&corporation=…&state=LA&month=2026-10`) or the bank analyser's WHT form link,
 * which adds the WHT type, the amount paid (naira) and the beneficiary's name.
 */
export const PAY_LINK_PARAMS = {
  type: 'pay',
  corporation: 'corporation',
  state: 'state',
  month: 'month',
  whtType: 'wht_type',
  amount: 'amount',
  beneficiary: 'beneficiary',
} as const;

export const WITHDRAWAL_MESSAGES = {
  requested: 'Withdrawal started: the money is on its way to the bank account',
  awaitingApproval: 'Withdrawal requested: it waits for another admin to approve it',
  approved: 'Withdrawal approved: the money is on its way to the bank account',
  rejected: 'Withdrawal declined: nothing left the wallet',
  accountNotResolved: 'The bank does not know this account number. Check the bank and the 10-digit account number.',
} as const;
