import { expect, test } from '../support/fixtures';
import { NEW_USER_PASSWORD } from '../support/api';
import { onboardedOwner } from '../support/owners';
import { snap } from '../support/screenshots';
import { LoginPage } from '../pages/auth-pages';

test('fund the wallet with a simulated transfer, then give corporations their own wallets', async ({
  page,
  request,
}) => {
  // This journey switches its organisation to corporation wallets: a new owner keeps the demo organisation as it is.
  const owner = await onboardedOwner(request, {
    prefix: 'wallets',
    firstName: 'Bisi',
    lastName: 'Adewale',
    legalName: 'Adewale Agro Limited',
    corporationName: 'Adewale Mills Ltd',
  });
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(owner.email, NEW_USER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  const navigation = page.getByRole('navigation', { name: 'Main' });
  await navigation.getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByLabel('Balance of Adewale Agro Limited')).toHaveText('₦0.00');
  await expect(page.getByText('Transfers into your wallet and payments from it appear here.')).toBeVisible();

  await page.getByRole('button', { name: 'Simulate a transfer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Simulate a transfer' });
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('5000000');
  await dialog.getByRole('button', { name: 'Send transfer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Transfer received' })).toBeVisible();
  await expect(page.getByLabel('Balance of Adewale Agro Limited')).toHaveText('₦5,000,000.00');
  const row = page.getByRole('row').filter({ hasText: 'Bank transfer from Bisi' });
  await expect(row).toContainText('+₦5,000,000.00');
  await expect(row).toContainText('₦5,000,000.00');
  await expect(row.getByText('success')).toBeVisible();
  await snap(page, '40-transactions-funded');

  await navigation.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('region', { name: 'Total balance' })).toContainText('₦5,000,000.00');

  await navigation.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Organisation' }).click();
  // The switch shows the saved setting, so it turns on once the server has it.
  const corporationWallets = page.getByRole('switch', { name: 'Each corporation has its own wallet' });
  await corporationWallets.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Settings saved successfully' })).toBeVisible();
  await expect(corporationWallets).toBeChecked();
  await expect(navigation.getByRole('link', { name: 'Transactions' })).toHaveCount(0);

  await navigation.getByRole('link', { name: 'Corporations' }).click();
  await page.getByRole('link', { name: 'Adewale Mills Ltd' }).click();
  await page.getByRole('tab', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(new RegExp(`/corporations/${owner.corporationId}/transactions$`));
  await expect(page.getByLabel('Balance of Adewale Mills Ltd')).toHaveText('₦0.00');
  await expect(page.getByText('Corporation wallet')).toBeVisible();
  await expect(page.getByText('LEVY / ADEWALE MILLS LTD')).toBeVisible();
  await snap(page, '41-corporation-wallet');
});
