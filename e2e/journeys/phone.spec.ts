import { addMonths, lagosPeriod } from '@levy/tax';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { callGateway, consentCodeFromMailbox, NEW_USER_PASSWORD } from '../support/api';
import { expect, test } from '../support/fixtures';
import { expectPhoneLayout, expectUncovered, expectWithinScreenWidth } from '../support/layout';
import { onboardedOwner } from '../support/owners';
import { snap } from '../support/screenshots';
import { LoginPage } from '../pages/auth-pages';
import { fundWallet, lastMonth, PayTaxes, payrollWithOneWrongRow, registerPayroll } from '../pages/bills-pages';

// A finance officer on a phone: at 390 px every signed-in page keeps the top bar's
// actions on the screen, every menu opens inside it, and tables keep what a row costs and where it
// stands. Names are long on purpose: they are what pushed the bell and the profile off the screen.

const PHONE = { width: 390, height: 844 };
const CORPORATION = 'Adamawa Foods and Agro-Allied Products Ltd';

/** A new organisation owing Lagos PAYE from three months back (so the bell shows), with money in its wallet. */
async function ownerWithOverdueMonths(request: APIRequestContext, prefix: string) {
  const owner = await onboardedOwner(request, {
    prefix,
    firstName: 'Oluwaseun',
    lastName: 'Adeyemi-Bakare',
    legalName: 'Adamawa Foods and Agro-Allied Products Limited',
    corporationName: CORPORATION,
  });
  const added = await callGateway(request, {
    method: 'POST',
    namespace: 'core',
    path: `internal/corporations/${owner.corporationId}/states/LA`,
    token: owner.token,
    body: { tax_payer_number: 'C-0012345', first_tax_month: addMonths(lagosPeriod(new Date()), -3) },
  });
  expect(added.code, added.message).toBe('OK');
  await fundWallet(request, owner.token, owner.organisationId, '2000000');
  return owner;
}

async function logIn(page: Page, email: string) {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(email, NEW_USER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** On a phone the side navigation is behind the burger. */
async function goTo(page: Page, entry: string, url: RegExp) {
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: entry }).click();
  await expect(page).toHaveURL(url);
}

/** The phone check, then a screenshot (with its accessibility check) to look at. */
async function check(page: Page, name: string) {
  await expectPhoneLayout(page);
  await snap(page, `phone-${name}`);
}

/** A row's key figures show in the row itself, not in a column off to the side. */
async function expectOnScreen(row: Locator, ...texts: Array<string | RegExp>) {
  for (const text of texts) await expectWithinScreenWidth(row.getByText(text).filter({ visible: true }).first());
}

test('at 390 px every signed-in page keeps the bell and the profile on the screen, menus open inside it, and tables keep amount and status', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const owner = await ownerWithOverdueMonths(request, 'phone');
  await page.setViewportSize(PHONE);
  await logIn(page, owner.email);

  // The dashboard greets with a long name, beside Pay Taxes, the bell and the profile.
  await expect(page.getByRole('button', { name: /^Tax alerts/ })).toBeVisible();
  await check(page, '01-dashboard');
  await page.getByRole('button', { name: /^Tax alerts/ }).click();
  const alerts = page.getByRole('dialog').filter({ hasText: 'Tax alerts' }).getByTestId('alert-item');
  await expect(alerts.filter({ hasText: 'PAYE tax for' })).toHaveCount(3);
  await check(page, '02-alerts-bell');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(page.getByRole('dialog').getByText('Sign Out')).toBeVisible();
  await check(page, '03-profile-menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeInViewport();
  await check(page, '04-navigation');
  await page.getByRole('button', { name: 'Toggle navigation' }).click();

  // Corporations, then the corporation's states with a row's options open.
  await goTo(page, 'Corporations', /\/corporations$/);
  await expect(page.getByRole('table', { name: 'Corporations' })).toContainText(CORPORATION);
  await check(page, '05-corporations');
  await page.getByRole('link', { name: CORPORATION }).click();
  await expect(page).toHaveURL(/\/states$/);
  const states = page.getByRole('table', { name: 'Registered states' });
  const lagos = states.getByRole('row').filter({ hasText: 'Lagos' });
  await expectOnScreen(lagos, 'C-0012345', 'Not requested');
  await check(page, '06-corporation-states');
  await lagos.getByRole('button', { name: 'Actions for Lagos' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Manage Payroll' })).toBeVisible();
  await check(page, '07-state-options-menu');
  await menu.getByRole('menuitem', { name: 'Manage Payroll' }).click();
  // Manage Payroll on a phone: consent, its code, then the payroll's preview and its employees.
  const payroll = page.getByRole('dialog', { name: 'Manage Payroll' });
  await expect(payroll.getByRole('button', { name: 'Decline' })).toBeVisible();
  await check(page, '08-manage-payroll-consent');
  const requestedAt = Date.now() - 1000;
  await payroll.getByRole('button', { name: 'Proceed' }).click();
  const code = await consentCodeFromMailbox(request, owner.email, requestedAt);
  await payroll.getByRole('textbox', { name: 'Consent code digit 1 of 6' }).click();
  await page.keyboard.type(code);
  await check(page, '09-manage-payroll-code');
  await payroll.getByRole('button', { name: 'Verify code', exact: true }).click();
  await expect(payroll.getByText('Consent given')).toBeVisible();
  await payroll.locator('input[type="file"]').setInputFiles(payrollWithOneWrongRow(lastMonth()).file);
  await expect(payroll.getByRole('table', { name: 'Payroll preview' }).getByRole('row')).toHaveCount(4);
  await check(page, '10-manage-payroll-preview');
  await payroll.getByRole('button', { name: 'Upload payroll' }).click();
  const employees = payroll.getByRole('table', { name: 'Employees' });
  await expect(employees.getByRole('row')).toHaveCount(4);
  await expectOnScreen(employees.getByRole('row').filter({ hasText: 'Adaeze Okafor' }), /^₦[\d,]+\.\d\d$/);
  await check(page, '11-manage-payroll-employees');
  await payroll.getByRole('button', { name: 'Close dialog' }).click();
  await expect(payroll).toBeHidden();
  await expect(lagos).toContainText('Approved');

  // Pay Taxes from the top bar: Withholding Tax as far as its summary, then PAYE through to the bill's drawer.
  const payTaxes = new PayTaxes(page);
  await payTaxes.button.click();
  await expect(page.getByRole('dialog', { name: 'Pay Taxes' })).toBeVisible();
  await check(page, '12-pay-taxes-chooser');
  await page.getByRole('dialog', { name: 'Pay Taxes' }).getByRole('button', { name: 'Withholding Tax' }).click();
  const wht = page.getByRole('dialog', { name: 'Withholding Tax' });
  await payTaxes.chooseCorporationAndState(wht, CORPORATION, 'Lagos · C-0012345', /^Agency/);
  await check(page, '13-wht-beneficiary');
  await payTaxes.landlordByHand(wht);
  await check(page, '14-wht-amount');
  await wht.getByRole('button', { name: 'Next' }).click();
  await expect(wht.getByTestId('summary-amount')).toHaveText('₦45,000.00');
  await check(page, '15-wht-summary');
  await wht.getByRole('button', { name: 'Close dialog' }).click();
  await expect(wht).toBeHidden();
  await payTaxes.start('PAYE');
  const dialog = page.getByRole('dialog', { name: /PAYE Generate Bill/ });
  await expect(dialog.getByRole('combobox', { name: /^State/ })).toHaveValue('Lagos · C-0012345');
  // The payroll just registered is offered, and taken.
  await expect(dialog.getByRole('radio', { name: /^Use the payroll on file: 3 employees/ })).toBeChecked();
  await check(page, '16-paye-form');
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(dialog.getByTestId('summary-total')).toBeVisible();
  await check(page, '17-paye-summary');
  await dialog.getByRole('button', { name: 'Generate' }).click();
  const drawer = page.getByRole('dialog').filter({ has: page.locator('.mantine-Drawer-title') });
  await expect(drawer.getByText('Payment paid').first()).toBeVisible({ timeout: 20_000 });
  await expect(drawer.getByRole('table', { name: 'Recipients' })).toContainText('Funke Adeyemi');
  // The success toast is up while the drawer opens: the drawer's close button stays clear of it.
  await expectUncovered(drawer.getByRole('button', { name: 'Close' }));
  await check(page, '18-bill-drawer');
  await drawer.getByRole('table', { name: 'Recipients' }).scrollIntoViewIfNeeded();
  await expectOnScreen(drawer.getByRole('row').filter({ hasText: 'Funke Adeyemi' }), /^₦[\d,]+\.\d\d$/);
  await check(page, '19-bill-drawer-recipients');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  // The bills list keeps each bill's total and status on the screen.
  const bills = page.getByRole('table', { name: 'Bills' });
  const bill = bills
    .getByRole('row')
    .filter({ hasText: /^PAYE-LA-/ })
    .first();
  await expect(bill).toBeVisible();
  await expectOnScreen(bill, /^₦[\d,]+\.\d\d$/, 'Payment paid');
  await check(page, '20-bills');

  // The corporation's own bills tab.
  await goTo(page, 'Corporations', /\/corporations$/);
  await page.getByRole('link', { name: CORPORATION }).click();
  await page.getByRole('tab', { name: 'Bills' }).click();
  await expect(page).toHaveURL(/\/bills$/);
  await expectOnScreen(
    page.getByRole('table', { name: 'Bills' }).getByRole('row').nth(1),
    /^₦[\d,]+\.\d\d$/,
    'Payment paid',
  );
  await check(page, '21-corporation-bills');

  // The wallet and its history.
  await goTo(page, 'Transactions', /\/transactions$/);
  await expect(page.getByRole('table').first()).toBeVisible();
  await check(page, '22-transactions');

  await goTo(page, 'Team Members', /\/organisation$/);
  await expect(page.getByRole('table').first()).toBeVisible();
  await check(page, '23-team');

  await goTo(page, 'Settings', /\/settings/);
  await check(page, '24-settings-profile');
  await page.getByRole('tab', { name: 'Organisation' }).click();
  await check(page, '25-settings-organisation');

  // The dashboard again, now with a paid bill: its recent bills and the deadline calendar.
  await goTo(page, 'Dashboard', /\/dashboard$/);
  const calendar = page.getByRole('region', { name: 'Deadline calendar' });
  await calendar.scrollIntoViewIfNeeded();
  await expect(calendar.getByRole('table')).toBeVisible();
  await check(page, '26-dashboard-with-bills');

  await goTo(page, 'Bank Analyser', /\/analyser$/);
  await check(page, '27-analyser');
  await page.getByRole('button', { name: 'New folder' }).click();
  const folder = page.getByRole('dialog', { name: 'New folder' });
  await folder.getByRole('textbox', { name: 'Folder name' }).fill('Adamawa Foods and Agro-Allied Products loan review');
  await folder.getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByRole('heading', { name: 'Adamawa Foods and Agro-Allied Products loan review' })).toBeVisible();
  await check(page, '28-analyser-folder');
});

test('a toast never covers an open dialog’s close button, on a phone or a laptop', async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await ownerWithOverdueMonths(request, 'phone-toast');
  await registerPayroll(request, owner, 'LA', payrollWithOneWrongRow(lastMonth()).file);
  await logIn(page, owner.email);
  for (const [size, viewport] of [
    ['1280', { width: 1280, height: 800 }],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    const payTaxes = new PayTaxes(page);
    const dialog = await payTaxes.start('PAYE');
    await payTaxes.attach(dialog, {
      name: 'payroll.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a payroll\n'),
    });
    // Proceed pressed again and again with the wrong file: a toast each time, stacked. On a phone
    // they lie over Proceed at the dialog's foot, and the presses go through them to it.
    for (let press = 0; press < 3; press += 1) await dialog.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid File' })).toHaveCount(3);
    await expectUncovered(dialog.getByRole('button', { name: 'Close dialog' }));
    await snap(page, `phone-30-toast-over-dialog-${size}`);
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect(dialog).toBeHidden();
  }
});
