import { expect, test } from '../support/fixtures';
import { NEW_USER_PASSWORD } from '../support/api';
import { onboardedOwner } from '../support/owners';
import { snap } from '../support/screenshots';
import { LoginPage } from '../pages/auth-pages';

// A valid Guaranty Trust Bank NUBAN that the Paystack fake pays into (its serial does not end in 051–053 or 404).
const ACCOUNT_NUMBER = '1234560017';

test('an admin withdraws part of the wallet to the bank account the bank names, and sees it paid', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await onboardedOwner(request, {
    prefix: 'withdraw',
    firstName: 'Tunde',
    lastName: 'Bakare',
    legalName: 'Bakare Logistics Limited',
    corporationName: 'Bakare Haulage Ltd',
  });
  await page.addInitScript(
    (key) =>
      sessionStorage.setItem(
        key,
        JSON.stringify({ completed: ['organisation-wallet', 'corporations', 'corporation-wallet', 'states', 'bills'] }),
      ),
    `levy.prompts.${owner.organisationId}`,
  );
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(owner.email, NEW_USER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  const wallet = page.getByRole('region', { name: 'Wallet' });
  // An empty wallet has nothing to withdraw.
  await expect(wallet.getByRole('button', { name: 'Withdraw' })).toBeDisabled({ timeout: 20_000 });
  await expect(wallet.getByRole('button', { name: 'Simulate a transfer' })).toBeVisible({ timeout: 15_000 });
  await wallet.getByRole('button', { name: 'Simulate a transfer' }).click();
  const simulate = page.getByRole('dialog', { name: 'Simulate a transfer' });
  await simulate.getByRole('textbox', { name: 'Amount' }).fill('100000');
  await simulate.getByRole('button', { name: 'Send transfer' }).click();
  await expect(page.getByLabel('Balance of Bakare Logistics Limited')).toHaveText('₦100,000.00');

  await wallet.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw from Bakare Logistics Limited' });
  await dialog.getByRole('combobox', { name: 'Bank' }).fill('Guaranty');
  await page.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
  await dialog.getByRole('textbox', { name: 'Account number' }).fill(ACCOUNT_NUMBER);
  const accountName = dialog.getByTestId('resolved-account-name');
  await expect(accountName).toHaveText(/^[A-Z ]+$/);
  const name = (await accountName.textContent())!;
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('25000');
  await snap(page, '90-withdraw-form');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByTestId('withdrawal-summary')).toHaveText(
    `₦25,000.00 will leave the wallet for ${name}, Guaranty Trust Bank ••••0017.`,
  );
  await snap(page, '91-withdraw-summary');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, '92-withdraw-summary-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Back keeps what was typed.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Account number' })).toHaveValue(ACCOUNT_NUMBER);
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Withdraw ₦25,000.00' }).click();
  await expect(dialog.getByText('Sent', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  await expect(page.getByLabel('Balance of Bakare Logistics Limited')).toHaveText('₦75,000.00');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Transactions' })
    .click({ force: true })
    .catch(() => page.goto('/transactions'));
  const withdrawals = page.getByRole('region', { name: 'Withdrawals' });
  await expect(withdrawals.getByRole('row').filter({ hasText: `${name}, Guaranty Trust Bank ••••0017` })).toContainText(
    'Paid',
  );
  await expect(page.getByRole('row').filter({ hasText: `Withdrawal to ${name}` })).toContainText('−₦25,000.00');
  await snap(page, '93-withdrawal-paid');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, '94-withdrawal-paid-phone');
});
