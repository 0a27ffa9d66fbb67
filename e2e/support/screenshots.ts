import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './accessibility';

/**
 * Saves a full-page screenshot under e2e/screenshots/ (ignored by git) for people to look at, and
 * checks the same screen with axe-core: every screen a journey shows is also an accessibility check.
 */
export async function snap(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // From the top: a full-page capture of a scrolled page draws the sticky header halfway down it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);
}
