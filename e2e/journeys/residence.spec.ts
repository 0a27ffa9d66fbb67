import {
  addMonths,
  asKobo,
  formatNaira,
  lagosPeriod,
  monthName,
  PAYE_TEMPLATE_HEADERS,
  sumKobo,
  toKobo,
} from '@levy/tax';
import type { Locator, Page } from '@playwright/test';
import { callGateway, consentCodeFromMailbox } from '../support/api';
import { expect, test } from '../support/fixtures';
import { onboardedOwner } from '../support/owners';
import { snap } from '../support/screenshots';
import {
  basicPayRow,
  csvUpload,
  fundWallet,
  givePayrollConsent,
  logInToDashboard,
  PayTaxes,
} from '../pages/bills-pages';

// PAYE is owed where the employee lives (docs/tax-rules.md §8): a Lagos payroll with three
// employees resident in Ogun shows them with the state owed; once Ogun is registered with consent,
// one action moves them to the Ogun payroll, and each state's PAYE is paid for its own residents.

const EMPLOYEES = [
  { tin: 'N-4000001', name: 'Ngozi Eze', gross: '450000.00', residence: 'LA' },
  { tin: 'N-4000002', name: 'Femi Ogunleye', gross: '300000.00', residence: 'OG' },
  { tin: 'N-4000003', name: 'Sade Adewale', gross: '280000.00', residence: 'Ogun' },
  { tin: 'N-4000004', name: 'Tayo Bankole', gross: '260000.00', residence: 'OG' },
];

const rowOf = (employee: (typeof EMPLOYEES)[number], period: string) => basicPayRow(employee, period);

/** The template's 18 columns (docs/product.md), then `state_of_residence`. */
function payrollWithResidents(period: string) {
  const lines = EMPLOYEES.map((employee) =>
    [...PAYE_TEMPLATE_HEADERS.map((header) => rowOf(employee, period)[header]), employee.residence].join(','),
  );
  return csvUpload('lagos-payroll.csv', [[...PAYE_TEMPLATE_HEADERS, 'state_of_residence'].join(','), ...lines]);
}

/** The screen at 1280 and at 390 px, with `shown` scrolled into view on each. */
async function both(page: Page, name: string, shown: Locator) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await shown.scrollIntoViewIfNeeded();
  await snap(page, `${name}-wide`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shown.scrollIntoViewIfNeeded();
  await snap(page, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('employees living in Ogun on a Lagos payroll are shown, moved to the Ogun payroll, and each state is paid and filed for its residents', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await onboardedOwner(request, {
    prefix: 'residence',
    firstName: 'Tunde',
    lastName: 'Bakare',
    legalName: 'Bakare Two States Limited',
    corporationName: 'Bakare Two States Ltd',
  });
  const month = addMonths(lagosPeriod(new Date()), -1);
  // Lagos registered with payroll consent through the API: the corporations journey walks those screens.
  const lagos = await callGateway(request, {
    method: 'POST',
    namespace: 'core',
    path: `internal/corporations/${owner.corporationId}/states/LA`,
    token: owner.token,
    body: { tax_payer_number: 'C-0012345', first_tax_month: month },
  });
  expect(lagos.code, lagos.message).toBe('OK');
  await givePayrollConsent(request, owner, 'LA');
  await fundWallet(request, owner.token, owner.organisationId, '3000000');

  // The Lagos payroll uploaded in Manage Payroll: the three who live in Ogun are named with the state owed.
  await logInToDashboard(page, owner.email);
  await page.goto(`/corporations/${owner.corporationId}/states`);
  await page.getByRole('button', { name: 'Actions for Lagos' }).click();
  await page.getByRole('menuitem', { name: 'Manage Payroll' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Payroll' });
  await manage.locator('input[type="file"]').setInputFiles(payrollWithResidents(month));
  await manage.getByRole('button', { name: 'Upload payroll' }).click();
  const atUpload = manage.getByText('3 employees resident in Ogun: PAYE due to Ogun State Internal Revenue Service');
  await expect(atUpload).toBeVisible();
  await both(page, '170-residents-at-upload', atUpload);
  await page.keyboard.press('Escape');
  await expect(manage).toBeHidden();

  // The dashboard says Ogun is owed PAYE by residence and is not registered.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  const ogunRow = page.getByTestId(`residence-${owner.corporationId}-OG`);
  await expect(ogunRow).toContainText('Ogun State Internal Revenue Service');
  await expect(ogunRow).toContainText('On the Lagos payroll (3)');
  await expect(ogunRow).toContainText('Not registered');
  await both(page, '171-paye-by-residence', ogunRow);

  // The PAYE summary from the payroll on file names them with the state owed, and the way to register Ogun.
  const payTaxes = new PayTaxes(page);
  let dialog = await payTaxes.start('PAYE');
  await payTaxes.chooseCorporationAndState(dialog, 'Bakare Two States Ltd', 'Lagos · C-0012345');
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  const residents = dialog.getByTestId('residents-elsewhere');
  await expect(residents).toContainText('Resident in Ogun: PAYE due to Ogun State Internal Revenue Service');
  await expect(residents).toContainText('Femi Ogunleye (N-4000002)');
  await both(page, '172-residents-elsewhere-unregistered', residents);
  await residents.getByRole('link', { name: 'Register Ogun and give consent' }).click();

  // Add New State opens with Ogun chosen; saved, Ogun's payroll opens for consent.
  const addState = page.getByRole('dialog', { name: 'Add New State' });
  await expect(addState.getByRole('combobox', { name: 'State' })).toHaveValue('Ogun');
  await addState.getByRole('textbox', { name: 'Tax ID' }).fill('C-0040002');
  await chooseMonth(page, addState, 'Owes PAYE here from', month);
  await addState.getByRole('button', { name: 'Proceed' }).click();
  await expect(addState.getByTestId('verified-tax-id')).toHaveText('C-0040002');
  await addState.getByRole('button', { name: 'Save' }).click();
  const ogunPayroll = page.getByRole('dialog', { name: 'Manage Payroll' });
  const requestedAt = Date.now() - 1000;
  await ogunPayroll.getByRole('button', { name: 'Proceed' }).click();
  const code = await consentCodeFromMailbox(request, owner.email, requestedAt);
  await ogunPayroll.getByRole('textbox', { name: 'Consent code digit 1 of 6' }).click();
  await page.keyboard.type(code);
  await ogunPayroll.getByRole('button', { name: 'Verify code', exact: true }).click();
  await expect(ogunPayroll.getByText('Consent given')).toBeVisible();
  await both(page, '173-ogun-consent-given', ogunPayroll.getByText('Consent given'));
  await page.keyboard.press('Escape');
  await expect(ogunPayroll).toBeHidden();

  // Back on the Lagos PAYE: one action moves the three to the Ogun payroll.
  dialog = await payTaxes.start('PAYE');
  await payTaxes.chooseCorporationAndState(dialog, 'Bakare Two States Ltd', 'Lagos · C-0012345');
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await dialog.getByRole('button', { name: 'Move to Ogun payroll' }).click();
  await expect(
    page.getByText('3 moved to the Ogun payroll: their PAYE is now billed to Ogun State Internal Revenue Service.'),
  ).toBeVisible();
  // Back on step 1: the Lagos payroll on file now holds Ngozi alone.
  await expect(dialog.getByRole('radio', { name: /^Use the payroll on file: 1 employee,/ })).toBeChecked();
  await both(page, '174-residents-moved', dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Each state's PAYE paid from its own payroll on file: Lagos for Ngozi, Ogun for the three.
  const taxOf = (employee: (typeof EMPLOYEES)[number]) => toKobo(rowOf(employee, month).tax_payable);
  const lagosTax = taxOf(EMPLOYEES[0]);
  const ogunTax = sumKobo(EMPLOYEES.slice(1).map(taxOf));
  for (const [state, label, count, amount] of [
    ['LA', 'Lagos · C-0012345', 1, lagosTax],
    ['OG', 'Ogun · C-0040002', 3, ogunTax],
  ] as const) {
    dialog = await payTaxes.start('PAYE');
    await payTaxes.chooseCorporationAndState(dialog, 'Bakare Two States Ltd', label);
    await expect(dialog.getByRole('button', { name: /Tax month/ })).toContainText(monthName(month));
    await expect(
      dialog.getByRole('radio', { name: new RegExp(`^Use the payroll on file: ${count} employees?,`) }),
    ).toBeChecked();
    await dialog.getByRole('button', { name: 'Proceed' }).click();
    await expect(dialog.getByText(formatNaira(amount)).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const drawer = page.getByRole('dialog').filter({ has: page.locator('.mantine-Drawer-title') });
    await expect(drawer.getByText('Payment paid').first()).toBeVisible({ timeout: 20_000 });
    await expect(drawer.getByText(new RegExp(`^PAYE-${state}-${month}-`)).first()).toBeVisible();
    await both(page, `175-paid-${state}`, drawer.getByText('Payment paid').first());
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  }

  // Form H1 of each state: its residents with their pay and PAYE, and totals equal to its bill.
  for (const [state, listed, notListed, total] of [
    ['OG', EMPLOYEES.slice(1), [EMPLOYEES[0]], ogunTax],
    ['LA', [EMPLOYEES[0]], EMPLOYEES.slice(1), lagosTax],
  ] as const) {
    await page.goto(`/corporations/${owner.corporationId}/annual-returns?state=${state}&year=${month.slice(0, 4)}`);
    const employees = page.getByRole('table', { name: 'Employees on the annual return' });
    for (const employee of listed) {
      const row = employees.getByRole('row').filter({ hasText: employee.name });
      await expect(row).toContainText(formatNaira(toKobo(employee.gross)));
      await expect(row).toContainText(formatNaira(taxOf(employee)));
      // No pension declared: the 8% default of basic pay, the one relief given.
      await expect(row).toContainText(`pension ${formatNaira(asKobo((toKobo(employee.gross) * 8) / 100))}`);
    }
    for (const employee of notListed) await expect(employees.getByText(employee.name)).toHaveCount(0);
    // The totals: PAYE deducted equal to PAYE paid, one bill through Levy.
    const tile = (label: string) => page.getByText(label, { exact: true }).first().locator('..');
    await expect(tile('PAYE deducted')).toContainText(formatNaira(total));
    await expect(tile('PAYE paid')).toContainText(`${formatNaira(total)}1 bill through Levy`);
    await expect(tile('Employees')).toContainText(String(listed.length));
    await both(page, `176-form-h1-${state}`, employees);
  }

  // The dashboard now shows both states owed as registered, with nobody on the wrong payroll.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId(`residence-${owner.corporationId}-OG`)).toContainText('Registered');
  await expect(page.getByTestId(`residence-${owner.corporationId}-OG`)).not.toContainText('On the Lagos payroll');
  await expect(page.getByTestId(`residence-${owner.corporationId}-LA`)).toContainText('Registered');
});

/** A month picker's month, in the month's year (the picker opens on the year of its value, this month). */
async function chooseMonth(page: Page, dialog: Locator, label: string, period: string) {
  await dialog.getByRole('button', { name: label }).click();
  if (period.slice(0, 4) < lagosPeriod(new Date()).slice(0, 4))
    await page.locator('[data-direction="previous"]').click();
  const name = new Date(`${period}-15T12:00:00Z`).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  await page.getByRole('button', { name, exact: true }).click();
  await expect(dialog.getByRole('button', { name: label })).toContainText(String(period.slice(0, 4)));
}
