import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults, ImpactValue } from 'axe-core';

// axe-core itself, evaluated in the page (@axe-core/playwright needs Node 22). Evaluated rather than
// added as a <script> tag: the app's Content-Security-Policy (script-src 'self') blocks inline scripts.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const FAILING_IMPACTS: ImpactValue[] = ['serious', 'critical'];

interface Violation {
  rule: string;
  impact: ImpactValue | undefined;
  help: string;
  /** Each element as "its selector: why it fails". */
  elements: string[];
}

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation, listing them.
 * axe reads the page over many frames, so a toast that starts fading out during the read (its text and
 * background blended with the dialog overlay under it) can fail contrast for a moment: a violation counts
 * only if a second read, once transitions have settled again, finds it too.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  let violations = await seriousViolations(page);
  if (violations.length) {
    const seenAgain = new Set((await seriousViolations(page)).flatMap(elementKeys));
    violations = violations
      .map((violation) => ({
        ...violation,
        elements: violation.elements.filter((_, index) => seenAgain.has(elementKeys(violation)[index])),
      }))
      .filter((violation) => violation.elements.length);
  }
  expect(violations, `serious or critical accessibility violations on ${page.url()}`).toEqual([]);
}

async function seriousViolations(page: Page): Promise<Violation[]> {
  // A menu still closing after its item was chosen is a moment, not a screen: axe reads its items as
  // presentational children of a half-gone menu. Let every CSS transition finish first.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  // A transition may not have started yet, or have ended a frame before the menu unmounts: a menu is
  // never meant to stay open under a dialog, so while a dialog shows, wait until no menu does.
  if (await page.getByRole('dialog').count()) await expect(page.locator('[role="menu"]:visible')).toHaveCount(0);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } };
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return results
    .filter((result) => result.impact && FAILING_IMPACTS.includes(result.impact))
    .map((result) => ({
      rule: result.id,
      impact: result.impact,
      help: result.help,
      elements: result.nodes.map((node) =>
        `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.replace(/\s+/g, ' '),
      ),
    }));
}

/** A violation's elements by rule and selector alone: the measured figures in the reason may differ. */
const elementKeys = (violation: Violation) =>
  violation.elements.map((element) => `${violation.rule} ${element.slice(0, element.indexOf(': '))}`);

/**
 * A dialog used with the keyboard alone: Enter on its opener opens it with focus inside; Tab and
 * Shift+Tab keep focus inside however often they are pressed; Escape closes it and focus returns
 * to the opener (WAI-ARIA dialog pattern).
 */
export async function expectKeyboardDialog(page: Page, opener: Locator, dialog: Locator): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const focusIsInside = () => dialog.evaluate((node) => node.contains(document.activeElement));
  await expect.poll(focusIsInside, { message: 'focus moves into the dialog' }).toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < 12; press += 1) {
      await page.keyboard.press(key);
      expect(await focusIsInside(), `${key} ×${press + 1} keeps focus inside the dialog`).toBe(true);
    }
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}
