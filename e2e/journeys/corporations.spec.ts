import { PAYE_TEMPLATE_HEADERS } from '@levy/tax';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { callGateway, consentCodeFromMailbox, DEMO } from '../support/api';
import { expectNotClipped } from '../support/layout';
import { snap } from '../support/screenshots';
import { AppShell } from '../pages/app-shell';
import { chooseOption, LoginPage } from '../pages/auth-pages';

const PAYROLL_HEADER = PAYE_TEMPLATE_HEADERS.join(',');

/** The payroll template filled with three employees. */
const EMPLOYEES = [
  { tin: 'N-1234567', name: 'Adaeze Okafor', designation: 'Finance Manager', gross: '500000.00', tax: '66380.00' },
  { tin: 'N-7654321', name: 'Musa Ibrahim', designation: 'Accounts Officer', gross: '250000.00', tax: '24950.00' },
  { tin: 'N-2468135', name: 'Funke Adeyemi', designation: 'HR Officer', gross: '320000.00', tax: '33120.00' },
];

function payrollCsv(): Buffer {
  const rows = EMPLOYEES.map(
    (e) => `${e.tin},${e.name},Nigerian,${e.designation},${e.gross},${e.tax},${e.gross},0,0,0,0,0,0,0,0,0,0,0`,
  );
  return Buffer.from(`${PAYROLL_HEADER}\n${rows.join('\n')}\n`);
}

/** The corporation page's states tab and its dialogs. */
class CorporationStates {
  readonly table: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Registered states' });
  }

  row(stateName: string): Locator {
    return this.table.getByRole('row').filter({ hasText: stateName });
  }

  async openAction(stateName: string, action: string): Promise<void> {
    await this.page.getByRole('button', { name: `Actions for ${stateName}` }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
    // The menu's closing transition is over before anything is checked on the page.
    await expect(this.page.getByRole('menu')).toHaveCount(0);
  }

  /** Step 1 of Add New State / Update {state} Id: the Tax ID, then Proceed. */
  async enterTaxId(dialog: Locator, taxId: string): Promise<void> {
    await dialog.getByRole('textbox', { name: 'Tax ID' }).fill(taxId);
    await dialog.getByRole('button', { name: 'Proceed' }).click();
  }
}

async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem('tx-store') ?? '{}') as { state?: { token?: string } }).state?.token ?? null,
  );
  expect(token).toBeTruthy();
  return token!;
}

test('add a corporation, register Lagos with a verified Tax ID, change it, give payroll consent, upload three employees, remove the state', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const corporationName = `Adire Textiles ${Date.now().toString(36).toUpperCase()} Limited`;
  const shell = new AppShell(page);

  await new LoginPage(page).open();
  await new LoginPage(page).logIn(DEMO.email, DEMO.password);
  await shell.expectHello(DEMO.firstName);

  // Corporations: add one.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Corporations' }).click();
  await expect(page).toHaveURL(/\/corporations$/);
  await expect(shell.topBarTitle).toHaveText('Corporations');
  await expect(page.getByRole('heading', { name: 'Corporations', level: 1 })).toBeVisible();
  await snap(page, '20-corporations');
  await page.getByRole('button', { name: 'Add New Corporation' }).click();
  const addCorporation = page.getByRole('dialog', { name: 'Add New Corporation' });
  await addCorporation.getByRole('button', { name: 'Add corporation' }).click();
  await expect(addCorporation.getByText('Name is required')).toBeVisible();
  await addCorporation.getByRole('textbox', { name: 'Name' }).fill(corporationName);
  await snap(page, '21-add-corporation-dialog');
  await addCorporation.getByRole('button', { name: 'Add corporation' }).click();
  await shell.expectToast('Corporation added successfully');

  // The new corporation opens on its states tab.
  await expect(page).toHaveURL(/\/corporations\/[0-9a-f-]{36}\/states$/);
  await expect(page.getByRole('heading', { name: corporationName, level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'States' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No data')).toBeVisible();
  await snap(page, '22-corporation-no-states');

  // Add New State: Lagos. An ID the agency does not know is refused at the field.
  const states = new CorporationStates(page);
  await page.getByRole('button', { name: 'Add New State' }).click();
  const addState = page.getByRole('dialog', { name: 'Add New State' });
  await chooseOption(page, 'State', 'Lagos');
  await states.enterTaxId(addState, 'X-12');
  await expect(addState.getByText('Provide a valid Tax ID')).toBeVisible();
  await states.enterTaxId(addState, 'C-0000000404');
  await expect(
    addState.getByText('Lagos State Internal Revenue Service has no taxpayer with the Tax ID C-0000000404.'),
  ).toBeVisible();
  await snap(page, '23-add-state-not-found');

  // A Tax ID the revenue service holds for another company: said in words, and Save waits for a confirmation.
  await states.enterTaxId(addState, 'C-0000000409');
  await expect(addState.getByTestId('taxpayer-name-differs')).toContainText(`not ${corporationName}`);
  await expect(addState.getByRole('button', { name: 'Save' })).toBeDisabled();
  await snap(page, '24-add-state-other-taxpayer');
  await addState.getByRole('button', { name: 'Back' }).click();

  // The sandbox holds any other Tax ID for the corporation registering it.
  const firstId = 'C-0012345';
  const expected = { data: { name: corporationName } };
  await states.enterTaxId(addState, firstId.toLowerCase());
  await expect(addState.getByTestId('verified-taxpayer-name')).toHaveText(expected.data.name);
  await expect(addState.getByTestId('verified-tax-id')).toHaveText(firstId);
  await snap(page, '24-add-state-verified');
  await addState.getByRole('button', { name: 'Save' }).click();
  await shell.expectToast('State added successfully');
  await expect(addState).toBeHidden();
  await expect(states.row('Lagos')).toContainText(firstId);
  await expect(states.row('Lagos')).toContainText(expected.data.name);
  // Nobody has asked the revenue service for payroll consent yet: nothing is pending, said in full.
  await expect(states.row('Lagos')).toContainText('Not requested');
  await expectNotClipped(states.row('Lagos').getByText('Not requested', { exact: true }));
  await snap(page, '25-corporation-with-lagos');

  // Update Lagos Id: the new ID is verified, the old registration replaced.
  const secondId = 'C-0054321';
  await states.openAction('Lagos', 'Update Lagos Id');
  const update = page.getByRole('dialog', { name: 'Update Lagos Id' });
  await states.enterTaxId(update, firstId);
  await expect(update.getByText(`${firstId} is already the Tax ID registered in Lagos`)).toBeVisible();
  await states.enterTaxId(update, secondId);
  await expect(update.getByTestId('verified-tax-id')).toHaveText(secondId);
  await expect(update.getByText(`Saving replaces ${firstId} with ${secondId} in Lagos.`)).toBeVisible();
  await snap(page, '26-update-state-id');
  await update.getByRole('button', { name: 'Save' }).click();
  await shell.expectToast('State ID updated successfully');
  await expect(update).toBeHidden();
  await expect(states.row('Lagos')).toContainText(secondId);

  // Manage Payroll: consent, the code from the development mailbox, then the upload view.
  await states.openAction('Lagos', 'Manage Payroll');
  const payroll = page.getByRole('dialog', { name: 'Manage Payroll' });
  await expect(payroll.getByRole('button', { name: 'Decline' })).toBeVisible();
  await snap(page, '27-payroll-consent');
  const requestedAt = Date.now() - 1000;
  await payroll.getByRole('button', { name: 'Proceed' }).click();
  await expect(payroll.getByTestId('consent-email')).toHaveText(/^d\*+o@levy\.ng$/);
  await expect(states.row('Lagos')).toContainText('Pending');
  const code = await consentCodeFromMailbox(request, DEMO.email, requestedAt);
  await snap(page, '28-payroll-consent-code');
  await payroll.getByRole('textbox', { name: 'Consent code digit 1 of 6' }).click();
  await page.keyboard.type(code);
  await payroll.getByRole('button', { name: 'Verify code', exact: true }).click();

  // Upload the template with three employees: the preview comes first, then the list.
  await expect(payroll.getByText('Consent given')).toBeVisible();
  await expect(payroll.getByText('No data')).toBeVisible();
  await payroll.getByRole('button', { name: 'Upload payroll' }).click();
  await expect(payroll.getByText('No new file selected')).toBeVisible();
  const wrongHeaders = Buffer.from(
    `${PAYROLL_HEADER.replace('gross_income', 'gross_pay')}\n` +
      `${EMPLOYEES.map((e) => `${e.tin},${e.name},Nigerian,${e.designation},${e.gross},${e.tax},0,0,0,0,0,0,0,0,0,0,0,0`).join('\n')}\n`,
  );
  await payroll
    .locator('input[type="file"]')
    .setInputFiles({ name: 'payroll-wrong-headers.csv', mimeType: 'text/csv', buffer: wrongHeaders });
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid File' })).toContainText(
    'Please ensure your file headers matches the template format provided.',
  );
  await expect(
    payroll.getByText("Row 1, gross_income: Expected header 'gross_income', found 'gross_pay'"),
  ).toBeVisible();
  await snap(page, '29-payroll-invalid-file');
  await payroll
    .locator('input[type="file"]')
    .setInputFiles({ name: 'payroll-october-2026.csv', mimeType: 'text/csv', buffer: payrollCsv() });
  await expect(payroll.getByTestId('payroll-preview-summary')).toHaveText(
    '3 employees · total tax payable ₦124,450.00',
  );
  await expect(payroll.getByRole('table', { name: 'Payroll preview' }).getByRole('row')).toHaveCount(4);
  await snap(page, '29-payroll-preview');
  await expect(payroll.getByText('Row 1, gross_income', { exact: false })).toBeHidden();
  await payroll.getByRole('button', { name: 'Upload payroll' }).click();
  await shell.expectToast('Payroll updated successfully.');
  const employees = payroll.getByRole('table', { name: 'Employees' });
  for (const employee of EMPLOYEES)
    await expect(employees.getByRole('row').filter({ hasText: employee.name })).toContainText(employee.tin);
  await expect(employees.getByRole('row').filter({ hasText: 'Adaeze Okafor' })).toContainText('₦66,380.00');
  await expect(payroll.getByTestId('pagination-range')).toHaveText('1 - 3 of 3');
  await payroll.getByRole('textbox', { name: 'Search employees' }).fill('Musa');
  await expect(payroll.getByTestId('pagination-range')).toHaveText('1 - 1 of 1');
  await snap(page, '30-payroll-employees');

  // November's payroll, with the optional columns: Funke left, Emeka joined, Adaeze's pay rose,
  // and Musa and Emeka live in Ogun, where their PAYE is owed.
  await payroll.getByRole('textbox', { name: 'Search employees' }).fill('');
  const november = [
    `${PAYROLL_HEADER},state_of_residence,pension`,
    'N-1234567,Adaeze Okafor,Nigerian,Finance Manager,560000.00,75236.00,560000.00,0,0,0,0,0,0,0,0,0,0,0,LA,44800',
    'N-7654321,Musa Ibrahim,Nigerian,Accounts Officer,250000.00,24500.00,250000.00,0,0,0,0,0,0,0,0,0,0,0,Ogun,',
    'N-1357924,Emeka Obi,Nigerian,Driver,90000.00,2780.00,60000.00,0,0,0,0,0,0,0,0,0,0,0,OG,',
  ].join('\n');
  await payroll
    .locator('input[type="file"]')
    .setInputFiles({ name: 'payroll-november-2026.csv', mimeType: 'text/csv', buffer: Buffer.from(november) });
  await expect(
    payroll.getByText(
      'Emeka Obi (N-1357924): gross income ₦90,000.00 is not the sum of its pay components, ₦60,000.00',
    ),
  ).toBeVisible();
  await payroll.getByRole('button', { name: 'Upload payroll' }).click();
  await shell.expectToast('Payroll updated successfully.');
  await expect(
    payroll.getByText('2 employees resident in Ogun: PAYE due to Ogun State Internal Revenue Service'),
  ).toBeVisible();
  await expect(payroll.getByText(/1 employee joined, 1 left, 2 with changed pay or tax$/)).toBeVisible();
  await expect(
    payroll.getByText(
      'Changed: Adaeze Okafor (N-1234567), gross ₦500,000.00 → ₦560,000.00, tax ₦66,380.00 → ₦75,236.00',
    ),
  ).toBeVisible();
  await snap(page, '30-payroll-november-review');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    payroll.getByText('2 employees resident in Ogun: PAYE due to Ogun State Internal Revenue Service'),
  ).toBeVisible();
  await snap(page, '30-payroll-november-review-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('Escape');
  await expect(payroll).toBeHidden();
  await expect(states.row('Lagos')).toContainText('Approved');
  await expect(states.row('Lagos')).toContainText('3');

  // Remove Lagos: the warning first, then what was removed.
  await states.openAction('Lagos', 'Remove Lagos');
  const remove = page.getByRole('dialog', { name: 'Remove Lagos' });
  await expect(remove.getByText("This permanently deletes the state's data")).toBeVisible();
  await snap(page, '31-remove-state');
  await remove.getByRole('button', { name: 'Remove Lagos' }).click();
  await shell.expectToast('State removed successfully');
  await expect(
    remove.getByText(`Deleted the Tax ID ${secondId}, the payroll consent, 3 employees and 2 payroll files.`),
  ).toBeVisible();
  await snap(page, '32-state-removed');
  await remove.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByText('No data')).toBeVisible();

  // Back on the list, the corporation is found by search.
  await page.getByRole('link', { name: 'Corporations' }).first().click();
  await page.getByRole('textbox', { name: 'Search corporations' }).fill(corporationName);
  await expect(
    page.getByRole('table', { name: 'Corporations' }).getByRole('row').filter({ hasText: corporationName }),
  ).toContainText('0');
  await snap(page, '33-corporations-list');
});

test('when the revenue service does not answer, Add New State says so and saves nothing', async ({ page, request }) => {
  test.setTimeout(90_000);
  const shell = new AppShell(page);
  await new LoginPage(page).open();
  await new LoginPage(page).logIn(DEMO.email, DEMO.password);
  await shell.expectHello(DEMO.firstName);
  const token = await sessionToken(page);
  const created = await callGateway<{ id: string }>(request, {
    method: 'POST',
    namespace: 'core',
    path: 'internal/corporations',
    body: { name: `Kano Grains ${Date.now().toString(36)} Limited` },
    token,
  });
  expect(created.code).toBe('OK');

  await page.goto(`/corporations/${created.data.id}`);
  await expect(page).toHaveURL(new RegExp(`/corporations/${created.data.id}/states$`));
  await page.getByRole('button', { name: 'Add New State' }).click();
  const addState = page.getByRole('dialog', { name: 'Add New State' });
  await chooseOption(page, 'State', 'Lagos');
  await new CorporationStates(page).enterTaxId(addState, 'C-0000000503');
  await expect(addState.getByRole('button', { name: 'Proceed' })).toHaveAttribute('data-loading', 'true');
  await expect(addState.getByText('The revenue service did not answer')).toBeVisible({ timeout: 30_000 });
  await expect(
    addState.getByText(
      'Lagos State Internal Revenue Service did not answer in time. Nothing was saved; please try again later.',
    ),
  ).toBeVisible();
  await snap(page, '34-add-state-agency-timeout');
  await addState.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('No data')).toBeVisible();
  const registrations = await callGateway<unknown[]>(request, {
    method: 'GET',
    namespace: 'core',
    path: `internal/corporations/${created.data.id}/states`,
    token,
  });
  expect(registrations.data).toEqual([]);
});
