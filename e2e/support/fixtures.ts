import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Journeys about other features: the owner's checklist opens a second after the app loads while
 * a step is incomplete (product-spec §4); whenever it covers the page, close it and go on.
 */
export const test = base.extend<{ closesChecklist: void }>({
  closesChecklist: [
    async ({ page }, use) => {
      const checklist = page.getByRole('dialog', { name: 'Get started with Levy' });
      // Dispatched rather than clicked: another dialog the journey opened may sit over it.
      await page.addLocatorHandler(checklist, async () => {
        await checklist.getByRole('button', { name: 'Close checklist' }).dispatchEvent('click');
      });
      await use();
    },
    { auto: true },
  ],
});
