import { randomUUID } from 'node:crypto';
import { lagosPeriod } from '@levy/tax';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/accessibility';
import { callGateway } from '../support/api';
import { expect, test } from '../support/fixtures';
import { joinedMember } from '../support/owners';
import { snap } from '../support/screenshots';
import {
  BillsList,
  csvUpload,
  fundWallet,
  lastMonth,
  logInToDashboard,
  ownerInLagos,
  PayTaxes,
  payrollWithOneWrongRow,
} from '../pages/bills-pages';

// No payment by mistake: a month paid twice is stopped until it is said to be on purpose,
// a member's bill waits for an admin, and a WHT payment the agency has not accepted can be cancelled.

const LAGOS_OPTION = /^Lagos · /;

/** Pays a PAYE bill through the API, as an earlier session would have. */
async function payPayeByApi(request: APIRequestContext, token: string, corporationId: string, month: string) {
  const response = await request.post(`/service/v1/internal/corporations/${corporationId}/states/LA/paye/bills`, {
    headers: { 'Api-Token': token, 'Idempotency-Key': randomUUID() },
    multipart: { namespace: 'core', start_date: month, recipients: payrollWithOneWrongRow(month).file },
  });
  const envelope = (await response.json()) as {
    code: string;
    message: string;
    data: { id: string; reference: string };
  };
  expect(envelope.code, envelope.message).toBe('OK');
  return envelope.data;
}

async function payeSummary(page: Page) {
  const payTaxes = new PayTaxes(page);
  const dialog = await payTaxes.start('PAYE');
  await payTaxes.chooseCorporationAndState(dialog, 'Balogun Foods Ltd', LAGOS_OPTION);
  await payTaxes.attach(dialog, payrollWithOneWrongRow(lastMonth()).file);
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(dialog.getByTestId('summary-balance')).toBeVisible();
  return dialog;
}

test('a second PAYE payment for the same month is stopped, then made on purpose as supplementary', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerInLagos(request, 'supplementary');
  await fundWallet(request, owner.token, owner.organisationId, '2000000');
  // The month the form starts at: the registration owes from this month, and nothing before it is unpaid.
  const first = await payPayeByApi(request, owner.token, owner.corporationId, lagosPeriod(new Date()));
  await logInToDashboard(page, owner.email);

  const dialog = await payeSummary(page);
  const repeat = dialog.getByTestId('summary-repeat');
  await expect(repeat).toContainText(`was paid on`);
  await expect(repeat).toContainText(first.reference);
  const generate = dialog.getByRole('button', { name: 'Generate' });
  await expect(generate).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await snap(page, '90-same-month-stopped');

  await repeat.getByRole('checkbox', { name: 'This is an additional payment for the same month' }).check();
  await generate.click();
  await expect(repeat.getByText('Give the reason for an additional payment for the same month')).toBeVisible();
  await repeat
    .getByRole('textbox', { name: /Reason for the additional payment/ })
    .fill('Two staff hired mid-month were left out of the first bill');
  await snap(page, '91-same-month-supplementary');
  await generate.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Bill generated successfully' })).toBeVisible();

  const reference = await new BillsList(page).openDrawerReference();
  expect(reference).toMatch(/-000002$/);
  const drawer = page.getByRole('dialog', { name: reference });
  await expect(drawer.getByText('Supplementary', { exact: true })).toBeVisible();
  await expect(
    drawer.getByText('Two staff hired mid-month were left out of the first bill', { exact: true }),
  ).toBeVisible();
  await expect(drawer.getByText('Payment paid').first()).toBeVisible({ timeout: 20_000 });
  await snap(page, '92-supplementary-bill');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(
    page.getByRole('table', { name: 'Bills' }).getByRole('row').filter({ hasText: reference }),
  ).toContainText('Supplementary');
});

test('a member’s bills wait for an admin: one approved and paid, another declined with a reason', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const owner = await ownerInLagos(request, 'approvals');
  await fundWallet(request, owner.token, owner.organisationId, '2000000');
  const member = await joinedMember(request, owner, { prefix: 'maker', firstName: 'Tunde', lastName: 'Ajayi' });
  await logInToDashboard(page, member.email);

  // The member prepares October's PAYE: the summary says an admin approves it first.
  const dialog = await payeSummary(page);
  await expect(dialog.getByTestId('summary-approval')).toContainText(
    'Bills prepared by members wait for an admin to approve them.',
  );
  await dialog.getByTestId('summary-approval').scrollIntoViewIfNeeded();
  await snap(page, '93-member-summary-approval');
  await dialog.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'The bill is waiting for an admin to approve it. Nothing has been paid yet.' }),
  ).toBeVisible();
  const payeReference = await new BillsList(page).openDrawerReference();
  const memberDrawer = page.getByRole('dialog', { name: payeReference });
  await expect(memberDrawer.getByText('Awaiting approval').first()).toBeVisible();
  await expect(memberDrawer.getByRole('button', { name: 'Approve and pay' })).toHaveCount(0);
  await expect(memberDrawer.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await snap(page, '94-member-bill-waiting');

  // A second bill, for a landlord, prepared through the API.
  const wht = await request.post(`/service/v1/internal/corporations/${owner.corporationId}/states/LA/wht/bills`, {
    headers: { 'Api-Token': member.token, 'Idempotency-Key': randomUUID() },
    multipart: {
      namespace: 'core',
      payload_type: 'manual',
      wht_type: 'rent',
      start_date: lastMonth(),
      recipients: csvUpload('landlord.csv', ['tax_payer_number,name,tax_payable', 'N-7654321,Chinedu Okeke,45000']),
    },
  });
  const whtBill = ((await wht.json()) as { data: { id: string; reference: string; status: string } }).data;
  expect(whtBill.status).toBe('awaiting_approval');

  // The admins were mailed a link to each bill.
  const mailbox = await callGateway<Array<{ to: string; subject: string }>>(request, {
    method: 'GET',
    namespace: 'public',
    path: 'dev/mailbox',
  });
  expect(
    mailbox.data.some(
      (mail) => mail.to === owner.email && mail.subject === `A bill is waiting for your approval: ${payeReference}`,
    ),
  ).toBe(true);

  // The admin, in another tab: the count beside Bills, then approve one and decline the other.
  const adminPage = await (await browser.newContext()).newPage();
  await logInToDashboard(adminPage, owner.email);
  const billsLink = adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Bills/ });
  await expect(billsLink.getByLabel('2 bills awaiting your approval')).toBeVisible();
  await snap(adminPage, '95-admin-awaiting-count');
  await billsLink.click();
  await adminPage.getByRole('table', { name: 'Bills' }).getByRole('button', { name: payeReference }).click();
  const adminDrawer = adminPage.getByRole('dialog', { name: payeReference });
  await expect(adminDrawer.getByTestId('bill-decisions')).toContainText('Nothing has been paid.');
  await expectNoSeriousA11yViolations(adminPage);
  await snap(adminPage, '96-admin-approves');
  await adminDrawer.getByRole('button', { name: 'Approve and pay' }).click();
  await expect(adminDrawer.getByText('Payment paid').first()).toBeVisible({ timeout: 20_000 });
  await expect(adminDrawer.getByText(/^Approved by Kemi Balogun; ₦[\d,.]+ paid from /)).toBeVisible();
  await snap(adminPage, '97-approved-and-paid');
  await adminDrawer.getByRole('button', { name: 'Close' }).click();

  await adminPage.getByRole('table', { name: 'Bills' }).getByRole('button', { name: whtBill.reference }).click();
  const whtDrawer = adminPage.getByRole('dialog', { name: whtBill.reference });
  await whtDrawer.getByRole('button', { name: 'Decline' }).click();
  await whtDrawer.getByRole('button', { name: 'Decline the bill' }).click();
  await expect(whtDrawer.getByText('Reason is required')).toBeVisible();
  await whtDrawer
    .getByRole('textbox', { name: /Why is this bill declined/ })
    .fill('The landlord is paid by the head office this year');
  await whtDrawer.getByRole('button', { name: 'Decline the bill' }).click();
  await expect(whtDrawer.getByText('Declined by an admin')).toBeVisible();
  await expect(whtDrawer.getByText('The landlord is paid by the head office this year').first()).toBeVisible();
  await snap(adminPage, '98-declined');

  // The preparer reads both answers in the mailbox.
  await page.goto('/dev/mailbox');
  await expect(page.getByText(`Your bill was approved: ${payeReference}`)).toBeVisible();
  await expect(page.getByText(`Your bill was declined: ${whtBill.reference}`)).toBeVisible();
  await snap(page, '99-preparer-mailbox');
});

test('a WHT payment the revenue service has not accepted is cancelled, and the wallet refunded', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The sandbox agency holds settlement for this Tax ID (README, sandbox behaviour).
  const owner = await ownerInLagos(request, 'cancel-wht', 'N-0000000209');
  await fundWallet(request, owner.token, owner.organisationId, '1000000');
  await logInToDashboard(page, owner.email);

  const payTaxes = new PayTaxes(page);
  const dialog = await payTaxes.start('Withholding Tax');
  await payTaxes.chooseCorporationAndState(dialog, 'Balogun Foods Ltd', LAGOS_OPTION, /^Agency/);
  await payTaxes.landlordByHand(dialog);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByTestId('summary-balance')).toHaveText('₦1,000,000.00');
  await snap(page, '100-wht-summary-wallet');
  await dialog.getByRole('button', { name: 'Pay' }).click();

  const reference = await new BillsList(page).openDrawerReference();
  const drawer = page.getByRole('dialog', { name: reference });
  await expect(drawer.getByText('The revenue service has not accepted this payment yet')).toBeVisible();
  await drawer.getByRole('button', { name: 'Cancel payment' }).click();
  await drawer.getByRole('textbox', { name: /Reason/ }).fill('Paid to the wrong landlord');
  await snap(page, '101-cancel-payment');
  await drawer.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(drawer.getByText('Cancelled').first()).toBeVisible();
  await expect(drawer.getByText(/₦45,[\d.]+ was returned to the wallet/).first()).toBeVisible();
  await snap(page, '102-cancelled-refunded');
  await drawer.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transactions' }).click();
  await expect(page.getByLabel('Balance of Balogun Foods Limited')).toHaveText('₦1,000,000.00');
  await expect(
    page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: `REFUND-${reference}` }),
  ).toBeVisible();
  await snap(page, '103-refund-in-transactions');
});
