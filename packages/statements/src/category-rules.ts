/** Spending and income categories the analyser reports (docs/product.md, "Bank statement analyser"). */
export type Category =
  | 'transfer_in'
  | 'transfer_out'
  | 'pos'
  | 'web'
  | 'atm'
  | 'cash_deposit'
  | 'airtime_data'
  | 'bills_utilities'
  | 'bank_charges'
  | 'loan'
  | 'betting'
  | 'reversal'
  | 'interest'
  | 'salary'
  | 'payroll'
  | 'customer_receipts'
  | 'tax'
  | 'other_in'
  | 'other_out';

/** The bank charges docs/tax-rules.md §7 lists, told apart so VAT on fees can be totalled. */
export type ChargeKind =
  'sms_alert' | 'vat' | 'stamp_duty' | 'emt_levy' | 'maintenance' | 'transfer_fee' | 'card_fee' | 'other_fee';

export interface CategoryRule {
  category: Category;
  chargeKind?: ChargeKind;
  /** Which side of the statement the rule applies to. */
  direction: 'debit' | 'credit' | 'any';
  pattern: RegExp;
}

/**
 * Narration rules, first match wins, so the specific sit above the general: a reversal of a
 * POS purchase is a reversal; VAT on a transfer fee is a charge, but a VAT remittance to the tax
 * authority is a tax payment. Patterns are matched against the narration in upper case.
 */
export const CATEGORY_RULES: readonly CategoryRule[] = [
  {
    category: 'reversal',
    direction: 'any',
    pattern: /\bREV(?:ERSAL|ERSED|RSL)?\b|\bRVSL\b|\bREFUND\b|\bRETURNED\b|\bFAILED\s+(?:TRANS|TRF|TXN)|\bCHARGEBACK\b/,
  },
  // Tax payments: debits to a tax authority or for a named tax (before the VAT-on-fees rule).
  {
    category: 'tax',
    direction: 'debit',
    pattern: new RegExp(
      String.raw`\b(?:FIRS|NRS|LIRS|FCT-?IRS|[A-Z]{2,4}IRS|IRS|INTERNAL\s+REVENUE|REVENUE\s+SERVICE|TAXPRO|E-?TAX|` +
        String.raw`TAX\s+PAYMENT|TAX\s+REMIT\w*|PAYE\s+(?:REMIT\w*|PAYMENT|TAX)|WHT\s+(?:REMIT\w*|PAYMENT)|` +
        String.raw`WITHHOLDING\s+TAX|VAT\s+(?:REMIT\w*|RETURN)|COMPANY\s+INCOME\s+TAX|CIT|LAND\s+USE\s+CHARGE)\b`,
    ),
  },
  { category: 'tax', direction: 'debit', pattern: /\bREMITA\b.*\b(?:TAX|PAYE|VAT|WHT)\b/ },
  { category: 'bank_charges', chargeKind: 'vat', direction: 'debit', pattern: /\bVAT\b|VALUE\s+ADDED\s+TAX/ },
  {
    category: 'bank_charges',
    chargeKind: 'stamp_duty',
    direction: 'debit',
    pattern: /STAMP\s*DUTY|\bSTAMPDUTY\b|\bSD\s+CHA?R?GE?\b/,
  },
  {
    category: 'bank_charges',
    chargeKind: 'emt_levy',
    direction: 'debit',
    pattern: /\bEMTL\b|\bEMT\s+LEVY|ELECTRONIC\s+MONEY\s+TRANSFER\s+LEVY|E-?LEVY/,
  },
  {
    category: 'bank_charges',
    chargeKind: 'sms_alert',
    direction: 'debit',
    pattern: /\bSMS\b|\bALERT\s+(?:CHA?R?GE?|FEE)|NOTIFICATION\s+(?:CHA?R?GE?|FEE)/,
  },
  {
    category: 'bank_charges',
    chargeKind: 'maintenance',
    direction: 'debit',
    pattern: /MAINTENANCE|\bMAINT\b|\bAMF\b|\bCOT\b|ACCOUNT\s+(?:MGT|MANAGEMENT)\s+FEE/,
  },
  {
    category: 'bank_charges',
    chargeKind: 'card_fee',
    direction: 'debit',
    pattern: /CARD\s+(?:ISSUANCE|FEE|RENEWAL|REPLACEMENT)|TOKEN\s+(?:FEE|CHA?R?GE?)/,
  },
  {
    category: 'bank_charges',
    chargeKind: 'transfer_fee',
    direction: 'debit',
    pattern: new RegExp(
      String.raw`\b(?:NIP|TRANSFER|TRF|NEFT|USSD|POS|ATM)\s+(?:CHA?R?GE?S?|FEE|COMM(?:ISSION)?)\b|\bCOMMISSION\b|` +
        String.raw`\bCHA?R?GE?S?\s+(?:ON|FOR)\b|\bFEE\b|\bBANK\s+CHA?R?GES?\b`,
    ),
  },
  // Salaries paid out (a company's payroll, a household's staff): before transfers out.
  {
    category: 'payroll',
    direction: 'debit',
    pattern:
      /\bSALAR(?:Y|IES)\b|\bPAYROLL\b|\bWAGES?\b|\bSTIPENDS?\b|\bSTAFF\s+(?:PAY|SAL\w*)\b|\b(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*\s+SAL\b/,
  },
  {
    category: 'salary',
    direction: 'credit',
    pattern: new RegExp(
      String.raw`\bSALARY\b|\bSAL(?:ARY)?\s+(?:FOR|PAYMENT|ADV\w*)\b|\bPAYROLL\b|\bWAGES?\b|\bSTIPEND\b|\b(?:JAN|FEB|` +
        String.raw`MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*\s+SAL\b`,
    ),
  },
  {
    category: 'loan',
    direction: 'any',
    pattern: new RegExp(
      String.raw`\bLOAN\b|\bOVERDRAFT\b|\bCREDIT\s+DIRECT\b|\bCARBON\b|\bFAIRMONEY\b|\bPALMCREDIT\b|\bRENMONEY\b|` +
        String.raw`\bQUICKCHECK\b|\bBRANCH\s+INT|\bOKASH\b|\bSOFTLOAN\b|\bAELLA\b|\bLIDYA\b|\bMIGO\b|\bREPAYMENT\b`,
    ),
  },
  {
    category: 'interest',
    direction: 'any',
    pattern: /\bINTEREST\b|\bINT\.?\s*(?:PAID|CR|CREDIT|EARNED|CAPITALI[SZ]ED)\b|\bCR\.?\s*INT\b/,
  },
  {
    category: 'betting',
    direction: 'any',
    pattern: new RegExp(
      String.raw`\bBET9JA\b|\bSPORTYBET\b|\bSPORTY\b|\bNAIRABET\b|\bBETKING\b|\b1XBET\b|\bMSPORT\b|\bBETWAY\b|` +
        String.raw`\bMERRYBET\b|\bBANGBET\b|\bACCESSBET\b|\bBETLAND\b|\bLOTTO\b|\bPARIPESA\b|\bBET\s?WINNER\b|` +
        String.raw`\bBETTING\b`,
    ),
  },
  {
    category: 'airtime_data',
    direction: 'debit',
    pattern:
      /\bAIRTIME\b|\bDATA\s+(?:BUNDLE|PLAN|SUB\w*|PURCHASE|TOP\s?UP)|\bVTU\b|\bRECHARGE\b|\bTOP[\s-]?UP\b|\b(?:MTN|GLO|AIRTEL|9MOBILE|ETISALAT)\b/,
  },
  {
    category: 'bills_utilities',
    direction: 'debit',
    pattern: new RegExp(
      String.raw`\bDSTV\b|\bGOTV\b|\bSTARTIMES\b|\bSHOWMAX\b|\bTSTV\b|\b(?:IKEDC|EKEDC|AEDC|PHED|IBEDC|EEDC|KEDCO|` +
        String.raw`JEDC?|BEDC|KAEDCO|YEDC)\b|\bELECTRICITY\b|\bPREPAID\s+METER\b|\bPOWER\s+(?:BILL|TOKEN)|\bLAWMA\b|` +
        String.raw`\bWATER\s+(?:BILL|CORP)|\bSPECTRANET\b|\bSMILE\b|\bIPNX\b|\bFIBERONE\b|\bBILLS?\s+PAY(?:MENT)?\b|` +
        String.raw`\bWAEC\b|\bJAMB\b|\bCABLE\s+TV\b|\bESTATE\s+DUES\b|\bSERVICE\s+CHARGE\b`,
    ),
  },
  { category: 'atm', direction: 'debit', pattern: /\bATM\b|\bCASH\s+W(?:ITH)?D(?:RAWA)?L\b|\bCWDL\b/ },
  {
    category: 'pos',
    direction: 'any',
    pattern: /\bPOS\b|\bPURCHASE\s+@|\bPOS\s+PURCHASE\b|\bMERCHANT\s+PAYMENT\b|\bPAYMENT\s+@/,
  },
  {
    category: 'web',
    direction: 'any',
    pattern: new RegExp(
      String.raw`\bWEB\b|\bONLINE\s+(?:PURCHASE|PAYMENT)|\bPAYSTACK\b|\bFLUTTERWAVE\b|\bFLW\b|\bJUMIA\b|\bKONGA\b|` +
        String.raw`\bNETFLIX\b|\bSPOTIFY\b|\bAPPLE\.COM\b|\bGOOGLE\b|\bAMAZON\b|\bUBER\b|\bBOLT\b|\bCHOWDECK\b|` +
        String.raw`\bGLOVO\b|\bALIEXPRESS\b`,
    ),
  },
  {
    category: 'cash_deposit',
    direction: 'credit',
    pattern: /\bCASH\s+(?:DEP(?:OSIT)?|LODGE?MENT)\b|\bTELLER\b|\bCSH\s+DEP\b|\bDEPOSIT\s+BY\b/,
  },
  {
    category: 'transfer_in',
    direction: 'credit',
    pattern: new RegExp(
      String.raw`\bNIP\b|\bTRANSFER\b|\bTRF\b|\bTRSF\b|\bTRANS\s+FROM\b|\bFT\b|\bMOB\b|\bUSSD\b|\bNIBSS\b|` +
        String.raw`\bINSTANT\s+PAYMENT|\bFIP\b|\bINFLOW\b|\bRECEIVED\s+FROM\b|\bFROM\s*:|\bFRM\b|\bIB\b|\*\d{3}\*`,
    ),
  },
  {
    category: 'transfer_out',
    direction: 'debit',
    pattern: new RegExp(
      String.raw`\bNIP\b|\bTRANSFER\b|\bTRF\b|\bTRSF\b|\bFT\b|\bMOB\b|\bUSSD\b|\bNIBSS\b|\bINSTANT\s+PAYMENT|\bFIP\b|` +
        String.raw`\bSENT\s+TO\b|\bTO\s*:|\bIB\b|\*\d{3}\*|\bPAYMENT\s+(?:TO|FOR)\b`,
    ),
  },
];

/** Words that make a name read as a business's rather than a person's. */
export const BUSINESS_NAME = new RegExp(
  String.raw`\b(?:LTD|LIMITED|PLC|ENTERPRISES?|VENTURES?|NIG(?:ERIA)?|SERVICES?|CONSULT\w*|GLOBAL|CONCEPTS?|` +
    String.raw`SOLUTIONS?|INTEGRATED|TECHNOLOGIES|TECH|INTERNATIONAL|INT'?L|RESOURCES|COMPANY|CO|AGENCY|STORES?|` +
    String.raw`PARTNERS|LOGISTICS|SUPPLIES|ENGINEERING|INDUSTRIES|HOLDINGS|ASSOCIATES|TRAD(?:ING|ERS)|` +
    String.raw`AND\s+SONS)\b|&`,
);

/** Whose account a statement is: a company's money in is its customers paying, not a salary. */
export type AccountHolder = 'company' | 'person';

/** A company when the account's name reads as a business's; a person otherwise (or when no name is printed). */
export function accountHolderOf(accountName: string | null | undefined): AccountHolder {
  return accountName && BUSINESS_NAME.test(accountName.toUpperCase()) ? 'company' : 'person';
}

/** Credits that, on a company's account, are its customers paying it. */
const RECEIPT_CATEGORIES: ReadonlySet<Category> = new Set(['transfer_in', 'salary', 'other_in', 'pos', 'web']);

/**
 * The rows as their account's holder makes them: on a company's account, transfers, card and web
 * settlements and "salary"-worded credits are customer receipts (invoices paid), not income of
 * a person. A person's account is left as the narrations read.
 */
export function categoriseForHolder<T extends { credit: number; category: Category }>(
  rows: readonly T[],
  holder: AccountHolder,
): T[] {
  if (holder === 'person') return [...rows];
  return rows.map((row) =>
    row.credit > 0 && RECEIPT_CATEGORIES.has(row.category) ? { ...row, category: 'customer_receipts' } : row,
  );
}

export interface CategoryMatch {
  category: Category;
  chargeKind: ChargeKind | null;
}

/** The first rule that matches the narration on its side of the statement. */
export function categoriseNarration(narration: string, direction: 'debit' | 'credit'): CategoryMatch {
  const text = narration.toUpperCase();
  for (const rule of CATEGORY_RULES) {
    if (rule.direction !== 'any' && rule.direction !== direction) continue;
    if (rule.pattern.test(text)) return { category: rule.category, chargeKind: rule.chargeKind ?? null };
  }
  return { category: direction === 'credit' ? 'other_in' : 'other_out', chargeKind: null };
}

/**
 * Where a transfer narration names the other party, as data: each pattern's `name` group is the
 * counterparty. Banks write "NIP TRANSFER FROM ADA OKAFOR", "NIP/ZENITH/ADA OKAFOR/rent",
 * "TRF FRM ADA OKAFOR TO ...", "Transfer to Ada Okafor | Zenith Bank", "POS PURCHASE @ SHOPRITE".
 */
export const COUNTERPARTY_PATTERNS: readonly RegExp[] = [
  /\b(?:NIP|MOB|IB|USSD|FIP|NIBSS)[\s/]*(?:CR|DR|TRANSFER|TRF|TRSF)?[\s/]*(?:FROM|FRM|TO|FR)\s*:?\s+(?<name>[^/|\-:]+)/i,
  /\b(?:TRANSFER|TRF|TRSF|TRANS|SENT|RECEIVED|PAYMENT|INFLOW)\s*(?:FROM|FRM|TO|FR)\s*:?\s+(?<name>[^/|\-:]+)/i,
  /\b(?:NIP|MOB|IB|TRF|FT|USSD)\s*\/\s*(?:[A-Z]{2,12}\s*\/\s*)?(?<name>[A-Z][A-Z .'&]{3,}?)\s*\//i,
  /\bBENEFICIARY\s*:?\s*(?<name>[^/|\-:]+)/i,
  /\b(?:POS\s+PURCHASE|PURCHASE|PAYMENT|POS\s+PMT|WEB\s+PMT|WEB\s+PURCHASE)\s*(?:@|AT)\s*(?<name>[^/|\-:]+)/i,
];

// Words that end a name inside a narration: references, bank names, the "to" leg of "from X to Y".
const NAME_STOP = /\s+(?:REF\b|REFERENCE\b|VIA\b|TO\b|FOR\b|ON\b|NARR\b|SESSION\b|TRF\b|\d{5,}).*$/i;

/** The other party named in a narration (upper case, tidied), or null. */
export function extractCounterparty(narration: string): string | null {
  for (const pattern of COUNTERPARTY_PATTERNS) {
    const match = pattern.exec(narration);
    const raw = match?.groups?.name;
    if (!raw) continue;
    const name = raw
      .replace(NAME_STOP, '')
      .replace(/[^A-Za-z0-9 .'&]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .toUpperCase();
    if (name.length >= 3 && /[A-Z]{2}/.test(name) && !/^(?:ACCOUNT|SELF|ME|YOU|CUSTOMER)$/.test(name)) return name;
  }
  return null;
}
