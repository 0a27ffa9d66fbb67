import { addMonths, asKobo, koboToNairaString, lagosPeriod, PAYE_TEMPLATE_HEADERS, recomputePayeRow } from '@levy/tax';
import type { PayeRow } from '@levy/tax';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { callGateway } from '../support/api';
import { expect, test } from '../support/fixtures';
import { onboardedOwner, type OnboardedOwner } from '../support/owners';
import { snap } from '../support/screenshots';
import {
  csvUpload,
  fundWallet,
  givePayrollConsent,
  logInToDashboard,
  PayTaxes,
  registerPayroll,
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

/** The template's 18 columns (docs/product.md), then `state_of_residence`; each declared tax as the law says for `period`. */
function payrollWithResidents(period: string) {
  const lines = EMPLOYEES.map((employee) => {
    const record = Object.fromEntries(PAYE_TEMPLATE_HEADERS.map((header) => [header, '0'])) as PayeRow;
    Object.assign(record, {
      tax_payer_number: employee.tin,
      name: employee.name,
      nationality: 'Nigerian',
      designation: 'Officer',
      gross_income: employee.gross,
      basic_salary: employee.gross,
    });
    record.tax_payable = koboToNairaString(asKobo(recomputePayeRow(record, period).expectedMonthlyTax));
    return [...PAYE_TEMPLATE_HEADERS.map((header) => record[header]), employee.residence].join(',');
  });
  return csvUpload('lagos-payroll.csv', [[...PAYE_TEMPLATE_HEADERS, 'state_of_residence'].join(','), ...lines]);
}

/** Ogun registered under its own Tax ID, with payroll consent (the code from the development mailbox). */
async function registerOgunWithConsent(request: APIRequestContext, owner: OnboardedOwner, firstTaxMonth: string) {
  const path = `internal/corporations/${owner.corporationId}/states/OG`;
  const added = await callGateway(request, {
    method: 'POST',
    namespace: 'core',
    path,
    token: owner.token,
    body: { tax_payer_number: 'C-0040002', first_tax_month: firstTaxMonth },
  });
  expect(added.code, added.message).toBe('OK');
  await givePayrollConsent(request, owner, 'OG');
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

test('employees living in Ogun on a Lagos payroll are shown, moved to the Ogun payroll, and each state is paid for its residents', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await onboardedOwner(request, {
    prefix: 'residence',
    firstName: 'Tunde',
    lastName: 'Bakare',
    legalName: 'Bakare Two States Limited',
    corporationName: 'Bakare Two States Ltd',
  });
  const month = addMonths(lagosPeriod(new Date()), -1);
  const lagos = await callGateway(request, {
    method: 'POST',
    namespace: 'core',
    path: `internal/corporations/${owner.corporationId}/states/LA`,
    token: owner.token,
    body: { tax_payer_number: 'C-0012345', first_tax_month: month },
  });
  expect(lagos.code, lagos.message).toBe('OK');
  await registerPayroll(request, owner, 'LA', payrollWithResidents(month));
  await fundWallet(request, owner.token, owner.organisationId, '3000000');

  // The dashboard says Ogun is owed PAYE by residence and is not registered.
  await logInToDashboard(page, owner.email);
  const ogunRow = page.getByTestId(`residence-${owner.corporationId}-OG`);
  await expect(ogunRow).toContainText('Ogun');
  await expect(ogunRow).toContainText('3');
  await both(page, '170-paye-by-residence', ogunRow);

  // The PAYE summary from the payroll on file names them with the state owed; Ogun must be registered first.
  const payTaxes = new PayTaxes(page);
  let dialog = await payTaxes.start('PAYE');
  await payTaxes.chooseCorporationAndState(dialog, 'Bakare Two States Ltd', 'Lagos · C-0012345');
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  const residents = dialog.getByTestId('residents-elsewhere');
  await expect(residents).toContainText('Resident in Ogun: PAYE due to Ogun State Internal Revenue Service');
  await expect(residents).toContainText('Femi Ogunleye (N-4000002)');
  await expect(residents.getByTestId('move-OG-unregistered')).toContainText('Register Ogun and give consent');
  await both(page, '171-residents-elsewhere-unregistered', residents);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Ogun registered with consent: one action moves the three to the Ogun payroll.
  await registerOgunWithConsent(request, owner, month);
  // Registered outside this page (through the API): the page reads the corporation's states afresh.
  await page.reload();
  dialog = await payTaxes.start('PAYE');
  await payTaxes.chooseCorporationAndState(dialog, 'Bakare Two States Ltd', 'Lagos · C-0012345');
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await dialog.getByRole('button', { name: 'Move to Ogun payroll' }).click();
  const moved = page.getByText(
    '3 moved to the Ogun payroll: their PAYE is now billed to Ogun State Internal Revenue Service.',
  );
  await expect(moved).toBeVisible();
  // The toast closes by itself: the dialog, now without residents elsewhere, is what stays on screen.
  await expect(dialog.getByTestId('residents-elsewhere')).toBeHidden();
  await both(page, '172-residents-moved', dialog);
  await page.keyboard.press('Escape');

  // Each state's PAYE from its own payroll on file: Lagos for Ngozi, Ogun for the three.
  for (const [state, count] of [
    ['LA', 1],
    ['OG', 3],
  ] as const) {
    const paid = await request.post(
      `/service/v1/internal/corporations/${owner.corporationId}/states/${state}/paye/bills`,
      {
        headers: { 'Api-Token': owner.token, 'Idempotency-Key': crypto.randomUUID() },
        multipart: { namespace: 'core', start_date: month, source: 'payroll' },
      },
    );
    const body = (await paid.json()) as { code: string; message: string; data: { recipient_count: number } };
    expect(body.code, body.message).toBe('OK');
    expect(body.data.recipient_count).toBe(count);
  }
  await page.goto('/bills');
  await expect(page.getByText(new RegExp(`^PAYE-OG-${month}-`)).first()).toBeVisible();
  await expect(page.getByText(new RegExp(`^PAYE-LA-${month}-`)).first()).toBeVisible();
  await both(page, '173-both-states-paid', page.getByText(new RegExp(`^PAYE-OG-${month}-`)).first());

  // Form H1 of each state lists the employees it was paid for: Ngozi for Lagos, the three for Ogun.
  for (const [state, listed, notListed] of [
    ['OG', ['Femi Ogunleye', 'Sade Adewale', 'Tayo Bankole'], ['Ngozi Eze']],
    ['LA', ['Ngozi Eze'], ['Femi Ogunleye', 'Sade Adewale', 'Tayo Bankole']],
  ] as const) {
    await page.goto(`/corporations/${owner.corporationId}/annual-returns?state=${state}&year=${month.slice(0, 4)}`);
    const employees = page.getByRole('table', { name: 'Employees on the annual return' });
    for (const name of listed) await expect(employees.getByText(name)).toBeVisible();
    for (const name of notListed) await expect(employees.getByText(name)).toHaveCount(0);
    await both(page, `174-form-h1-${state}`, employees);
  }
});
