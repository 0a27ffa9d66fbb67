import { expect, test } from '../support/fixtures';
import { callGateway, DEMO, demoToken, NEW_USER_PASSWORD } from '../support/api';
import { expectKeyboardDialog } from '../support/accessibility';
import { expectNotClipped } from '../support/layout';
import { onboardedOwner } from '../support/owners';
import { snap } from '../support/screenshots';
import { LoginPage } from '../pages/auth-pages';

// The layout's rough edges, each as a person meets it.

test('a signed-in owner keeps the app layout on an unknown path, cannot reopen start, and always sees a selected corporation tab', async ({
  page,
  request,
}) => {
  const owner = await onboardedOwner(request, {
    prefix: 'layout',
    firstName: 'Zainab',
    lastName: 'Musa',
    legalName: 'Musa Textiles Limited',
    corporationName: 'Musa Weaving Ltd',
  });
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(owner.email, NEW_USER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await snap(page, 'layout-01-error-page-signed-in');

  // The start page is for someone without an organisation.
  await page.goto('/start');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Create organisation' })).toHaveCount(0);

  // With one organisation wallet there is no transactions tab: its address opens the first tab.
  await page.goto(`/corporations/${owner.corporationId}/transactions`);
  await expect(page).toHaveURL(new RegExp(`/corporations/${owner.corporationId}/states$`));
  await expect(page.getByRole('tab', { name: 'States' })).toHaveAttribute('aria-selected', 'true');
  await snap(page, 'layout-02-corporation-first-tab');
});

test('on a phone the public menu and the app navigation reach every link the wide screens show', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const siteMenu = page.getByRole('navigation', { name: 'Site' });
  await expect(page.getByRole('link', { name: 'Help Center' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(siteMenu.getByRole('link', { name: 'Tax calculator' })).toBeVisible();
  await snap(page, 'layout-03-phone-public-menu');
  await siteMenu.getByRole('link', { name: 'Help Center' }).click();
  await expect(page).toHaveURL(/#help$/);

  const login = new LoginPage(page);
  await login.open();
  await login.logIn(DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Invite user' })).toBeHidden();
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await snap(page, 'layout-04-phone-navigation');
  await page
    .getByRole('navigation', { name: 'Main' })
    .locator('..')
    .getByRole('button', { name: 'Invite user' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Invite New Member' })).toBeVisible();
});

test('the side navigation’s background runs to the bottom of a long page', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(DEMO.email, DEMO.password);
  const lastCard = page.getByRole('region', { name: 'Deadline calendar' });
  await expect(lastCard).toBeVisible();
  // Measured once everything has loaded: a card or marker still arriving changes the page's height.
  await page.waitForLoadState('networkidle');
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeGreaterThan(800 * 1.5);
  // Far below the first screen, the navigation's column is white like a card, not the page's grey.
  const card = (await lastCard.boundingBox())!;
  const pixel = (x: number, y: number) => page.screenshot({ fullPage: true, clip: { x, y, width: 1, height: 1 } });
  expect((await pixel(120, pageHeight - 2)).equals(await pixel(card.x + 4, card.y + card.height - 4))).toBe(true);
  await snap(page, 'layout-05-navigation-full-page');
});

test('the demo organisation has the CAC certificate its completed KYC needs, and it downloads', async ({
  page,
  request,
}) => {
  const token = await demoToken(request);
  const me = await callGateway<{ organisation: { id: string } }>(request, {
    method: 'GET',
    namespace: 'auth',
    path: 'users/me',
    token,
  });
  const identity = await callGateway<{ missing: Record<string, string>; cac_document: { filename: string } | null }>(
    request,
    { method: 'GET', namespace: 'auth', path: `organisations/${me.data.organisation.id}/identity`, token },
  );
  expect(identity.data.missing).toEqual({});
  expect(identity.data.cac_document?.filename).toBe('cac-certificate.pdf');

  const login = new LoginPage(page);
  await login.open();
  await login.logIn(DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/organisation');
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CAC certificate' }).click();
  expect((await downloaded).suggestedFilename()).toBe('cac-certificate.pdf');
  await snap(page, 'layout-06-settings-cac-certificate');
});

test('the Transactions filter shows every option whole, and dialogs work with the keyboard alone', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(DEMO.email, DEMO.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(/\/transactions$/);

  const filter = page.getByRole('button', { name: 'Filter' });
  await filter.click();
  const popover = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Apply' }) });
  for (const option of ['Credit (money in)', 'Debit (money out)', 'Successful', 'Pending', 'Failed']) {
    await expect(popover.getByText(option, { exact: true })).toBeVisible();
    await expectNotClipped(popover.getByText(option, { exact: true }));
  }
  await snap(page, 'layout-07-transactions-filter');
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();

  // Representative dialogs: a popover dialog, a modal from the page, and a modal from the top bar.
  await expectKeyboardDialog(page, filter, popover);
  await expectKeyboardDialog(
    page,
    page.getByRole('button', { name: 'Simulate a transfer' }),
    page.getByRole('dialog', { name: 'Simulate a transfer' }),
  );
  await expectKeyboardDialog(
    page,
    page.getByRole('button', { name: 'Invite user' }),
    page.getByRole('dialog', { name: 'Invite New Member' }),
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Corporations' }).click();
  await expectKeyboardDialog(
    page,
    page.getByRole('button', { name: 'Add New Corporation' }),
    page.getByRole('dialog', { name: 'Add New Corporation' }),
  );
});
