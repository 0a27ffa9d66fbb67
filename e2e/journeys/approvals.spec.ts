import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { callGateway, linkFromMailbox, NEW_USER_PASSWORD, STAFF } from '../support/api';
import { expect, test } from '../support/fixtures';
import { joinedMember } from '../support/owners';
import { snap } from '../support/screenshots';
import { LoginPage } from '../pages/auth-pages';
import { csvUpload, fundWallet, lastMonth, logInToDashboard, ownerInLagos } from '../pages/bills-pages';

// Approvals that cannot deadlock (decision 0041): "above an amount" needs a second admin, said on the
// settings screen before Save; a link in an approval mail, opened signed out, opens the bill after sign-in.

async function snapBothWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, `${name}-1280`);
}

test('a sole admin is told before Save that approval above an amount needs a second admin', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await ownerInLagos(request, 'sole-admin');
  await logInToDashboard(page, owner.email);
  await page.goto('/settings/organisation');
  const card = page.getByRole('region', { name: 'Bill approval' });
  await card.getByRole('radio', { name: /Bills above an amount/ }).check();
  await expect(card.getByTestId('approval-needs-admins')).toContainText('Bills above an amount need a second admin');
  await expect(card.getByRole('button', { name: 'Save approval setting' })).toBeDisabled();
  await card.scrollIntoViewIfNeeded();
  await snapBothWidths(page, 'a1-approval-needs-second-admin');

  // With a second admin the setting saves, and says who approves whom.
  await joinedMember(request, owner, { prefix: 'second-admin', firstName: 'Femi', lastName: 'Adeyemi' }, 1);
  await page.reload();
  await card.getByRole('radio', { name: /Bills above an amount/ }).check();
  await expect(card.getByTestId('approval-admins')).toContainText('2 admins');
  await card.getByRole('textbox', { name: /Amount/ }).fill('100000');
  await card.getByRole('button', { name: 'Save approval setting' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Settings saved successfully' })).toBeVisible();
  await snapBothWidths(page, 'a2-approval-above-saved');
});

test('the link in an approval mail, opened signed out, opens the bill after sign-in', async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await ownerInLagos(request, 'mail-link');
  await fundWallet(request, owner.token, owner.organisationId, '500000');
  const member = await joinedMember(request, owner, { prefix: 'mail-maker', firstName: 'Tunde', lastName: 'Ajayi' });
  const prepared = await request.post(`/service/v1/internal/corporations/${owner.corporationId}/states/LA/wht/bills`, {
    headers: { 'Api-Token': member.token, 'Idempotency-Key': randomUUID() },
    multipart: {
      namespace: 'core',
      payload_type: 'manual',
      wht_type: 'rent',
      start_date: lastMonth(),
      recipients: csvUpload('landlord.csv', ['tax_payer_number,name,tax_payable', 'N-7654321,Chinedu Okeke,45000']),
    },
  });
  const bill = ((await prepared.json()) as { data: { id: string; reference: string; status: string } }).data;
  expect(bill.status).toBe('awaiting_approval');

  // The admin opens the mail's link in a browser where nobody is signed in.
  const link = new URL(await linkFromMailbox(request, owner.email, `bill=${bill.id}`));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/\?next=%2Fbills%3Fbill%3D/);
  const notice = page.getByTestId('return-after-login');
  await expect(notice).toContainText('Log in to open the page you followed');
  await snapBothWidths(page, 'a3-mail-link-signed-out');

  await notice.getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByText('Log in to open the page you followed.')).toBeVisible();
  await new LoginPage(page).logIn(owner.email, NEW_USER_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/bills\\?bill=${bill.id}$`));
  const drawer = page.getByRole('dialog', { name: bill.reference });
  await expect(drawer.getByRole('button', { name: 'Approve and pay' })).toBeVisible();
  await snapBothWidths(page, 'a4-bill-open-after-sign-in');
});

test('an approval after staff corrected the rate shows the new price, and pays it only when confirmed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerInLagos(request, 'repriced');
  await fundWallet(request, owner.token, owner.organisationId, '500000');
  const member = await joinedMember(request, owner, {
    prefix: 'repriced-maker',
    firstName: 'Tunde',
    lastName: 'Ajayi',
  });
  // February 2025, which no other journey bills: the corrected rate is for that month alone.
  const prepared = await request.post(`/service/v1/internal/corporations/${owner.corporationId}/states/LA/wht/bills`, {
    headers: { 'Api-Token': member.token, 'Idempotency-Key': randomUUID() },
    multipart: {
      namespace: 'core',
      payload_type: 'auto',
      wht_type: 'rent',
      start_date: '2025-02',
      recipients: csvUpload('landlord.csv', ['tax_payer_number,name,amount', 'N-7654321,Chinedu Okeke,600000']),
    },
  });
  const bill = (
    (await prepared.json()) as { data: { id: string; reference: string; status: string; amount_due: string } }
  ).data;
  expect(bill).toMatchObject({ status: 'awaiting_approval', amount_due: '60000.00' });

  const staff = await callGateway<{ token: string }>(request, {
    method: 'POST',
    namespace: 'public',
    path: 'authx/authorize',
    body: { email: STAFF.email, password: STAFF.password },
  });
  const source = 'Withholding regulations, corrected rate (journey)';
  for (const [from, rate] of [
    ['2025-02-01', '7.5'],
    ['2025-03-01', '10'],
  ]) {
    const row = await callGateway(request, {
      method: 'POST',
      namespace: 'core',
      path: 'internal/reference-data/wht/rows',
      token: staff.data.token,
      body: { from, wht_type: 'rent', payee_kind: 'individual', residency: 'resident', rate_percent: rate, source },
    });
    expect(row.code, row.message).toBe('OK');
  }

  await logInToDashboard(page, owner.email);
  await page.goto(`/bills?bill=${bill.id}`);
  const drawer = page.getByRole('dialog', { name: bill.reference });
  await drawer.getByRole('button', { name: 'Approve and pay' }).click();
  const changed = drawer.getByTestId('bill-repricing');
  await expect(changed).toContainText('The tax is ₦45,000.00, not ₦60,000.00: the rate for February 2025 is now 7.5%.');
  await expect(drawer.getByText('Awaiting approval').first()).toBeVisible();
  await snapBothWidths(page, 'a5-approval-repriced');

  await drawer.getByRole('button', { name: /^Approve and pay ₦45,/ }).click();
  await expect(drawer.getByText(/Priced again at approval by Kemi Balogun/)).toBeVisible();
  await expect(drawer.getByText('Payment paid').first()).toBeVisible({ timeout: 20_000 });
  await snapBothWidths(page, 'a6-approval-repriced-paid');
});
