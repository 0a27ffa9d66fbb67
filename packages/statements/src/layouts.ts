import type { SlashOrder } from './parse-date';

/** What a statement column holds. 'amount' is a single signed (or DR/CR-marked) column; 'type'
 * is a separate DR/CR column; 'ignored' is a recognised column the engine does not use. */
export type ColumnField =
  | 'date'
  | 'valueDate'
  | 'narration'
  | 'reference'
  | 'debit'
  | 'credit'
  | 'amount'
  | 'type'
  | 'balance'
  | 'channel'
  | 'counterparty'
  | 'ignored';

export const COLUMN_FIELDS: readonly ColumnField[] = [
  'date',
  'valueDate',
  'narration',
  'reference',
  'debit',
  'credit',
  'amount',
  'type',
  'balance',
  'channel',
  'counterparty',
  'ignored',
];

/**
 * Header words banks print, normalised by `normaliseHeader` (lower case, punctuation but '/'
 * dropped, currency marks dropped). Collected from Nigerian bank and fintech statements; a new
 * variant is one more string here, not a code change.
 */
export const HEADER_SYNONYMS: Readonly<Record<ColumnField, readonly string[]>> = {
  date: [
    'date',
    'trans date',
    'tran date',
    'txn date',
    'transaction date',
    'trans date/time',
    'posted date',
    'post date',
    'posting date',
    'date posted',
    'pst date',
    'book date',
    'booking date',
    'entry date',
    'date/time',
    'transaction time',
    'trans time',
    'created at',
    'transaction date/time',
    'txn date/time',
    'actual transaction date',
    'date of transaction',
    'tran date/time',
    'transaction posted date',
    'posted on',
  ],
  valueDate: ['value date', 'val date', 'value dt', 'effective date', 'valuedate', 'value'],
  narration: [
    'narration',
    'narrative',
    'remarks',
    'remark',
    'description',
    'transaction details',
    'transaction detail',
    'details',
    'particulars',
    'transaction description',
    'transaction narration',
    'desc',
    'memo',
    'transaction remarks',
    'note',
  ],
  reference: [
    'reference',
    'ref',
    'ref no',
    'ref number',
    'reference no',
    'reference number',
    'cheque no',
    'chq no',
    'chq/ref no',
    'cheque number',
    'instrument no',
    'transaction ref',
    'transaction reference',
    'trans ref',
    'session id',
    'transaction id',
    'txn id',
    'chq no/ref',
    'ref/chq no',
    'document no',
    'doc no',
    'tran id',
  ],
  debit: [
    'debit',
    'debits',
    'dr',
    'debit amount',
    'debit amt',
    'withdrawal',
    'withdrawals',
    'money out',
    'outflow',
    'outflows',
    'paid out',
    'debit ngn',
    'amount debited',
    'withdrawal amount',
    'dr amount',
    'payments',
    'payment',
    'pay out',
    'payout',
    'debit amount ngn',
    'withdrawals dr',
  ],
  credit: [
    'credit',
    'credits',
    'cr',
    'credit amount',
    'credit amt',
    'lodgement',
    'lodgements',
    'lodgment',
    'lodgments',
    'deposit',
    'deposits',
    'money in',
    'inflow',
    'inflows',
    'paid in',
    'amount credited',
    'deposit amount',
    'cr amount',
    'receipts',
    'receipt',
    'pay in',
    'payin',
    'lodgements cr',
  ],
  amount: [
    'amount',
    'transaction amount',
    'debit/credit',
    'credit/debit',
    'amount ngn',
    'txn amount',
    'trans amount',
    'amt',
  ],
  type: ['dr/cr', 'cr/dr', 'd/c', 'c/d', 'debit or credit', 'direction', 'transaction type', 'trans type', 'type'],
  balance: [
    'balance',
    'balances',
    'running balance',
    'balance after',
    'available balance',
    'ledger balance',
    'book balance',
    'closing balance',
    'bal',
    'account balance',
    'balance ngn',
    'current balance',
  ],
  channel: ['channel', 'mode', 'transaction channel', 'payment channel', 'medium'],
  counterparty: [
    'to/from',
    'from/to',
    'beneficiary',
    'counterparty',
    'sender/receiver',
    'recipient',
    'beneficiary/sender',
  ],
  // Recognised so they count towards a header row and keep their text out of other columns.
  ignored: [
    'originating branch',
    'branch',
    'category',
    'status',
    's/n',
    'sn',
    'serial no',
    'no',
    'tran code',
    'teller',
    'time',
    'currency',
    'ccy',
    'remarks 2',
    'instrument',
  ],
};

/** Lower case, currency marks and punctuation (but '/') removed, spaces collapsed. */
export function normaliseHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/₦|\(ngn\)|\(naira\)|\(n\)|\bngn\b|\bnaira\b/g, ' ')
    .replace(/[^a-z0-9/]+/g, ' ')
    .replace(/\s*\/\s*/g, '/')
    .replace(/\s+/g, ' ')
    .trim();
}

const SYNONYM_INDEX: ReadonlyMap<string, ColumnField> = (() => {
  const index = new Map<string, ColumnField>();
  for (const field of COLUMN_FIELDS) {
    for (const synonym of HEADER_SYNONYMS[field]) index.set(normaliseHeader(synonym), field);
  }
  return index;
})();

/** Words run together ("TransDate", "ValueDate", "MoneyIn"): the same headings without spaces or slashes. */
function compact(normalised: string): string {
  return normalised.replace(/[\s/]+/g, '');
}

const COMPACT_INDEX: ReadonlyMap<string, ColumnField> = (() => {
  const index = new Map<string, ColumnField>();
  for (const [synonym, field] of SYNONYM_INDEX) if (!index.has(compact(synonym))) index.set(compact(synonym), field);
  return index;
})();

function lookUp(text: string): ColumnField | null {
  const normalised = normaliseHeader(text);
  return SYNONYM_INDEX.get(normalised) ?? COMPACT_INDEX.get(compact(normalised)) ?? null;
}

/** The field a header cell names, or null when it names none. */
export function classifyHeaderCell(text: string): ColumnField | null {
  if (text.length > 40) return null;
  const field = lookUp(text);
  if (field) return field;
  // "Withdrawals (DR)", "Balance [NGN]", "Amount (Naira)": the word before the brackets.
  const bare = text.replace(/[([{].*?[)\]}]/g, ' ');
  return bare === text ? null : lookUp(bare);
}

/**
 * A named layout: how to recognise the bank from its header block, its NUBAN code, and the
 * habits the generic detector cannot see from one file. Column detection itself is generic
 * (header synonyms and positions), so a bank that reshuffles its columns still reads.
 */
export interface BankLayout {
  id: string;
  bankName: string;
  /** Matched against the text above the table (and footers), never against narrations. */
  markers: readonly RegExp[];
  /** 3-digit CBN code for the NUBAN check digit; null where account numbers are not NUBANs
   * the check can verify (wallet numbers derived from phone numbers). */
  nubanBankCode: string | null;
  /** Only breaks a tie that values, the printed period and the date order leave open. */
  slashOrderHint: SlashOrder | null;
  /** What this bank's statements are known to do, for people reading the data and the record. */
  quirks: readonly string[];
}

// Order matters where one name contains another: FCMB ("First City Monument Bank") before First Bank.
export const BANK_LAYOUTS: readonly BankLayout[] = [
  {
    id: 'gtbank',
    bankName: 'Guaranty Trust Bank',
    markers: [/guaranty\s+trust/i, /\bgtbank\b/i, /\bgtco\b/i],
    nubanBankCode: '058',
    slashOrderHint: 'dmy',
    quirks: [
      'Trans. Date and Value. Date columns',
      'Debits / Credits columns',
      'Remarks last, wrapping over several lines',
      'Originating Branch column',
    ],
  },
  {
    id: 'access',
    bankName: 'Access Bank',
    markers: [/access\s+bank/i],
    nubanBankCode: '044',
    slashOrderHint: 'dmy',
    quirks: [
      'Posted Date / Value Date',
      'rows vertically centred: wrapped narration lines sit above and below the date line',
      'DD-MMM-YY dates',
    ],
  },
  {
    id: 'zenith',
    bankName: 'Zenith Bank',
    markers: [/zenith\s+bank/i],
    nubanBankCode: '057',
    slashOrderHint: 'dmy',
    quirks: ['DATE POSTED / VALUE DATE in capitals', 'DD/MM/YYYY dates', 'Opening balance as the first table row'],
  },
  {
    id: 'first-bank',
    bankName: 'First Bank of Nigeria',
    markers: [/first\s*bank/i],
    nubanBankCode: '011',
    slashOrderHint: 'dmy',
    quirks: ['Deposit before Withdrawal', 'Transaction Details narration', 'Balance B/F and C/F lines'],
  },
  {
    id: 'uba',
    bankName: 'United Bank for Africa',
    markers: [/united\s+bank\s+for\s+africa/i, /\buba\b/i],
    nubanBankCode: '033',
    slashOrderHint: 'dmy',
    quirks: ['Tran Date / Value Date', 'Chq. No column', 'page subtotals'],
  },
  {
    id: 'kuda',
    bankName: 'Kuda Microfinance Bank',
    markers: [/\bkuda\b/i],
    nubanBankCode: null,
    slashOrderHint: 'dmy',
    quirks: ['Money In / Money Out', 'To / From and Category columns', 'date and time in one cell', 'amounts with ₦'],
  },
  {
    id: 'opay',
    bankName: 'OPay',
    markers: [/\bopay\b/i],
    nubanBankCode: null,
    slashOrderHint: 'dmy',
    quirks: [
      'one signed Debit/Credit column (+3.79, -1,250.50)',
      'Balance After column',
      'newest transaction first',
      'wallet number from the phone number',
    ],
  },
  {
    id: 'moniepoint',
    bankName: 'Moniepoint Microfinance Bank',
    markers: [/moniepoint/i],
    nubanBankCode: null,
    slashOrderHint: 'dmy',
    quirks: ['ISO dates with time', 'Debit / Credit columns', 'POS and transfer narrations'],
  },
  {
    id: 'palmpay',
    bankName: 'PalmPay',
    markers: [/palm\s*pay/i],
    nubanBankCode: null,
    slashOrderHint: 'mdy',
    quirks: ['MM/DD/YYYY dates with AM/PM times', 'Money In / Money Out', 'Transaction ID column'],
  },
  {
    id: 'wema',
    bankName: 'Wema Bank',
    markers: [/wema\s+bank/i, /\balat\b/i],
    nubanBankCode: '035',
    slashOrderHint: 'dmy',
    quirks: ['Reference column before narration', 'DD MMM YYYY dates'],
  },
  {
    id: 'sterling',
    bankName: 'Sterling Bank',
    markers: [/sterling\s+bank/i],
    nubanBankCode: '232',
    slashOrderHint: 'dmy',
    quirks: ['Tran Date / Value Date', 'Withdrawals / Lodgements'],
  },
  {
    id: 'fidelity',
    bankName: 'Fidelity Bank',
    markers: [/fidelity\s+bank/i],
    nubanBankCode: '070',
    slashOrderHint: 'dmy',
    quirks: ['Pst Date column', 'DD-MMM-YY dates', 'page numbers as "Page n of N"'],
  },
  {
    id: 'fcmb',
    bankName: 'First City Monument Bank',
    markers: [/first\s+city\s+monument/i, /\bfcmb\b/i],
    nubanBankCode: '214',
    slashOrderHint: 'dmy',
    quirks: ['Txn Date / Val Date', 'DD MMM YY dates'],
  },
  {
    id: 'stanbic',
    bankName: 'Stanbic IBTC Bank',
    markers: [/stanbic/i],
    nubanBankCode: '221',
    slashOrderHint: 'dmy',
    quirks: ['one Amount column with DR/CR suffixes', 'balances with CR/DR suffixes', 'brackets for negative balances'],
  },
];

// Ordered so FCMB is tried before First Bank (its name contains "First").
const DETECTION_ORDER: readonly BankLayout[] = [...BANK_LAYOUTS].sort((a, b) =>
  a.id === 'fcmb' ? -1 : b.id === 'fcmb' ? 1 : 0,
);

/** The named layout whose markers appear in the text above the table, or null (generic). */
export function detectBankLayout(headerText: string): BankLayout | null {
  for (const layout of DETECTION_ORDER) {
    if (layout.markers.some((marker) => marker.test(headerText))) return layout;
  }
  return null;
}
