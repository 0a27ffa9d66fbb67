import type { Page } from '@playwright/test';

/** Saves a full-page screenshot under e2e/screenshots/ (ignored by git) for people to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}
