import { amendAnnualReturn, ANNUAL_RETURN_MESSAGES, downloadTaxCard, downloadTaxCards, exportAnnualReturn, getAnnualReturn, submitAnnualReturn } from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { AnnualReturnsService } from './annual-returns.service';

/** The employer's annual return and employees' tax cards (issue 26). */
export function annualReturnRoutes(returns: AnnualReturnsService) {
  return [
    defineRoute({ contract: getAnnualReturn, handler: ({ caller, params }) => returns.get(caller, params) }),
    defineRoute({ contract: submitAnnualReturn, handler: async ({ caller, params }) => reply(await returns.submit(caller, params), ANNUAL_RETURN_MESSAGES.submitted) }),
    defineRoute({ contract: amendAnnualReturn, handler: async ({ caller, params, body }) => reply(await returns.amend(caller, params, body.reason), ANNUAL_RETURN_MESSAGES.amended) }),
    defineRoute({ contract: exportAnnualReturn, handler: ({ caller, params }) => returns.export(caller, params) }),
    defineRoute({ contract: downloadTaxCards, handler: ({ caller, params }) => returns.taxCards(caller, params) }),
    defineRoute({ contract: downloadTaxCard, handler: ({ caller, params }) => returns.taxCard(caller, params) }),
  ];
}
