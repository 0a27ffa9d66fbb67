import { addMonths, lagosPeriod } from '@levy/tax';
import { expectNoSeriousA11yViolations } from '../support/accessibility';
import { callGateway, NEW_USER_PASSWORD } from '../support/api';
import { expect, test } from '../support/fixtures';
import { onboardedOwner } from '../support/owners';
import { snap } from '../support/screenshots';
import { LoginPage } from '../pages/auth-pages';
import { fundWallet, lastMonth, payrollWithOneWrongRow } from '../pages/bills-pages';

// The monthly cycle as a finance officer meets it (issue 23): a state registered as owing from
// three months back shows those months as overdue at once, and with one corporation and one state
// a receipt is six clicks from the dashboard.

test('a state owed from three months back shows its overdue months, and a receipt is six clicks from the dashboard', async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await onboardedOwner(request, { prefix: 'six-clicks', firstName: 'Kemi', lastName: 'Balogun', legalName: 'Balogun Foods Limited', corporationName: 'Balogun Foods Ltd' });
  const firstMonth = addMonths(lagosPeriod(new Date()), -3);
  const added = await callGateway(request, { method: 'POST', namespace: 'core', path: `internal/corporations/${owner.corporationId}/states/LA`, token: owner.token, body: { tax_payer_number: 'C-0012345', first_tax_month: firstMonth } });
  expect(added.code, added.message).toBe('OK');
  await fundWallet(request, owner.token, owner.organisationId, '2000000');

  const login = new LoginPage(page);
  await login.open();
  await login.logIn(owner.email, NEW_USER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Every month since the first one owed is listed at once, the three past ones overdue.
  await page.getByRole('button', { name: /^Tax alerts/ }).click();
  const bell = page.getByRole('dialog').filter({ hasText: 'Tax alerts' });
  await expect(bell.getByTestId('alert-item')).toHaveCount(3);
  await expect(bell.getByText('3 overdue')).toBeVisible();
  await expect(bell.getByText(/Pay by/)).toHaveCount(0);
  await snap(page, '110-bell-three-overdue');
  await page.keyboard.press('Escape');

  let clicks = 0;
  const click = async (locator: ReturnType<typeof page.getByRole>) => {
    clicks += 1;
    await locator.click();
  };
  await click(page.getByRole('banner').getByRole('button', { name: 'Pay Taxes' }));
  await click(page.getByRole('dialog', { name: 'Pay Taxes' }).getByRole('button', { name: 'PAYE' }));
  const dialog = page.getByRole('dialog', { name: /PAYE Generate Bill/ });
  // The only corporation and its only state are chosen already.
  await expect(dialog.getByRole('combobox', { name: /^State/ })).toHaveValue('Lagos · C-0012345');
  // Choosing the file is a click on the file field.
  clicks += 1;
  await dialog.locator('input[type="file"]').setInputFiles(payrollWithOneWrongRow(lastMonth()).file);
  await snap(page, '111-paye-preselected');
  await click(dialog.getByRole('button', { name: 'Proceed' }));
  await click(dialog.getByRole('button', { name: 'Generate' }));
  const drawer = page.getByRole('dialog').filter({ has: page.locator('.mantine-Drawer-title') });
  await expect(drawer.getByText('Payment paid').first()).toBeVisible({ timeout: 20_000 });
  const download = page.waitForEvent('download');
  await click(drawer.getByRole('button', { name: 'Download receipt' }));
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  expect(clicks).toBeLessThanOrEqual(6);
  await expectNoSeriousA11yViolations(page);
  await snap(page, '112-receipt-in-six-clicks');
});
