import { calculatePaye, calculateWht, shareCalculation, shareToken } from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { CalculatorService } from './calculator.service';

/** The public tax calculator (issue 4): no token, amounts in naira with two decimals. */
export function calculatorRoutes(calculator: CalculatorService) {
  return [
    defineRoute({
      method: 'POST',
      namespace: 'public',
      path: 'calculator/paye',
      summary: 'PAYE for a month under the regime in force (NTA 2025 from 2026-01, PITA before), with the other regime side by side',
      auth: false,
      body: calculatePaye,
      handler: async ({ body }) => calculator.calculatePaye(body),
    }),
    defineRoute({
      method: 'POST',
      namespace: 'public',
      path: 'calculator/wht',
      summary: 'Withholding tax on one payment: rate by type, payee kind, residency and Tax ID (doubled without one from 2025)',
      auth: false,
      body: calculateWht,
      handler: async ({ body }) => calculator.calculateWht(body),
    }),
    defineRoute({
      method: 'POST',
      namespace: 'public',
      path: 'calculator/share',
      summary: 'Save calculator inputs under a token for the link /calculator/{token}',
      auth: false,
      body: shareCalculation,
      handler: async ({ body, ip }) => reply(await calculator.share(body, ip), 'Calculation saved. Anyone with the link can open it.'),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'public',
      path: 'calculator/share/{token}',
      summary: 'The inputs of a shared calculation',
      auth: false,
      params: shareToken,
      handler: ({ params }) => calculator.findShare(params.token),
    }),
  ];
}
