import { TaxInputError } from './tax-input-error';

/**
 * NUBAN check digit (CBN NUBAN scheme): weights 3,7,3 repeated over the bank code and the
 * 9-digit serial; check digit = (10 − sum mod 10) mod 10.
 *
 * Bank codes: 3-digit deposit-money-bank codes (the original scheme: 3 + 9 digits), and the
 * 2020 revised standard's 6-digit institution code for other financial institutions — a 5-digit
 * code is prefixed with '9' and a 3-digit code with '000' (the zeros leave the original
 * result unchanged), then the weights run over 6 + 9 = 15 digits.
 */
const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

function isDigits(value: string, length: number): boolean {
  if (value.length !== length) return false;
  for (let index = 0; index < length; index++) {
    const code = value.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** The 6-digit institution code the weights run over, or null for an unusable bank code. */
function institutionCode(bankCode: string): string | null {
  if (isDigits(bankCode, 3)) return `000${bankCode}`;
  if (isDigits(bankCode, 5)) return `9${bankCode}`;
  if (isDigits(bankCode, 6)) return bankCode;
  return null;
}

export function isNubanBankCode(bankCode: string): boolean {
  return typeof bankCode === 'string' && institutionCode(bankCode.trim()) !== null;
}

/** The check digit for a bank code (3, 5 or 6 digits) and a 9-digit serial. */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  const institution = institutionCode(bankCode.trim());
  if (institution === null) {
    throw new TaxInputError('bankCode', 'bankCode must be 3, 5 or 6 digits');
  }
  if (!isDigits(serial, 9)) throw new TaxInputError('serial', 'serial must be 9 digits');
  const digits = institution + serial;
  let sum = 0;
  for (let index = 0; index < 15; index++) sum += (digits.charCodeAt(index) - 48) * WEIGHTS[index];
  return (10 - (sum % 10)) % 10;
}

/** True when `accountNumber` is 10 digits whose last digit is the NUBAN check digit for the bank. */
export function isValidNuban(accountNumber: string, bankCode: string): boolean {
  if (typeof accountNumber !== 'string' || typeof bankCode !== 'string') return false;
  const account = accountNumber.trim();
  if (!isDigits(account, 10) || institutionCode(bankCode.trim()) === null) return false;
  return nubanCheckDigit(bankCode, account.slice(0, 9)) === account.charCodeAt(9) - 48;
}

/**
 * A valid NUBAN for a bank code and a serial (0 ≤ serial ≤ 999,999,999, or a 9-digit string):
 * the serial zero-padded to 9 digits plus its check digit. Used to give wallets virtual accounts.
 */
export function generateNuban(bankCode: string, serial: number | string): string {
  let serialText: string;
  if (typeof serial === 'number') {
    if (!Number.isSafeInteger(serial) || serial < 0 || serial > 999_999_999) {
      throw new TaxInputError('serial', 'serial must be a whole number from 0 to 999,999,999');
    }
    serialText = String(serial).padStart(9, '0');
  } else {
    serialText = serial;
  }
  return `${serialText}${nubanCheckDigit(bankCode, serialText)}`;
}
