import fs from 'node:fs';
import { expect, test } from '../support/fixtures';
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

const LAGOS_OPTION = 'Lagos · C-0012345';

function naira(kobo: number): string {
  return `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

test('fund the wallet, pay PAYE for three employees with one row flagged, and download the receipt', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerInLagos(request, 'paye-bill');
  await logInToDashboard(page, owner.email);

  // Fund the wallet with a simulated transfer.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transactions' }).click();
  await expect(page.getByLabel('Balance of Balogun Foods Limited')).toHaveText('₦0.00');
  await expect(page.getByText('Transfers into your wallet and payments from it appear here.')).toBeVisible();
  await page.getByRole('button', { name: 'Simulate a transfer' }).click();
  const transfer = page.getByRole('dialog', { name: 'Simulate a transfer' });
  await transfer.getByRole('textbox', { name: 'Amount' }).fill('2000000');
  await transfer.getByRole('button', { name: 'Send transfer' }).click();
  await expect(page.getByLabel('Balance of Balogun Foods Limited')).toHaveText('₦2,000,000.00');

  const payTaxes = new PayTaxes(page);
  await payTaxes.button.click();
  const chooser = page.getByRole('dialog', { name: 'Pay Taxes' });
  await expect(chooser.getByRole('button', { name: 'PAYE' })).toBeVisible();
  await expect(chooser.getByRole('button', { name: 'Withholding Tax' })).toBeVisible();
  await snap(page, '50-pay-taxes-chooser');
  await chooser.getByRole('button', { name: 'PAYE' }).click();

  const dialog = page.getByRole('dialog', { name: /PAYE Generate Bill/ });
  await payTaxes.chooseCorporationAndState(dialog, 'Balogun Foods Ltd', LAGOS_OPTION);
  const payroll = payrollWithOneWrongRow(lastMonth());
  await payTaxes.attach(dialog, payroll.file);
  await snap(page, '51-paye-form');
  await dialog.getByRole('button', { name: 'Proceed' }).click();

  await expect(dialog.getByTestId('summary-amount')).toHaveText(naira(payroll.amountDue));
  await expect(dialog.getByTestId('summary-charge')).toContainText('₦');
  const charge = Number(
    (await dialog.getByTestId('summary-charge').textContent())!.split(/\s|fee/)[0].replace(/[₦,]/g, ''),
  );
  await expect(dialog.getByTestId('summary-total')).toHaveText(naira(payroll.amountDue + Math.round(charge * 100)));
  await expect(dialog.getByText('1 row differs from the tax engine')).toBeVisible();
  await expect(dialog.getByText(/^Row 4, [^:]+ \([NC]-\d+\): ₦[\d,]+\.\d\d declared, ₦[\d,]+\.\d\d by /)).toBeVisible();
  await snap(page, '52-paye-summary');

  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Bill generated successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/bills\?bill=/);
  const bills = new BillsList(page);
  const reference = await bills.openDrawerReference();
  expect(reference).toMatch(/^PAYE-LA-/);
  const drawer = page.getByRole('dialog', { name: reference });
  await expect(drawer.getByText('Payment paid').first()).toBeVisible({ timeout: 20_000 });
  await expect(drawer.getByText(/^Row 4, /)).toBeVisible();
  await expect(drawer.getByRole('table', { name: 'Recipients' })).toContainText('Funke Adeyemi');
  await snap(page, '53-paye-bill-paid');

  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Download receipt' }).click();
  const receipt = await download;
  expect(receipt.suggestedFilename()).toMatch(/\.pdf$/);
  const saved = 'e2e/screenshots/54-paye-receipt.pdf';
  await receipt.saveAs(saved);
  expect(fs.readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');

  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('table', { name: 'Bills' }).getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Payment paid');
  await snap(page, '55-bills-list');
});

test('WHT for three suppliers from an auto file: preview, summary, Pay, processing, then paid', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerInLagos(request, 'wht-bulk');
  await fundWallet(request, owner.token, owner.organisationId, '5000000');
  await logInToDashboard(page, owner.email);

  const payTaxes = new PayTaxes(page);
  const dialog = await payTaxes.start('Withholding Tax');
  await dialog.getByText('Multiple beneficiaries (file)', { exact: true }).click();
  await payTaxes.chooseCorporationAndState(dialog, 'Balogun Foods Ltd', LAGOS_OPTION, /^Agency/);
  await snap(page, '60-wht-step-1');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Auto calculate', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await payTaxes.chooseWhtType(dialog, 'Rent');
  await payTaxes.attach(
    dialog,
    csvUpload('suppliers-october.csv', [
      'tax_payer_number,name,amount',
      'N-1234567,Adaeze Properties,1200000',
      'C-0076543,Ikeja Warehousing Ltd,850000.50',
      'N-2468135,Bola Haulage,400000',
    ]),
  );
  await snap(page, '61-wht-file');
  await dialog.getByRole('button', { name: 'Next' }).click();

  const preview = dialog.getByRole('table', { name: 'File preview' });
  await expect(preview).toContainText('Ikeja Warehousing Ltd');
  await expect(preview.getByRole('row')).toHaveCount(4);
  await expect(dialog.getByTestId('preview-summary')).toContainText('3 payees · amounts ₦2,450,000.50');
  await snap(page, '62-wht-preview');
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(dialog.getByTestId('summary-total')).toContainText('₦');
  await snap(page, '63-wht-summary');
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'A bill has been generated, and the payment is currently being processed.' }),
  ).toBeVisible();
  const reference = await new BillsList(page).openDrawerReference();
  expect(reference).toMatch(/^WHT-LA-/);
  const drawer = page.getByRole('dialog', { name: reference });
  await expect(drawer.getByText('Payment paid').first()).toBeVisible({ timeout: 45_000 });
  await expect(drawer.getByRole('button', { name: 'Download receipt' })).toBeVisible();
  await expect(drawer.getByRole('table', { name: 'Recipients' })).toContainText('Bola Haulage');
  await snap(page, '64-wht-bill-paid');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(
    page.getByRole('table', { name: 'Bills' }).getByRole('row').filter({ hasText: reference }),
  ).toContainText('Payment paid');
});

test('WHT for one landlord with the tax given by hand', async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await ownerInLagos(request, 'wht-single');
  await fundWallet(request, owner.token, owner.organisationId, '1000000');
  await logInToDashboard(page, owner.email);

  const payTaxes = new PayTaxes(page);
  const dialog = await payTaxes.start('Withholding Tax');
  await payTaxes.chooseCorporationAndState(dialog, 'Balogun Foods Ltd', LAGOS_OPTION, /^Agency/);
  await payTaxes.landlordByHand(dialog);
  await expect(dialog.getByRole('textbox', { name: /Tax payable/ })).toHaveValue('₦45,000');
  await snap(page, '70-wht-single-amount');
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(dialog.getByTestId('summary-amount')).toHaveText('₦45,000.00');
  await expect(dialog.getByRole('table', { name: 'Bill summary' })).toContainText('Chinedu Okeke · N-7654321');
  // Back from the summary goes to the amount step for a single beneficiary.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByRole('textbox', { name: /Tax payable/ })).toHaveValue('₦45,000');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await snap(page, '71-wht-single-summary');
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'A bill has been generated, and the payment is currently being processed.' }),
  ).toBeVisible();
  const reference = await new BillsList(page).openDrawerReference();
  const drawer = page.getByRole('dialog', { name: reference });
  await expect(drawer.getByText('Payment paid').first()).toBeVisible({ timeout: 45_000 });
  await expect(drawer.getByRole('table', { name: 'Recipients' })).toContainText('Chinedu Okeke');
  await snap(page, '72-wht-single-paid');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  // The corporation's bills tab lists the same bill, and Pay Taxes is hidden there.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Corporations' }).click();
  await page.getByRole('link', { name: 'Balogun Foods Ltd' }).click();
  await page.getByRole('tab', { name: 'Bills' }).click();
  await expect(page).toHaveURL(new RegExp(`/corporations/${owner.corporationId}/bills$`));
  await expect(page.getByRole('tab', { name: 'Bills' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('table', { name: 'Bills' }).getByRole('row').filter({ hasText: reference }),
  ).toContainText('Payment paid');
  await expect(payTaxes.button).toHaveCount(0);
  await snap(page, '73-corporation-bills-tab');
});

test('a wallet without enough money says so in the dialog and makes no bill', async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await ownerInLagos(request, 'paye-short');
  await logInToDashboard(page, owner.email);

  const payTaxes = new PayTaxes(page);
  const dialog = await payTaxes.start('PAYE');
  await payTaxes.chooseCorporationAndState(dialog, 'Balogun Foods Ltd', LAGOS_OPTION);
  await payTaxes.attach(dialog, payrollWithOneWrongRow(lastMonth()).file);
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await dialog.getByRole('button', { name: 'Generate' }).click();
  const error = dialog.getByTestId('payment-error');
  await expect(error).toContainText(/insufficient|short/i);
  await expect(error).toContainText('₦');
  await snap(page, '80-insufficient-balance');

  await dialog.getByRole('button', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bills' }).click();
  await expect(page.getByText('Bills you generate with Pay Taxes appear here.')).toBeVisible();
});
