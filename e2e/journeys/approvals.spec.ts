import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { linkFromMailbox, NEW_USER_PASSWORD } from '../support/api';
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

test('a sole admin is told before Save that approval above an amount needs a second admin', async ({ page, request }) => {
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
    multipart: { namespace: 'core', payload_type: 'manual', wht_type: 'rent', start_date: lastMonth(), recipients: csvUpload('landlord.csv', ['tax_payer_number,name,tax_payable', 'N-7654321,Chinedu Okeke,45000']) },
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
