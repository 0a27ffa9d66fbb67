import { type APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { callGateway, linkFromMailbox, NEW_USER_PASSWORD, uniqueEmail } from '../support/api';
import { snap } from '../support/screenshots';
import { LoginPage } from '../pages/auth-pages';

const CERTIFICATE = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * A new owner with a KYC-completed organisation, made through the API: this journey switches its
 * organisation to corporation wallets, which must not touch the demo organisation other journeys use.
 */
async function onboardedOwner(request: APIRequestContext) {
  const email = uniqueEmail('wallets');
  await callGateway(request, {
    method: 'POST',
    namespace: 'public',
    path: 'users/register',
    body: { first_name: 'Bisi', last_name: 'Adewale', email, password: NEW_USER_PASSWORD, phone: '+2348035550000', marketing_source_id: 1 },
  });
  const token = new URL(await linkFromMailbox(request, email, '/authenticate?token=')).searchParams.get('token');
  const session = await callGateway<{ token: string }>(request, { method: 'POST', namespace: 'public', path: 'users/verify-email', body: { token } });
  const apiToken = session.data.token;
  const organisation = await callGateway<{ id: string }>(request, { method: 'POST', namespace: 'auth', path: 'organisations', token: apiToken, body: {} });
  const organisationId = organisation.data.id;
  const identity = await request.post(`/service/v1/organisations/${organisationId}/identity`, {
    headers: { 'Api-Token': apiToken },
    multipart: {
      namespace: 'auth',
      legal_name: 'Adewale Agro Limited',
      cac_number: 'RC7654321',
      business_type: 'Limited liability company',
      industry: 'Agriculture',
      tax_id: 'C-0076543',
      address: '5 Ring Road, Ibadan',
      state_id: '31',
      phone: '+2348035550000',
      cac_document: { name: 'cac-certificate.pdf', mimeType: 'application/pdf', buffer: CERTIFICATE },
    },
  });
  expect(identity.ok()).toBe(true);
  const kyc = await callGateway(request, { method: 'POST', namespace: 'auth', path: `organisations/${organisationId}/kyc/completed`, token: apiToken });
  expect(kyc.code).toBe('OK');
  const corporation = await callGateway<{ id: string }>(request, { method: 'POST', namespace: 'core', path: 'internal/corporations', token: apiToken, body: { name: 'Adewale Mills Ltd' } });
  return { email, corporationId: corporation.data.id };
}

test('fund the wallet with a simulated transfer, then give corporations their own wallets', async ({ page, request }) => {
  const owner = await onboardedOwner(request);
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
  await expect(page.getByText('Levy / Adewale Mills Ltd')).toBeVisible();
  await snap(page, '41-corporation-wallet');
});
