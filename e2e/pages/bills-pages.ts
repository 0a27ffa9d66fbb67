import { asKobo, koboToNairaString, PAYE_TEMPLATE_HEADERS, recomputePayeRow, toKobo, type PayeRow } from '@levy/tax';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { callGateway, consentCodeFromMailbox, NEW_USER_PASSWORD } from '../support/api';
import { onboardedOwner, type OnboardedOwner } from '../support/owners';
import { LoginPage } from './auth-pages';

export interface CsvUpload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export function csvUpload(name: string, lines: string[]): CsvUpload {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) };
}

/** Last month, the form's default tax month. */
export function lastMonth(): string {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return month.toISOString().slice(0, 7);
}

/**
 * The payroll template with three employees for the month: the first two declare the engine's
 * PAYE; the third (spreadsheet row 4) declares ₦5,000.00 less.
 */
/** An employee's row of the template, all pay basic salary, declaring the law's PAYE for `period`. */
export function basicPayRow(
  employee: { tin: string; name: string; gross: string; designation?: string },
  period: string,
): PayeRow {
  const record = Object.fromEntries(PAYE_TEMPLATE_HEADERS.map((header) => [header, '0'])) as PayeRow;
  Object.assign(record, {
    tax_payer_number: employee.tin,
    name: employee.name,
    nationality: 'Nigerian',
    designation: employee.designation ?? 'Officer',
    gross_income: employee.gross,
    basic_salary: employee.gross,
  });
  record.tax_payable = koboToNairaString(asKobo(recomputePayeRow(record, period).expectedMonthlyTax));
  return record;
}

export function payrollWithOneWrongRow(period: string) {
  const employees = [
    { tin: 'N-1234567', name: 'Adaeze Okafor', designation: 'Finance Manager', gross: '500000.00' },
    { tin: 'N-7654321', name: 'Musa Ibrahim', designation: 'Accounts Officer', gross: '250000.00' },
    { tin: 'N-2468135', name: 'Funke Adeyemi', designation: 'HR Officer', gross: '320000.00' },
  ];
  const records = employees.map((employee) => basicPayRow(employee, period));
  // The third declares ₦5,000.00 less than the law's PAYE.
  const declared = records.map((record, index) => {
    const expected = toKobo(record.tax_payable);
    return asKobo(index === 2 ? expected - 500_000 : expected);
  });
  records.forEach((record, index) => (record.tax_payable = koboToNairaString(declared[index])));
  return {
    file: csvUpload('october-payroll.csv', [
      PAYE_TEMPLATE_HEADERS.join(','),
      ...records.map((record) => PAYE_TEMPLATE_HEADERS.map((header) => record[header]).join(',')),
    ]),
    amountDue: declared.reduce((sum, tax) => sum + tax, 0),
  };
}

/** A new owner (Kemi Balogun) whose corporation, Balogun Foods Ltd, is registered in Lagos under `taxId`. */
export async function ownerInLagos(
  request: APIRequestContext,
  prefix: string,
  taxId = 'C-0012345',
): Promise<OnboardedOwner> {
  const owner = await onboardedOwner(request, {
    prefix,
    firstName: 'Kemi',
    lastName: 'Balogun',
    legalName: 'Balogun Foods Limited',
    corporationName: 'Balogun Foods Ltd',
  });
  await registerState(request, owner.token, owner.corporationId, 'LA', taxId);
  await registerPayroll(request, owner, 'LA', payrollWithOneWrongRow(lastMonth()).file);
  return owner;
}

/**
 * Payroll consent (the code from the development mailbox) and `payroll` as the registration's
 * payroll on file, through the API: what a state needs before PAYE can be billed there.
 */
export async function registerPayroll(
  request: APIRequestContext,
  owner: Pick<OnboardedOwner, 'email' | 'token' | 'corporationId'>,
  stateCode: string,
  payroll: CsvUpload,
): Promise<void> {
  await givePayrollConsent(request, owner, stateCode);
  const uploaded = await request.post(
    `/service/v1/internal/corporations/${owner.corporationId}/states/${stateCode}/payrolls/file`,
    { headers: { 'Api-Token': owner.token }, multipart: { namespace: 'core', file: payroll } },
  );
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
}

/** Payroll consent for a registered state, with the code from the development mailbox, through the API. */
export async function givePayrollConsent(
  request: APIRequestContext,
  owner: Pick<OnboardedOwner, 'email' | 'token' | 'corporationId'>,
  stateCode: string,
): Promise<void> {
  const since = Date.now() - 1000;
  const path = `internal/corporations/${owner.corporationId}/states/${stateCode}`;
  const consent = await callGateway<{ token: string }>(request, {
    method: 'POST',
    namespace: 'core',
    path: `${path}/consent`,
    token: owner.token,
  });
  expect(consent.code, consent.message).toBe('OK');
  const pin = await consentCodeFromMailbox(request, owner.email, since);
  const verified = await callGateway(request, {
    method: 'POST',
    namespace: 'core',
    path: `${path}/consent/verify`,
    token: owner.token,
    body: { pin, token: consent.data.token },
  });
  expect(verified.code, verified.message).toBe('OK');
}

/** Signs in with the journeys' password and lands on the dashboard. */
export async function logInToDashboard(page: Page, email: string): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(email, NEW_USER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Registers a corporation in a state through the API (the sandbox agency knows any well-formed Tax ID). */
export async function registerState(
  request: APIRequestContext,
  token: string,
  corporationId: string,
  stateCode: string,
  taxId: string,
): Promise<void> {
  const added = await callGateway(request, {
    method: 'POST',
    namespace: 'core',
    path: `internal/corporations/${corporationId}/states/${stateCode}`,
    token,
    body: { tax_payer_number: taxId },
  });
  expect(added.code, added.message).toBe('OK');
}

/** Funds the organisation wallet with a simulated bank transfer through the sandbox call. */
export async function fundWallet(
  request: APIRequestContext,
  token: string,
  organisationId: string,
  amount: string,
): Promise<void> {
  const wallets = await callGateway<{ wallets: Array<{ id: string }> }>(request, {
    method: 'GET',
    namespace: 'core',
    path: `internal/organisations/${organisationId}/wallets`,
    token,
  });
  expect(wallets.code).toBe('OK');
  const funded = await callGateway(request, {
    method: 'POST',
    namespace: 'core',
    path: `internal/sandbox/wallets/${wallets.data.wallets[0].id}/fund`,
    token,
    body: { amount },
  });
  expect(funded.code, funded.message).toBe('OK');
}

/** Chooses a Mantine Select option inside a dialog; `option` may be a pattern (WHT types carry their rate). */
async function choose(scope: Locator, page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Pay Taxes in the top bar, its type chooser and the two bill dialogs. */
export class PayTaxes {
  readonly button: Locator;

  constructor(private readonly page: Page) {
    this.button = page.getByRole('banner').getByRole('button', { name: 'Pay Taxes' });
  }

  async start(type: 'PAYE' | 'Withholding Tax'): Promise<Locator> {
    await this.button.click();
    const chooser = this.page.getByRole('dialog', { name: 'Pay Taxes' });
    await chooser.getByRole('button', { name: type }).click();
    return this.page.getByRole('dialog', { name: type === 'PAYE' ? /PAYE Generate Bill/ : 'Withholding Tax' });
  }

  async chooseCorporationAndState(
    dialog: Locator,
    corporation: string,
    state: string | RegExp,
    stateLabel: string | RegExp = /^State/,
  ): Promise<void> {
    await choose(dialog, this.page, /^Corporation/, corporation);
    await choose(dialog, this.page, stateLabel, state);
  }

  async chooseWhtType(dialog: Locator, name: string): Promise<void> {
    await choose(dialog, this.page, /^WHT type/, new RegExp(`^${name} \\(`));
  }

  /** WHT steps 1–3 for one landlord, Chinedu Okeke (N-7654321), rent, with ₦45,000 tax given by hand. */
  async landlordByHand(dialog: Locator): Promise<void> {
    await dialog.getByRole('textbox', { name: /Beneficiary Tax ID/ }).fill('N-7654321');
    await dialog.getByRole('textbox', { name: /Beneficiary name/ }).fill('Chinedu Okeke');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Manual', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await this.chooseWhtType(dialog, 'Rent');
    await dialog.getByRole('textbox', { name: /Tax payable/ }).fill('45000');
  }

  /** Attaches a file; on the PAYE form, in place of the payroll on file. */
  async attach(dialog: Locator, file: CsvUpload): Promise<void> {
    const instead = dialog.getByRole('radio', { name: 'Upload a payroll file for this month' });
    const input = dialog.locator('input[type="file"]');
    await instead.or(input).first().waitFor({ state: 'attached' });
    if (await instead.count()) await instead.check();
    await input.setInputFiles(file);
  }
}

/** The bills list and a bill's drawer. */
export class BillsList {
  constructor(private readonly page: Page) {}

  drawer(reference: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name: reference });
  }

  /** The reference of the bill whose drawer is open. */
  async openDrawerReference(): Promise<string> {
    const heading = this.page.getByRole('dialog').locator('.mantine-Drawer-title');
    await expect(heading).toHaveText(/^(PAYE|WHT)-([A-Z]{2}|NRS)-\d{4}-\d{2}-\d{6}$/);
    return (await heading.textContent())!;
  }
}
