import fs from 'node:fs';
import { expect, test } from '../support/fixtures';
import { renderFirstPageToPng } from '../support/pdf-preview';
import { expectPhoneLayout } from '../support/layout';
import { onboardedOwner } from '../support/owners';
import { snap } from '../support/screenshots';
import { BillsList, fundWallet, lastMonth, logInToDashboard, PayTaxes } from '../pages/bills-pages';

// WHT on payments to companies goes to the federal Nigeria Revenue Service: register the
// NRS beside the states with the corporation's Tax ID, bill a company at the company rate, pay it
// from the wallet, and download the receipt that names the NRS.

const NRS = 'Nigeria Revenue Service';
const NATIONAL_TAX_ID = '1234567890123';

test('register the NRS, make and pay an NRS WHT bill for a company, and download its receipt', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const owner = await onboardedOwner(request, {
    prefix: 'nrs',
    firstName: 'Ifeoma',
    lastName: 'Nwosu',
    legalName: 'Savannah Crest Limited',
    corporationName: 'Savannah Crest Ltd',
  });
  await fundWallet(request, owner.token, owner.organisationId, '500000');
  await logInToDashboard(page, owner.email);

  // The corporation's states tab: Add New State offers the NRS apart from the states.
  await page.goto(`/corporations/${owner.corporationId}/states`);
  await page.getByRole('button', { name: 'Add New State' }).click();
  const add = page.getByRole('dialog', { name: 'Add New State' });
  await add.getByRole('combobox', { name: /^State/ }).click();
  await expect(page.getByText('Federal: WHT on payments to companies')).toBeVisible();
  await page.getByRole('option', { name: NRS }).click();
  await expect(add.getByText('Owes WHT here from')).toBeVisible();
  // An individual's Tax ID is refused before the NRS is asked.
  await add.getByRole('textbox', { name: 'Tax ID' }).fill('N-1234567');
  await add.getByRole('button', { name: 'Proceed' }).click();
  await expect(add.getByText(/collects WHT from companies: use the corporation's C- or 13-digit Tax ID/)).toBeVisible();
  await add.getByRole('textbox', { name: 'Tax ID' }).fill(NATIONAL_TAX_ID);
  await snap(page, 'nrs-01-add-nrs');
  await add.getByRole('button', { name: 'Proceed' }).click();
  await expect(add.getByTestId('verified-tax-id')).toHaveText(NATIONAL_TAX_ID);
  await expect(add.getByText(`Found by ${NRS}`)).toBeVisible();
  await snap(page, 'nrs-02-nrs-verified');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'State added successfully' })).toBeVisible();

  // The NRS row: WHT only, no payroll consent or employees, and no Manage Payroll.
  const table = page.getByRole('table', { name: 'Registered states' });
  const row = table.getByRole('row').filter({ hasText: NRS });
  await expect(row).toContainText(NATIONAL_TAX_ID);
  await expect(row).toContainText('Not needed: WHT on payments to companies only');
  await page.getByRole('button', { name: `Actions for ${NRS}` }).click();
  await expect(page.getByRole('menuitem', { name: `Update ${NRS} Id` })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Manage Payroll' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await snap(page, 'nrs-03-states-tab');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toContainText('WHT on payments to companies only');
  await expectPhoneLayout(page);
  await snap(page, 'nrs-04-states-tab-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Pay Taxes → Withholding Tax: one company paid royalties, auto calculated at the company rate (10%).
  const payTaxes = new PayTaxes(page);
  const dialog = await payTaxes.start('Withholding Tax');
  await payTaxes.chooseCorporationAndState(dialog, 'Savannah Crest Ltd', `${NRS} · ${NATIONAL_TAX_ID}`, /^Agency/);
  await dialog.getByRole('textbox', { name: /Beneficiary Tax ID/ }).fill('C-3000001');
  await dialog.getByRole('textbox', { name: /Beneficiary name/ }).fill('Zenith Forge Limited');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Auto calculate', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await payTaxes.chooseWhtType(dialog, 'Royalty');
  await expect(page.getByRole('option')).toHaveCount(0);
  await dialog.getByRole('textbox', { name: /Amount paid/ }).fill('1000000');
  await expect(dialog.getByTestId('live-tax')).toHaveText('₦100,000.00');
  await expect(dialog.getByText('Tax payable at 10%')).toBeVisible();
  await snap(page, 'nrs-05-wht-amount');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Royalty (10%)')).toBeVisible();
  await expect(dialog.getByText(NRS, { exact: true })).toBeVisible();
  await snap(page, 'nrs-06-wht-summary');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectPhoneLayout(page);
  await snap(page, 'nrs-07-wht-summary-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: /^Pay/ }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'A bill has been generated, and the payment is currently being processed.' }),
  ).toBeVisible();

  // The bill settles with the NRS in the background, then its receipt names the NRS.
  const reference = await new BillsList(page).openDrawerReference();
  expect(reference).toBe(`WHT-NRS-${lastMonth()}-000001`);
  const drawer = page.getByRole('dialog', { name: reference });
  await expect(drawer.getByText('Payment paid').first()).toBeVisible({ timeout: 45_000 });
  await expect(drawer.getByText(NRS).first()).toBeVisible();
  await snap(page, 'nrs-08-bill-paid');

  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Download receipt' }).click();
  const receiptPath = 'e2e/screenshots/nrs-09-receipt.pdf';
  await (await download).saveAs(receiptPath);
  expect(fs.readFileSync(receiptPath).subarray(0, 5).toString()).toBe('%PDF-');
  expect(
    await renderFirstPageToPng(browser, receiptPath, 'e2e/screenshots/nrs-09-receipt-page-1.png'),
  ).toBeGreaterThanOrEqual(1);
});
