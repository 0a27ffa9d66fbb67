import { addMonths, lagosPeriod } from '@levy/tax';
import type { Locator, Page } from '@playwright/test';
import { callGateway } from '../support/api';
import { expect, test } from '../support/fixtures';
import { onboardedOwner } from '../support/owners';
import { snap } from '../support/screenshots';
import {
  csvUpload,
  fundWallet,
  logInToDashboard,
  PayTaxes,
  payrollWithOneWrongRow,
  registerPayroll,
} from '../pages/bills-pages';

// What changed: each payroll upload is kept as a version and says who joined, who left and whose
// pay changed since the one before; the PAYE summary compares the month's employees with the
// previous month's bill and names an employee whose tax is below the law's (never a row of the
// payroll on file); the paid bill says which payroll version it was made from.

const HEADER = payrollWithOneWrongRow('2026-10').file.buffer.toString().split('\n')[0];

/** Funke left, Bola joined, Adaeze's pay rose (her tax as the law says, ₦75,236.00). */
const NEXT_PAYROLL = csvUpload('payroll-next.csv', [
  HEADER,
  'N-1234567,Adaeze Okafor,Nigerian,Finance Manager,560000.00,75236.00,560000.00,0,0,0,0,0,0,0,0,0,0,0',
  'N-7654321,Musa Ibrahim,Nigerian,Accounts Officer,250000.00,24500.00,250000.00,0,0,0,0,0,0,0,0,0,0,0',
  'N-1357924,Bola Ade,Nigerian,Driver,300000.00,20000.00,300000.00,0,0,0,0,0,0,0,0,0,0,0',
]);

/** The screen at 1280 and at 390 px; on the phone, with `shown` scrolled into the dialog's view. */
async function both(page: Page, name: string, shown: Locator) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await shown.scrollIntoViewIfNeeded();
  await snap(page, `${name}-wide`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shown.scrollIntoViewIfNeeded();
  await snap(page, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a payroll kept as versions: the upload and the PAYE summary say what changed, the bill names its version', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await onboardedOwner(request, {
    prefix: 'versions',
    firstName: 'Kemi',
    lastName: 'Balogun',
    legalName: 'Balogun Foods Limited',
    corporationName: 'Balogun Foods Ltd',
  });
  const thisMonth = lagosPeriod(new Date());
  const [twoBack, oneBack] = [addMonths(thisMonth, -2), addMonths(thisMonth, -1)];
  const added = await callGateway(request, {
    method: 'POST',
    namespace: 'core',
    path: `internal/corporations/${owner.corporationId}/states/LA`,
    token: owner.token,
    body: { tax_payer_number: 'C-0012345', first_tax_month: twoBack },
  });
  expect(added.code, added.message).toBe('OK');
  await registerPayroll(request, owner, 'LA', payrollWithOneWrongRow(twoBack).file);
  await fundWallet(request, owner.token, owner.organisationId, '3000000');
  // Two months back is paid from payroll version 1.
  const paid = await request.post(`/service/v1/internal/corporations/${owner.corporationId}/states/LA/paye/bills`, {
    headers: { 'Api-Token': owner.token, 'Idempotency-Key': crypto.randomUUID() },
    multipart: { namespace: 'core', start_date: twoBack, source: 'payroll' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  await logInToDashboard(page, owner.email);
  await page.goto(`/corporations/${owner.corporationId}/states`);
  const lagos = page.getByRole('table', { name: 'Registered states' }).getByRole('row').filter({ hasText: 'Lagos' });
  await lagos.getByRole('button', { name: 'Actions for Lagos' }).click();
  await page.getByRole('menuitem', { name: 'Manage Payroll' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Payroll' });
  await manage.locator('input[type="file"]').setInputFiles(NEXT_PAYROLL);
  await manage.getByRole('button', { name: 'Upload payroll' }).click();
  await expect(manage.getByText(/kept as payroll version 2$/)).toBeVisible();
  const changes = manage.getByTestId('payroll-upload-changes');
  await expect(changes).toContainText(
    /^Since payroll version 1 of .+: 1 employee joined, 1 left, 1 with changed pay or tax/,
  );
  await expect(
    changes.getByText(
      'Changed: Adaeze Okafor (N-1234567), gross ₦500,000.00 → ₦560,000.00, tax ₦65,300.00 → ₦75,236.00',
    ),
  ).toBeVisible();
  // And since the last month paid: the bill of two months back, made from version 1.
  await expect(manage.getByTestId('previous-bill-changes')).toContainText(
    new RegExp(
      `^Since PAYE-LA-${twoBack}-000001 \\(.+, payroll version 1\\): 1 employee joined, 1 left, 1 with changed pay or tax`,
    ),
  );
  // Bola declares ₦20,000.00: the upload names him, not silently.
  await expect(manage.getByText(/^Row 4, Bola Ade \(N-1357924\): ₦20,000\.00 declared/)).toBeVisible();
  await both(page, '160-payroll-version-changes', changes);
  await page.keyboard.press('Escape');
  await expect(manage).toBeHidden();

  // Last month from the payroll on file: the summary compares it with the bill of two months back.
  const dialog = await new PayTaxes(page).start('PAYE');
  await new PayTaxes(page).chooseCorporationAndState(dialog, 'Balogun Foods Ltd', 'Lagos · C-0012345');
  await expect(dialog.getByRole('radio', { name: /^Use the payroll on file: 3 employees/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  const compared = dialog.getByTestId('previous-bill-changes');
  await expect(compared).toContainText(
    new RegExp(
      `^Since PAYE-LA-${twoBack}-000001 \\(.+, payroll version 1\\): 1 employee joined, 1 left, 1 with changed pay or tax`,
    ),
  );
  await expect(dialog.getByText('1 employee’s tax differs from the tax engine')).toBeVisible();
  await expect(dialog.getByText(/^Bola Ade \(N-1357924\): ₦20,000\.00 declared/)).toBeVisible();
  await both(page, '161-paye-summary-changes', compared);

  await dialog.getByRole('button', { name: 'Generate' }).click();
  const drawer = page.getByRole('dialog').filter({ has: page.locator('.mantine-Drawer-title') });
  await expect(drawer.getByText('Payment paid').first()).toBeVisible({ timeout: 20_000 });
  await expect(drawer.getByText(/^The payroll on file, version 2 \(uploaded .+ by Kemi Balogun\)$/)).toBeVisible();
  await expect(drawer.getByText(new RegExp(`^PAYE-LA-${oneBack}-`)).first()).toBeVisible();
  await both(page, '162-bill-payroll-version', drawer.getByText('Employees from'));
});
