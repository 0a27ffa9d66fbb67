import {
  amendAnnualReturn,
  ANNUAL_RETURN_MESSAGES,
  downloadTaxCard,
  downloadTaxCards,
  exportAnnualReturn,
  getAnnualReturn,
  listPriorPayePayments,
  PRIOR_PAYMENT_MESSAGES,
  recordAnnualReturnAcknowledgement,
  recordPriorPayePayment,
  removePriorPayePayment,
  submitAnnualReturn,
} from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { AnnualReturnsService } from './annual-returns.service';
import type { PriorPaymentsService } from './prior-payments.service';

/** The employer's annual return and employees' tax cards. */
export function annualReturnRoutes(returns: AnnualReturnsService, priorPayments: PriorPaymentsService) {
  return [
    defineRoute({ contract: getAnnualReturn, handler: ({ caller, params }) => returns.get(caller, params) }),
    defineRoute({
      contract: submitAnnualReturn,
      handler: async ({ caller, params }) =>
        reply(await returns.submit(caller, params), ANNUAL_RETURN_MESSAGES.submitted),
    }),
    defineRoute({
      contract: amendAnnualReturn,
      handler: async ({ caller, params, body }) =>
        reply(await returns.amend(caller, params, body.reason), ANNUAL_RETURN_MESSAGES.amended),
    }),
    defineRoute({
      contract: recordAnnualReturnAcknowledgement,
      handler: async ({ caller, params, body }) =>
        reply(await returns.recordAcknowledgement(caller, params, body.reference), 'Acknowledgement recorded'),
    }),
    defineRoute({ contract: exportAnnualReturn, handler: ({ caller, params }) => returns.export(caller, params) }),
    defineRoute({ contract: downloadTaxCards, handler: ({ caller, params }) => returns.taxCards(caller, params) }),
    defineRoute({ contract: downloadTaxCard, handler: ({ caller, params }) => returns.taxCard(caller, params) }),
    // PAYE months paid on the state portal before Levy: they complete the year's return.
    defineRoute({
      contract: listPriorPayePayments,
      handler: ({ caller, params }) => priorPayments.list(caller, params.id, params.code),
    }),
    defineRoute({
      contract: recordPriorPayePayment,
      handler: async ({ caller, params, body, files, ip }) =>
        reply(
          await priorPayments.record(caller, params.id, params.code, body, files, ip),
          PRIOR_PAYMENT_MESSAGES.recorded,
        ),
    }),
    defineRoute({
      contract: removePriorPayePayment,
      handler: async ({ caller, params, ip }) =>
        reply(
          await priorPayments.remove(caller, params.id, params.code, params.month, ip),
          PRIOR_PAYMENT_MESSAGES.removed,
        ),
    }),
  ];
}
