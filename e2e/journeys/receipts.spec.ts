import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { NEW_USER_PASSWORD } from '../support/api';
import { onboardedOwner } from '../support/owners';
import { renderFirstPageToPng } from '../support/pdf-preview';
import { snap } from '../support/screenshots';
import { LoginPage } from '../pages/auth-pages';
import {
  BillsList,
  fundWallet,
  lastMonth,
  PayTaxes,
  payrollWithOneWrongRow,
  registerPayroll,
  registerState,
} from '../pages/bills-pages';

// Receipts that prove payment: a paid bill's receipt carries a code and a QR of its
// verify link, which anyone opens without an account to see the payment as Levy recorded it. The
// tax is remitted through the Remita fake the sandbox runs: the drawer and the verify page show the
// RRR and Remita's payment reference, and the verify page says Remita confirmed the payment.

/** The verify link the receipt's QR code and printed link carry (pdfkit writes links as plain URI actions). */
function verifyLinkIn(pdf: Buffer): string {
  const match = /\/URI \((https?:\/\/[^)]+\/verify\/[0-9A-Z]+)\)/.exec(pdf.toString('latin1'));
  expect(match, 'the receipt links to its verify page').not.toBeNull();
  return match![1];
}

/** The page lays out within the phone's width: nothing makes the visitor scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.content).toBeLessThanOrEqual(widths.viewport);
}

test('pay a bill, download its receipt, and verify it signed out; an altered code matches nothing', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const owner = await onboardedOwner(request, {
    prefix: 'receipts',
    firstName: 'Chioma',
    lastName: 'Okonkwo-Bassey',
    legalName: 'Adamawa Foods Limited',
    corporationName: 'Adamawa Foods Ltd',
  });
  await registerState(request, owner.token, owner.corporationId, 'LA', 'C-0012345');
  await registerPayroll(request, owner, 'LA', payrollWithOneWrongRow(lastMonth()).file);
  await fundWallet(request, owner.token, owner.organisationId, '2000000');

  const login = new LoginPage(page);
  await login.open();
  await login.logIn(owner.email, NEW_USER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Pay October's PAYE from the wallet.
  const payTaxes = new PayTaxes(page);
  const dialog = await payTaxes.start('PAYE');
  await payTaxes.chooseCorporationAndState(dialog, 'Adamawa Foods Ltd', 'Lagos · C-0012345');
  await payTaxes.attach(dialog, payrollWithOneWrongRow(lastMonth()).file);
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Bill generated successfully' })).toBeVisible();

  const reference = await new BillsList(page).openDrawerReference();
  const drawer = page.getByRole('dialog', { name: reference });
  await expect(drawer.getByText('Payment paid').first()).toBeVisible({ timeout: 20_000 });
  // Times are Lagos time, labelled, as the receipt prints them.
  await expect(drawer.getByText(/^\d{2} [A-Z][a-z]{2}, \d{4} at \d{2}:\d{2} \(Lagos time\)$/).first()).toBeVisible();
  await expect(drawer.getByText(/by Chioma Okonkwo-Bassey$/)).toBeVisible();
  const drawerFact = (label: string) => drawer.getByText(label, { exact: true }).locator('..');
  await expect(drawerFact('RRR (Remita)')).toContainText(/\d{12}/);
  const rrr = /\d{12}/.exec((await drawerFact('RRR (Remita)').textContent()) ?? '')![0];
  await expect(drawerFact('Remita payment reference')).toContainText(/FAKE[0-9A-Z]+/);
  const verifyLink = drawer.getByRole('link', { name: /^Verify/ });
  await expect(verifyLink).toHaveAttribute('target', '_blank');
  await snap(page, 'receipts-01-bill-paid');

  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Download receipt' }).click();
  const receiptPath = 'e2e/screenshots/receipts-02-receipt.pdf';
  await (await download).saveAs(receiptPath);
  const receipt = fs.readFileSync(receiptPath);
  expect(receipt.subarray(0, 5).toString()).toBe('%PDF-');
  expect(await renderFirstPageToPng(browser, receiptPath, 'e2e/screenshots/receipts-02-receipt-page-1.png')).toBe(1);
  const verifyUrl = verifyLinkIn(receipt);
  // The drawer's link and the receipt's are the same page.
  expect(await verifyLink.getAttribute('href')).toBe(verifyUrl);

  // Anyone holding the receipt: a fresh browser, nobody signed in.
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const outside = await visitor.newPage();
    await outside.goto(verifyUrl);
    await expect(outside.getByRole('heading', { name: 'Verify a receipt' })).toBeVisible();
    await expect(outside.getByText('This receipt is genuine')).toBeVisible();
    const facts = outside.getByRole('table', { name: 'The receipt as Levy recorded it' });
    const fact = (label: string) =>
      facts.getByRole('row').filter({ has: outside.getByRole('rowheader', { name: label, exact: true }) });
    await expect(fact('Payer')).toContainText('Adamawa Foods Ltd');
    await expect(fact('Tax ID')).toContainText('C-0012345');
    await expect(fact('Paid to')).toContainText('Lagos State Internal Revenue Service');
    await expect(fact('Tax')).toContainText('PAYE');
    await expect(fact('Amount remitted')).toContainText(/^Amount remitted₦[\d,]+\.\d{2}$/);
    await expect(fact('RRR (Remita)')).toContainText(rrr);
    await expect(fact('Remita payment reference')).toContainText(/FAKE[0-9A-Z]+/);
    await expect(fact('Remita')).toContainText(
      /Confirmed by Remita on \d{2} [A-Z][a-z]{2}, \d{4} at \d{2}:\d{2} \(Lagos time\)/,
    );
    await expect(fact('Status')).toContainText('Payment paid');
    await expect(fact('Paid at')).toContainText('(Lagos time)');
    // Nothing else of the organisation: no bill reference, people or fees.
    await expect(outside.getByText(reference)).toHaveCount(0);
    await expect(outside.getByText('Chioma')).toHaveCount(0);
    // Public: it offers sign-in, it does not ask for it.
    await expect(outside.getByRole('link', { name: 'Log in' })).toBeVisible();
    await snap(outside, 'receipts-03-verify-genuine');
    await outside.setViewportSize({ width: 390, height: 844 });
    await expect(outside.getByText('This receipt is genuine')).toBeVisible();
    await expectNoSidewaysScroll(outside);
    await snap(outside, 'receipts-04-verify-genuine-390');

    // One character changed: the signature no longer holds.
    const code = verifyUrl.split('/verify/')[1];
    const altered = `${code.slice(0, 20)}${code[20] === 'A' ? 'B' : 'A'}${code.slice(21)}`;
    await outside.goto(verifyUrl.replace(code, altered));
    await expect(outside.getByText('No receipt matches this code')).toBeVisible();
    await expect(outside.getByRole('table')).toHaveCount(0);
    await expectNoSidewaysScroll(outside);
    await snap(outside, 'receipts-05-verify-altered-390');
    await outside.setViewportSize({ width: 1280, height: 800 });
    await snap(outside, 'receipts-06-verify-altered');

    // The code as printed on the receipt, typed in with its dashes, finds the receipt again.
    await outside.getByRole('textbox', { name: /Verification code/ }).fill(
      code
        .match(/.{1,6}/g)!
        .join('-')
        .toLowerCase(),
    );
    await outside.getByRole('button', { name: 'Check' }).click();
    await expect(outside.getByText('This receipt is genuine')).toBeVisible();
    await expect(outside).toHaveURL(verifyUrl);
  } finally {
    await visitor.close();
  }
});
