import { expect, test } from '../support/fixtures';
import { NEW_USER_PASSWORD } from '../support/api';
import { onboardedOwner } from '../support/owners';
import { snap } from '../support/screenshots';
import { LoginPage } from '../pages/auth-pages';

test("a new organisation's wallet gets its Paystack account, and a simulated transfer credits it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The Paystack fake takes a few seconds to assign an account to a customer whose name says "Pending".
  const owner = await onboardedOwner(request, {
    prefix: 'funding',
    firstName: 'Kemi',
    lastName: 'Ojo',
    legalName: 'Ojo Pending Foods Limited',
    corporationName: 'Ojo Bakeries Ltd',
  });
  // The onboarding prompts are not what this journey looks at: they are done for the session.
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
  await expect(page.getByRole('note', { name: /^Sandbox/ })).toHaveText('Sandbox');
  await login.logIn(owner.email, NEW_USER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  const wallet = page.getByRole('region', { name: 'Wallet' });
  await expect(wallet.getByRole('status')).toHaveText(
    "Paystack is assigning this wallet's bank account. Its number appears here in a few minutes.",
  );
  // While pending there is no account to send money to, real or simulated.
  expect(await wallet.getByRole('button', { name: 'Simulate a transfer' }).count()).toBe(0);
  await snap(page, '45-wallet-account-pending');

  await expect(wallet.getByText('LEVY / OJO PENDING FOODS LIMITED')).toBeVisible({ timeout: 15_000 });
  await expect(wallet.getByText('Test Bank')).toBeVisible();
  await expect(wallet.getByText(/^\d{10}$/)).toBeVisible();
  await wallet.getByRole('button', { name: 'Simulate a transfer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Simulate a transfer' });
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('250000');
  await dialog.getByRole('button', { name: 'Send transfer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Transfer received' })).toBeVisible();
  await expect(page.getByLabel('Balance of Ojo Pending Foods Limited')).toHaveText('₦250,000.00');

  await wallet.getByRole('button', { name: "I sent money and don't see it" }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Paystack is checking for transfers to this account' }),
  ).toBeVisible();
  await snap(page, '46-wallet-funded');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, '47-wallet-funded-phone');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Transactions' })
    .click({ force: true })
    .catch(() => page.goto('/transactions'));
  await expect(page.getByRole('row').filter({ hasText: 'Bank transfer from Kemi' })).toContainText('+₦250,000.00');
});
