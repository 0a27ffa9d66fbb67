import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ImpactValue } from 'axe-core';

// axe-core itself, evaluated in the page (@axe-core/playwright needs Node 22). Evaluated rather than
// added as a <script> tag: the app's Content-Security-Policy (script-src 'self') blocks inline scripts.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const FAILING_IMPACTS: ImpactValue[] = ['serious', 'critical'];

interface Violation {
  rule: string;
  impact: ImpactValue | undefined;
  help: string;
  elements: string[];
}

/** Runs axe-core on the page as it is now and fails on any serious or critical violation, listing them. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } };
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  const violations: Violation[] = results
    .filter((result) => result.impact && FAILING_IMPACTS.includes(result.impact))
    .map((result) => ({
      rule: result.id,
      impact: result.impact,
      help: result.help,
      elements: result.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.replace(/\s+/g, ' ')),
    }));
  expect(violations, `serious or critical accessibility violations on ${page.url()}`).toEqual([]);
}
