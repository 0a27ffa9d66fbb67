import { formatNaira } from '@levy/tax';
import type { Db } from '../../db/client';
import type { MailService } from '../mail/mail.service';
import { monthName } from '@levy/tax';
import { lagosDate } from './bill-format';
import type { BillPerson } from './bill-ports';
import type * as repo from './bills.repo';
import { taxLabel } from './receipt-verification';

/** How the revenue service answered a bill the wallet paid. */
export type PaymentOutcome =
  | { kind: 'paid'; receiptNumber: string; paidAt: Date }
  | { kind: 'failed'; reason: string }
  /** An admin cancelled it before the revenue service accepted it; the wallet was refunded. */
  | { kind: 'cancelled'; by: string; reason: string | null };

/**
 * Every payment's outcome is mailed to the bill's preparer and the organisation's admins, in the
 * transaction that records it (the outbox: no mail for an outcome that rolled back). The people are
 * read before that transaction: on a single-connection database a read outside it would wait on it. A paid bill's
 * mail links its receipt and the public page that verifies it; a failed one says the money came
 * back and that the month stays unpaid (its alert stays until it is paid); so does a payment an admin
 * cancelled before the revenue service accepted it.
 */
export function createPaymentOutcomeMails(deps: {
  mail: Pick<MailService, 'enqueue'>;
  appUrl: string;
  people(userIds: string[]): Promise<BillPerson[]>;
  adminsOf(organisationId: string): Promise<BillPerson[]>;
  /** The public page that verifies a paid bill's receipt. */
  receiptUrlOf(billId: string): string;
}) {
  async function recipients(bill: repo.BillRow): Promise<string[]> {
    const [preparers, admins] = await Promise.all([
      bill.createdBy ? deps.people([bill.createdBy]) : [],
      deps.adminsOf(bill.organisationId),
    ]);
    return [...new Set([...preparers, ...admins].map((person) => person.email))];
  }

  function message(
    bill: repo.BillRow,
    outcome: PaymentOutcome,
    billLink: string,
  ): { subject: string; text: string; links: string[] } {
    const what = `${taxLabel(bill)} for ${monthName(bill.periodStart.slice(0, 7))} (${bill.reference})`;
    if (outcome.kind === 'paid') {
      const receiptUrl = deps.receiptUrlOf(bill.id);
      return {
        subject: `Paid: ${bill.reference}, ${formatNaira(bill.totalKobo)}`,
        text: [
          `${what} was paid to the revenue service on ${lagosDate(outcome.paidAt)}.`,
          `Tax ${formatNaira(bill.amountDueKobo)}, charge ${formatNaira(bill.chargeKobo)}, total ${formatNaira(bill.totalKobo)}. Receipt number ` +
            `${outcome.receiptNumber}.`,
          '',
          `Download the receipt: ${billLink}`,
          `Anyone can check the receipt is genuine: ${receiptUrl}`,
        ].join('\n'),
        links: [billLink, receiptUrl],
      };
    }
    if (outcome.kind === 'cancelled') {
      return {
        subject: `Cancelled and refunded: ${bill.reference}`,
        text: [
          `${outcome.by} cancelled the payment of ${what} before the revenue service accepted it${outcome.reason ? `: ${outcome.reason}` : '.'}`,
          `${formatNaira(bill.totalKobo)} was returned to the wallet it was paid from.`,
          `The tax for ${monthName(bill.periodStart.slice(0, 7))} is still unpaid: it stays in your tax alerts until it is paid.`,
          '',
          `Open the bill: ${billLink}`,
        ].join('\n'),
        links: [billLink],
      };
    }
    return {
      subject: `Payment not accepted: ${bill.reference}`,
      text: [
        `The revenue service did not accept the payment of ${what}: ${outcome.reason}`,
        `${formatNaira(bill.totalKobo)} was returned to the wallet it was paid from.`,
        `The tax for ${monthName(bill.periodStart.slice(0, 7))} is still unpaid: it stays in your tax alerts until it is paid.`,
        '',
        `Open the bill: ${billLink}`,
      ].join('\n'),
      links: [billLink],
    };
  }

  return {
    async announce(bill: repo.BillRow, outcome: PaymentOutcome): Promise<(tx: Db) => Promise<void>> {
      const billLink = `${deps.appUrl.replace(/\/$/, '')}/bills?bill=${bill.id}`;
      const { subject, text, links } = message(bill, outcome, billLink);
      const addresses = await recipients(bill);
      return async (tx) => {
        for (const to of addresses) await deps.mail.enqueue(tx, { to, subject, text, links });
      };
    },
  };
}
