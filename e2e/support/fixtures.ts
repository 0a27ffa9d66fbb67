import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Journeys about other features: the owner's checklist opens a second after the app loads while
 * a step is incomplete (docs/product.md §4); whenever it covers the page, close it and go on. The
 * dashboard's onboarding prompts likewise get 'Got it!' when one is in the way, unless a journey
 * about them turns `dismissesPrompts` off.
 */
export const test = base.extend<{ dismissesPrompts: boolean; closesGuidance: void }>({
  dismissesPrompts: [true, { option: true }],
  closesGuidance: [
    async ({ page, dismissesPrompts }, use) => {
      // The checklist counts as seen this session as soon as the session has an organisation (at
      // sign-in and on every load), so it never opens a second later halfway through a check.
      await page.addInitScript(() => {
        const setItem = Storage.prototype.setItem;
        const markChecklistSeen = () => {
          const organisationId = (
            JSON.parse(sessionStorage.getItem('tx-store') ?? '{}') as {
              state?: { organisation?: { id?: string } | null };
            }
          ).state?.organisation?.id;
          if (organisationId) setItem.call(sessionStorage, `levy.checklist.completed.${organisationId}`, 'true');
        };
        markChecklistSeen();
        Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
          setItem.call(this, key, value);
          if (this === sessionStorage && key === 'tx-store') markChecklistSeen();
        };
      });
      const checklist = page.getByRole('dialog', { name: 'Get started with Levy' });
      // Dispatched rather than clicked: another dialog the journey opened may sit over it.
      await page.addLocatorHandler(checklist, async () => {
        await checklist.getByRole('button', { name: 'Close checklist' }).dispatchEvent('click');
      });
      if (dismissesPrompts) {
        const prompt = page.locator('[data-testid^="onboarding-prompt-"]');
        await page.addLocatorHandler(prompt, async () => {
          // A dialog opening over the page (the checklist) may hide the prompt meanwhile: then nothing is in the way.
          try {
            await prompt.getByRole('button', { name: 'Got it!' }).dispatchEvent('click', undefined, { timeout: 2000 });
          } catch (error) {
            if (await prompt.isVisible()) throw error;
          }
        });
      }
      await use();
    },
    { auto: true },
  ],
});
