import type { Kobo } from './money';

/**
 * One WHT payment to the same payees and amounts is one bill a month: the payees of a bill as one
 * text, each `TAX-ID:kobo` on its line, sorted, so the order and case of a file do not matter. The
 * server keeps its SHA-256 with each WHT bill; the web hashes the same text to ask, before Pay,
 * whether a bill would repeat one.
 */
export function whtPayeesText(payees: ReadonlyArray<{ taxPayerNumber: string; taxPayableKobo: Kobo }>): string {
  return payees
    .map((payee) => `${payee.taxPayerNumber.trim().toUpperCase()}:${payee.taxPayableKobo}`)
    .sort()
    .join('\n');
}
