import { calculatePaye, calculateWht, getSharedCalculation, shareCalculation } from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { CalculatorService } from './calculator.service';

/** The public tax calculator: no token, amounts in naira with two decimals. */
export function calculatorRoutes(calculator: CalculatorService) {
  return [
    defineRoute({
      contract: calculatePaye,
      handler: async ({ body }) => calculator.calculatePaye(body),
    }),
    defineRoute({
      contract: calculateWht,
      handler: async ({ body }) => calculator.calculateWht(body),
    }),
    defineRoute({
      contract: shareCalculation,
      handler: async ({ body, ip }) =>
        reply(await calculator.share(body, ip), 'Calculation saved. Anyone with the link can open it.'),
    }),
    defineRoute({
      contract: getSharedCalculation,
      handler: ({ params }) => calculator.findShare(params.token),
    }),
  ];
}
