import { createHmac, timingSafeEqual } from 'node:crypto';
import { findBankByCode, generateNuban } from '@levy/tax';

/** A bank transfer into a wallet's virtual account, as the provider reports it. */
export interface TransferReceived {
  reference: string;
  accountNumber: string;
  /** Naira as a canonical decimal string, validated by the contract's nairaAmount. */
  amount: string;
  senderName: string;
  paidAt: Date;
}

export interface VirtualAccountDetails {
  provider: string;
  accountNumber: string;
  bankCode: string;
  bankName: string;
  accountName: string;
}

/**
 * The payment provider that gives each wallet a bank account and reports transfers into it by a
 * webhook signed with HMAC-SHA512 of the raw body (as Nigerian providers do).
 */
export interface PaymentProvider {
  readonly name: string;
  /** A virtual account for a wallet; `serial` is a number never used before. */
  openVirtualAccount(input: { accountName: string; serial: number }): VirtualAccountDetails;
  /** Whether the signature header is the provider's for exactly this raw body. */
  isSignatureValid(rawBody: Buffer, signature: string | undefined): boolean;
  sign(rawBody: Buffer): string;
}

// Wema Bank hosts virtual accounts for several Nigerian providers; the sandbox uses its bank code.
const SANDBOX_BANK_CODE = '035';

export function createSandboxPaymentProvider(webhookSecret: string): PaymentProvider {
  const sign = (rawBody: Buffer) => createHmac('sha512', webhookSecret).update(rawBody).digest('hex');
  return {
    name: 'sandbox',
    openVirtualAccount({ accountName, serial }) {
      return {
        provider: 'sandbox',
        accountNumber: generateNuban(SANDBOX_BANK_CODE, serial),
        bankCode: SANDBOX_BANK_CODE,
        bankName: findBankByCode(SANDBOX_BANK_CODE)!.name,
        accountName,
      };
    },
    isSignatureValid(rawBody, signature) {
      if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
      return timingSafeEqual(Buffer.from(sign(rawBody), 'hex'), Buffer.from(signature, 'hex'));
    },
    sign,
  };
}
