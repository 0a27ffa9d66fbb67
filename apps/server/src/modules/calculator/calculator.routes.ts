import { calculatePaye, calculateWht, getSharedCalculation, shareCalculation } from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { CalculatorService } from './calculator.service';

/** The public tax calculator (issue 4): no token, amounts in naira with two decimals. */
export function calculatorRoutes(calculator: CalculatorService) {
  return [
    defineRoute({
      contract: calculatePaye,
      summary: 'PAYE for a month under the regime in force (NTA 2025 from 2026-01, PITA before), with the other regime side by side',
      auth: false,
      handler: async ({ body }) => calculator.calculatePaye(body),
    }),
    defineRoute({
      contract: calculateWht,
      summary: 'Withholding tax on one payment: rate by type, payee kind, residency and Tax ID (doubled without one from 2025)',
      auth: false,
      handler: async ({ body }) => calculator.calculateWht(body),
    }),
    defineRoute({
      contract: shareCalculation,
      summary: 'Save calculator inputs under a token for the link /calculator/{token}',
      auth: false,
      handler: async ({ body, ip }) => reply(await calculator.share(body, ip), 'Calculation saved. Anyone with the link can open it.'),
    }),
    defineRoute({
      contract: getSharedCalculation,
      summary: 'The inputs of a shared calculation',
      auth: false,
      handler: ({ params }) => calculator.findShare(params.token),
    }),
  ];
}
