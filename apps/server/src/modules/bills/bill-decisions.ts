import { calls, hasPermission, type BillStatus, type BillTypeCode } from '@levy/contracts';
import { addKobo, formatNaira, subtractKobo, type ChargeTable, type Kobo, type WhtRateTables } from '@levy/tax';
import { itemPageTexts } from '../../db/item-page-texts';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Caller } from '../../http/route';
import { recordAudit } from '../audit/audit.service';
import type { CorporationsService } from '../corporations/corporations.service';
import type { MailService } from '../mail/mail.service';
import { fullName, lagosDate, naira } from './bill-format';
import type { BillPerson, BillWallets, StateInfo } from './bill-ports';
import { billItemTuple, payeesFingerprint } from './bill-items';
import type { BillQueries } from './bill-queries';
import { repriceBill, type BillFigures } from './bill-repricing';
import type { PaymentOutcome } from './payment-outcome-mails';
import type { BillSettlement } from './bill-settlement';
import { billTypeByCode } from './bill-types';
import * as repo from './bills.repo';

const nairaFigures = (figures: BillFigures) => ({
  amount_due: naira(figures.amountDue),
  charge: naira(figures.charge),
  total: naira(figures.total),
});

/** The status a bill pays in: PAYE is confirmed at once, WHT settles in the background. */
export const payingStatus = (type: BillTypeCode): BillStatus =>
  type === 'paye' ? 'awaiting_payment_confirmation' : 'payment_pending';

/**
 * What happens to a bill after it is prepared: an admin approves or declines it, its preparer or
 * an admin withdraws or cancels it, and the people concerned are mailed.
 */
export function createBillDecisions(deps: {
  db: Db;
  now: () => Date;
  corporations: Pick<CorporationsService, 'findInOrganisation'>;
  wallets: Pick<BillWallets, 'walletForCorporation'>;
  mail: MailService;
  appUrl: string;
  people(userIds: string[]): Promise<BillPerson[]>;
  queries: Pick<BillQueries, 'findOwnBill' | 'detail' | 'stateById'>;
  settlement: BillSettlement;
  /** The mail of a payment's outcome to the bill's preparer and the admins, sent in the caller's transaction. */
  announce(bill: repo.BillRow, outcome: PaymentOutcome): Promise<(tx: Db) => Promise<void>>;
  /** In the approval's transaction, before money moves: refuses a PAYE month recorded as paid outside Levy meanwhile. */
  holdMonth(tx: Db, bill: repo.BillRow, stateName: string): Promise<void>;
  /** The bill's state registration as it stands now (its Tax ID); null when it was removed. */
  registrationOf(caller: Caller, bill: repo.BillRow): Promise<{ taxPayerNumber: string } | null>;
  /** The charge schedule and WHT rates as the server knows them now (reference-data). */
  referenceTables(): Promise<ChargeTable & WhtRateTables>;
  /** A new RRR from the remittance gateway for the bill at another tax amount (a refusal moves no money). */
  remittanceReference(
    bill: repo.BillRow,
    amountDue: Kobo,
    payerEmail: string,
  ): Promise<{ rrr: string; amountDueKobo: Kobo }>;
}) {
  const { db, now } = deps;
  const { findOwnBill, detail, stateById } = deps.queries;
  const { settle, refund, payFromWallet } = deps.settlement;

  /** Mails people about a bill, in the caller's transaction (the outbox). */
  async function mailAbout(tx: Db, bill: repo.BillRow, to: readonly string[], subject: string, text: string) {
    const link = `${deps.appUrl}/bills?bill=${bill.id}`;
    for (const address of new Set(to))
      await deps.mail.enqueue(tx, { to: address, subject, text: `${text}\n\nOpen the bill: ${link}`, links: [link] });
  }

  async function personOf(userId: string | null): Promise<BillPerson | undefined> {
    return userId ? (await deps.people([userId]))[0] : undefined;
  }

  /** A decision on a bill that has already moved on. */
  function notWaiting(bill: repo.BillRow): AppError {
    const label = bill.status.replace(/_/g, ' ');
    return new AppError('CONFLICT', `This bill is no longer awaiting approval or payment: it is ${label}.`);
  }

  function paidCannotBeCancelled(bill: repo.BillRow, statesById: Map<number, StateInfo>): AppError {
    const service = statesById.get(bill.stateId)?.revenueService ?? 'the revenue service';
    return new AppError(
      'UNPROCESSABLE',
      `This bill was paid to ${service}${bill.paidAt ? ` on ${lagosDate(bill.paidAt)}` : ''}, so it cannot be cancelled. Ask ${service} for a refund ` +
        `or a credit against a later bill, quoting the agency reference ${bill.agencyReference ?? bill.reference}.`,
    );
  }

  /** Ends a waiting bill that can no longer be paid as prepared: nothing was paid, and its preparer is told why. */
  async function closeUnpaid(
    bill: repo.BillRow,
    input: { why: string; approverName: string; actorUserId: string; preparerEmail: string | undefined; ip: string },
  ) {
    await db.transaction(async (tx) => {
      const moved = await repo.transitionBill(tx, bill.id, ['awaiting_approval'], {
        status: 'cancelled',
        closedReason: input.why,
      });
      if (!moved) throw notWaiting((await repo.findBill(tx, bill.id)) ?? bill);
      await repo.insertBillEvent(tx, {
        billId: bill.id,
        status: 'cancelled',
        note: `Closed at approval by ${input.approverName}: ${input.why}. Nothing was paid.`,
      });
      await recordAudit(tx, {
        organisationId: bill.organisationId,
        actorUserId: input.actorUserId,
        action: 'bill.cancelled',
        resourceType: 'bill',
        resourceId: bill.id,
        details: { reference: bill.reference, from: bill.status, reason: input.why },
        ipAddress: input.ip,
      });
      if (input.preparerEmail)
        await mailAbout(
          tx,
          bill,
          [input.preparerEmail],
          `Your bill was closed unpaid: ${bill.reference}`,
          `${input.approverName} tried to approve ${bill.reference} (${formatNaira(bill.totalKobo)}), but ${input.why}. The bill has been closed and ` +
            `nothing was paid. Prepare a new bill if the tax is still owed.`,
        );
    });
  }

  return {
    mailAbout,
    personOf,

    /**
     * An admin other than its preparer approves a waiting bill: it is priced again for its month as
     * the rules stand now and paid through the same path as an immediate payment. A bill whose
     * price changed is paid only when the approver confirms the new total (`confirmTotal`, else
     * CONFLICT with both figures); a bill whose state registration is gone, or now under another
     * Tax ID, is closed unpaid. A shortfall answers with the amount and the bill keeps waiting; of
     * concurrent approvals one moves the bill and the others are told it has moved.
     */
    async approve(caller: Caller, id: string, ip: string, confirmTotal?: Kobo) {
      const bill = await findOwnBill(caller, id);
      if (bill.status !== 'awaiting_approval') throw notWaiting(bill);
      if (bill.createdBy === caller.userId)
        throw new AppError('FORBIDDEN', 'You prepared this bill: another admin must approve it.');
      const [corporation, statesById, wallet, approver, preparer, registration, tables] = await Promise.all([
        deps.corporations.findInOrganisation(bill.organisationId, bill.corporationId),
        stateById(),
        deps.wallets.walletForCorporation(bill.organisationId, bill.corporationId),
        personOf(caller.userId),
        personOf(bill.createdBy),
        deps.registrationOf(caller, bill),
        deps.referenceTables(),
      ]);
      const approverName = approver ? fullName(approver) : caller.firstName;
      const state = statesById.get(bill.stateId)!;
      if (registration?.taxPayerNumber !== bill.taxPayerNumber) {
        const why = registration
          ? `${corporation.name} is now registered in ${state.name} under Tax ID ${registration.taxPayerNumber}, not ${bill.taxPayerNumber} as when ` +
            `this bill was prepared`
          : `${corporation.name} is no longer registered in ${state.name}`;
        await closeUnpaid(bill, { why, approverName, actorUserId: caller.userId, preparerEmail: preparer?.email, ip });
        throw new AppError(
          'UNPROCESSABLE',
          `${why}, so this bill cannot be paid: it has been closed and nothing was paid. Prepare a new bill if the tax is still owed.`,
        );
      }
      const repricing = repriceBill(
        bill,
        bill.type === 'wht' ? await repo.listBillItems(db, bill.id) : null,
        state.collector,
        tables,
      );
      const { now: figures } = repricing;
      if (repricing.changes.length > 0 && confirmTotal !== figures.total) {
        throw new AppError(
          'CONFLICT',
          `The rules changed after this bill was prepared. ${repricing.changes.join(' ')} Approve again to pay ${formatNaira(figures.total)}, or ` +
            `decline the bill.`,
          {
            prepared: nairaFigures(repricing.prepared),
            now: nairaFigures(figures),
            changes: repricing.changes,
          },
        );
      }
      // The RRR was generated for the prepared tax: a re-priced tax needs its own before money moves.
      const remitted =
        figures.amountDue === bill.amountDueKobo
          ? null
          : await deps.remittanceReference(bill, figures.amountDue, caller.email);
      const gatewayChargeKobo = remitted
        ? subtractKobo(remitted.amountDueKobo, figures.amountDue)
        : bill.gatewayChargeKobo;
      await db.transaction(async (tx) => {
        await deps.holdMonth(tx, bill, state.name);
        const approvedAt = now();
        const priced = {
          amountDueKobo: figures.amountDue,
          feeKobo: figures.fee,
          vatKobo: figures.vat,
          chargeKobo: figures.charge,
          gatewayChargeKobo,
          totalKobo: addKobo(figures.total, gatewayChargeKobo),
          ...(remitted ? { agencyReference: remitted.rrr } : {}),
          ...(repricing.items ? { payeesFingerprint: payeesFingerprint(repricing.items) } : {}),
        };
        const moved = await repo.transitionBill(tx, bill.id, ['awaiting_approval'], {
          status: payingStatus(bill.type),
          approvedBy: caller.userId,
          approvedByName: approverName,
          approvedAt,
          ...priced,
        });
        if (!moved) throw notWaiting((await repo.findBill(tx, bill.id)) ?? bill);
        if (repricing.items)
          await repo.replaceBillItemPages(tx, bill.id, itemPageTexts(repricing.items, billItemTuple));
        if (repricing.changes.length > 0)
          await repo.insertBillEvent(tx, {
            billId: bill.id,
            status: 'awaiting_approval',
            note: `Priced again at approval by ${approverName}: ${repricing.changes.join(' ')}`,
          });
        const paying = { ...bill, ...priced, status: payingStatus(bill.type) };
        await recordAudit(tx, {
          organisationId: bill.organisationId,
          actorUserId: caller.userId,
          action: 'bill.approved',
          resourceType: 'bill',
          resourceId: bill.id,
          details: {
            reference: bill.reference,
            total: naira(figures.total),
            ...(repricing.changes.length > 0
              ? { prepared_total: naira(bill.totalKobo), changes: repricing.changes }
              : {}),
          },
          ipAddress: ip,
        });
        if (preparer)
          await mailAbout(
            tx,
            bill,
            [preparer.email],
            `Your bill was approved: ${bill.reference}`,
            `${approverName} approved ${bill.reference} (${formatNaira(figures.total)}). It has been paid from ` +
              `${wallet.name}.${repricing.changes.length > 0 ? `\n${repricing.changes.join(' ')}` : ''}`,
          );
        await payFromWallet(tx, paying, {
          wallet,
          actorUserId: caller.userId,
          description: `${billTypeByCode(bill.type).name} ${bill.reference} for ${corporation.name}, ${state.name}`,
          note: `Approved by ${approverName}`,
        });
      });
      if (bill.type === 'paye') await settle(bill.id, false).catch(() => undefined);
      return detail((await repo.findBill(db, bill.id))!);
    },

    /** An admin declines a waiting bill with a reason: nothing was paid, and the preparer is told why. */
    async reject(caller: Caller, id: string, reason: string, ip: string) {
      const bill = await findOwnBill(caller, id);
      if (bill.status !== 'awaiting_approval') throw notWaiting(bill);
      const [decider, preparer] = await Promise.all([personOf(caller.userId), personOf(bill.createdBy)]);
      const deciderName = decider ? fullName(decider) : caller.firstName;
      await db.transaction(async (tx) => {
        const moved = await repo.transitionBill(tx, bill.id, ['awaiting_approval'], {
          status: 'declined',
          closedReason: reason,
        });
        if (!moved) throw notWaiting((await repo.findBill(tx, bill.id)) ?? bill);
        await repo.insertBillEvent(tx, {
          billId: bill.id,
          status: 'declined',
          note: `Declined by ${deciderName}: ${reason}`,
        });
        await recordAudit(tx, {
          organisationId: bill.organisationId,
          actorUserId: caller.userId,
          action: 'bill.declined',
          resourceType: 'bill',
          resourceId: bill.id,
          details: { reference: bill.reference, reason },
          ipAddress: ip,
        });
        if (preparer)
          await mailAbout(
            tx,
            bill,
            [preparer.email],
            `Your bill was declined: ${bill.reference}`,
            `${deciderName} declined ${bill.reference} (${formatNaira(bill.totalKobo)}): ${reason}\nNothing was paid.`,
          );
      });
      return detail((await repo.findBill(db, bill.id))!);
    },

    /**
     * Withdraws a bill before the agency accepts it: a waiting bill by its preparer or an admin
     * (nothing was paid); a bill whose settlement the agency has not yet accepted by an admin, with
     * its wallet refunded exactly once. A paid bill cannot be: the answer says what to do instead.
     */
    async cancel(caller: Caller, id: string, reason: string | undefined, ip: string) {
      const bill = await findOwnBill(caller, id);
      const isAdmin = hasPermission(caller.permissions, calls.approveBill.permission);
      const [person, statesById] = await Promise.all([personOf(caller.userId), stateById()]);
      const name = person ? fullName(person) : caller.firstName;
      const because = reason?.trim() ? `: ${reason.trim()}` : '';
      const audit = (tx: Db) =>
        recordAudit(tx, {
          organisationId: bill.organisationId,
          actorUserId: caller.userId,
          action: 'bill.cancelled',
          resourceType: 'bill',
          resourceId: bill.id,
          details: { reference: bill.reference, from: bill.status, reason: reason ?? null },
          ipAddress: ip,
        });
      if (bill.status === 'awaiting_approval') {
        if (!isAdmin && bill.createdBy !== caller.userId)
          throw new AppError('FORBIDDEN', 'Only the person who prepared this bill or an admin can withdraw it.');
        await db.transaction(async (tx) => {
          const moved = await repo.transitionBill(tx, bill.id, ['awaiting_approval'], {
            status: 'cancelled',
            closedReason: reason?.trim() || null,
          });
          if (!moved) throw notWaiting((await repo.findBill(tx, bill.id)) ?? bill);
          await repo.insertBillEvent(tx, {
            billId: bill.id,
            status: 'cancelled',
            note: `Withdrawn by ${name}${because}. Nothing was paid.`,
          });
          await audit(tx);
        });
      } else if (repo.SETTLING_STATUSES.includes(bill.status)) {
        if (!isAdmin)
          throw new AppError('FORBIDDEN', 'Only an admin can cancel a bill that has been paid from the wallet.');
        const announceCancelled = await deps.announce(bill, {
          kind: 'cancelled',
          by: name,
          reason: reason?.trim() || null,
        });
        await db.transaction(async (tx) => {
          const moved = await repo.cancelSettlingBill(tx, bill.id, { closedReason: reason?.trim() || null });
          if (!moved) {
            const current = (await repo.findBill(tx, bill.id)) ?? bill;
            if (current.status === 'payment_paid') throw paidCannotBeCancelled(current, statesById);
            if (
              repo.SETTLING_STATUSES.includes(current.status) &&
              current.gatewayOutcome !== null &&
              current.gatewayOutcome !== 'absent'
            ) {
              throw new AppError(
                'CONFLICT',
                `Remita may hold this payment (RRR ${current.agencyReference ?? current.reference}; last answer: ` +
                  `${current.gatewayStatus ?? 'none yet'}), so it cannot be cancelled. ` +
                  `Levy asks Remita until it is paid or refused; a refused payment is refunded.`,
              );
            }
            if (repo.SETTLING_STATUSES.includes(current.status))
              throw new AppError(
                'CONFLICT',
                'The revenue service is answering for this payment right now. Wait a minute and look again: if it was accepted the bill is paid, ' +
                  'otherwise you can cancel it.',
              );
            throw notWaiting(current);
          }
          await refund(tx, bill, `Refund of ${bill.reference}: cancelled by ${name}`, caller.userId);
          await repo.insertBillEvent(tx, {
            billId: bill.id,
            status: 'cancelled',
            note: `Cancelled by ${name}${because} before the revenue service accepted it. ${formatNaira(bill.totalKobo)} was returned to the wallet.`,
          });
          await announceCancelled(tx);
          await audit(tx);
        });
      } else if (bill.status === 'payment_paid') {
        throw paidCannotBeCancelled(bill, statesById);
      } else {
        throw notWaiting(bill);
      }
      return detail((await repo.findBill(db, bill.id))!);
    },
  };
}
