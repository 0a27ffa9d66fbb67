import { expect, test } from '../support/fixtures';
import { callGateway } from '../support/api';
import { onboardedOwner } from '../support/owners';
import { snap } from '../support/screenshots';
import { AppShell } from '../pages/app-shell';
import { fundWallet, logInToDashboard } from '../pages/bills-pages';

// Deadlines that do not slip by: WHT owed from the first month with no bill ever made, a month
// declared to have had no WHT, and a payment the revenue service declines — mailed, refunded and
// kept in the bell, which reads the server again when the window regains focus.

/** 'YYYY-MM' of n months before this one, in Lagos. */
function monthsAgo(n: number): string {
  const [year, month] = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' }).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 - n, 1)).toISOString().slice(0, 7);
}

/** 'August 2026'. */
function monthName(period: string): string {
  return new Date(`${period}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

test('a declined payment is mailed and stays in the bell until paid; a month with no WHT is declared and leaves it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await onboardedOwner(request, {
    prefix: 'declined',
    firstName: 'Ngozi',
    lastName: 'Eze',
    legalName: 'Eze Textiles Limited',
    corporationName: 'Eze Textiles Aba Ltd',
  });
  const [threeAgo, last] = [monthsAgo(3), monthsAgo(1)];
  // The sandbox revenue service declines every bill of this Tax ID; tax is owed here from last month.
  const registered = await callGateway(request, {
    method: 'POST',
    namespace: 'core',
    path: `internal/corporations/${owner.corporationId}/states/LA`,
    token: owner.token,
    body: { tax_payer_number: 'C-0000000402', first_tax_month: last },
  });
  expect(registered.code, registered.message).toBe('OK');
  await fundWallet(request, owner.token, owner.organisationId, '500000');
  await logInToDashboard(page, owner.email);

  // No WHT bill was ever made, yet last month's WHT is owed beside its PAYE.
  const bell = page.getByRole('button', { name: 'Tax alerts (2)' });
  await expect(bell).toBeVisible({ timeout: 20_000 });
  await bell.click();
  const popover = page.getByRole('dialog', { name: /Tax alerts/ });
  await expect(
    popover.getByTestId('alert-item').filter({ hasText: `Withholding tax for ${monthName(last)}` }),
  ).toBeVisible();
  await bell.click();
  await expect(popover).toHaveCount(0);

  // A WHT bill for a month before the first one owed, paid from the wallet outside this screen; the revenue service declines it.
  const created = await request.post(
    `/service/v1/core/internal/corporations/${owner.corporationId}/states/LA/wht/bills`,
    {
      headers: { 'Api-Token': owner.token, 'Idempotency-Key': `declined-${Date.now()}` },
      multipart: {
        namespace: 'core',
        payload_type: 'manual',
        wht_type: 'professional_fees',
        start_date: threeAgo,
        recipients: {
          name: 'single.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from('tax_payer_number,name,tax_payable\nN-3000001,Folake Balogun,5400\n'),
        },
      },
    },
  );
  expect(created.ok(), await created.text()).toBe(true);
  const bill = ((await created.json()) as { data: { id: string; reference: string } }).data;
  await expect
    .poll(
      async () =>
        (
          await callGateway<{ status: string }>(request, {
            method: 'GET',
            namespace: 'core',
            path: `internal/bills/${bill.id}`,
            token: owner.token,
          })
        ).data.status,
      { timeout: 20_000 },
    )
    .toBe('failed');

  // Mailed to the owner (preparer and admin), with the refund said.
  const mailbox = await callGateway<Array<{ to: string; subject: string; text: string }>>(request, {
    method: 'GET',
    namespace: 'public',
    path: 'dev/mailbox',
  });
  const mail = mailbox.data.find(
    (item) => item.to === owner.email && item.subject === `Payment not accepted: ${bill.reference}`,
  );
  expect(mail?.text).toContain('was returned to the wallet it was paid from');

  // Coming back to the window reads the alerts again: the declined month is in the bell, saying what happened.
  // (The browser's own event when a tab is shown again.)
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  const three = page.getByRole('button', { name: 'Tax alerts (3)' });
  await expect(three).toBeVisible();
  await three.click();
  const declined = popover.getByTestId('alert-item').filter({ hasText: `Withholding tax for ${monthName(threeAgo)}` });
  await expect(declined).toContainText(
    'A payment of ₦5,400.00 was not accepted by the revenue service and was refunded to the wallet: pay it again.',
  );
  await expect(declined).toContainText(/days overdue · penalty so far ₦/);
  await snap(page, 'deadlines-09-declined-payment-in-bell');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'deadlines-10-declined-payment-in-bell-phone');
  await three.click();
  await expect(popover).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Last month had no WHT deductions: declared from the calendar, it leaves the bell and says so.
  const lastWht = page.getByRole('row').filter({ hasText: `Withholding tax for ${monthName(last)}` });
  await lastWht.getByRole('button', { name: /^No WHT this month: / }).click();
  await new AppShell(page).expectToast('Declared: no WHT deductions this month');
  await expect(lastWht).toContainText('No WHT deductions (declared)');
  await expect(page.getByRole('button', { name: 'Tax alerts (2)' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Withholding tax for ${monthName(threeAgo)}` })).toHaveAttribute(
    'data-status',
    'overdue',
  );
  await lastWht.scrollIntoViewIfNeeded();
  await snap(page, 'deadlines-11-no-wht-declared');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'deadlines-12-no-wht-declared-phone');

  // A mistake is undone: the month is owed again.
  await lastWht.getByRole('button', { name: /^Undo the no-WHT declaration for/ }).click();
  await expect(page.getByRole('button', { name: 'Tax alerts (3)' })).toBeVisible();
});
