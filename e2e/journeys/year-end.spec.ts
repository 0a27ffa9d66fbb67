import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { addMonths, lagosPeriod } from '@levy/tax';
import type { APIRequestContext, Page } from '@playwright/test';
import { callGateway } from '../support/api';
import { expect, test } from '../support/fixtures';
import { onboardedOwner, type OnboardedOwner } from '../support/owners';
import { renderFirstPageToPng } from '../support/pdf-preview';
import { snap } from '../support/screenshots';
import { fundWallet, logInToDashboard, payrollWithOneWrongRow, registerPayroll } from '../pages/bills-pages';

// Year end: a corporation that paid 2025's PAYE through Levy, January to November,
// previews its annual return (Form H1) with the missing December and the understated row named,
// exports it, submits it to the revenue service, and downloads an employee's tax card and all of them.

/** A paid PAYE bill for a past month, through the API, as the year's earlier sessions would have. */
async function payPayeByApi(request: APIRequestContext, owner: OnboardedOwner, month: string) {
  const response = await request.post(`/service/v1/internal/corporations/${owner.corporationId}/states/LA/paye/bills`, {
    headers: { 'Api-Token': owner.token, 'Idempotency-Key': randomUUID() },
    multipart: { namespace: 'core', start_date: month, recipients: payrollWithOneWrongRow(month).file },
  });
  const envelope = (await response.json()) as { code: string; message: string };
  expect(envelope.code, envelope.message).toBe('OK');
}

async function save(page: Page, click: () => Promise<void>, path: string): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await click();
  await (await download).saveAs(path);
  return fs.readFileSync(path);
}

test('preview, export and submit the 2025 annual return, then download a tax card and all of them', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await onboardedOwner(request, {
    prefix: 'year-end',
    firstName: 'Ifeoma',
    lastName: 'Nwosu',
    legalName: 'Savannah Looms Limited',
    corporationName: 'Savannah Looms Ltd',
  });
  const added = await callGateway(request, {
    method: 'POST',
    namespace: 'core',
    path: `internal/corporations/${owner.corporationId}/states/LA`,
    token: owner.token,
    body: { tax_payer_number: 'C-0012345', first_tax_month: '2025-01' },
  });
  expect(added.code, added.message).toBe('OK');
  await registerPayroll(request, owner, 'LA', payrollWithOneWrongRow('2025-01').file);
  await fundWallet(request, owner.token, owner.organisationId, '5000000');
  for (let month = '2025-01'; month <= '2025-11'; month = addMonths(month, 1))
    await payPayeByApi(request, owner, month);

  await logInToDashboard(page, owner.email);
  await page.goto(`/corporations/${owner.corporationId}/annual-returns?state=LA&year=2025`);
  await expect(page.getByRole('tab', { name: 'Annual returns' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Annual return (Form H1) for 2025')).toBeVisible();
  await expect(page.getByText('Not filed', { exact: true })).toBeVisible();
  await expect(page.getByText(/^December 2025: no paid PAYE bill/)).toBeVisible();
  await expect(
    page.getByText(/^Funke Adeyemi \(N-2468135\): PAYE deducted in January to November 2025 was/),
  ).toBeVisible();
  await expect(page.getByText('Overdue: the late-filing penalty is growing')).toBeVisible();
  const employees = page.getByRole('table', { name: 'Employees on the annual return' });
  await expect(employees.getByRole('row')).toHaveCount(4);
  await snap(page, 'year-end-01-preview');

  const returnPdf = await save(
    page,
    () => page.getByRole('button', { name: 'Export PDF' }).click(),
    'e2e/screenshots/year-end-02-return.pdf',
  );
  expect(returnPdf.subarray(0, 5).toString()).toBe('%PDF-');
  await renderFirstPageToPng(
    browser,
    'e2e/screenshots/year-end-02-return.pdf',
    'e2e/screenshots/year-end-02-return-page-1.png',
  );
  const csv = await save(
    page,
    () => page.getByRole('button', { name: 'Export CSV' }).click(),
    'e2e/screenshots/year-end-03-return.csv',
  );
  expect(csv.toString('utf8')).toContain('Adaeze Okafor');

  await page.getByRole('button', { name: 'Submit to Lagos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit the 2025 annual return' });
  await expect(dialog.getByText(/Once submitted, the return is filed and read-only/)).toBeVisible();
  await snap(page, 'year-end-04-confirm');
  await dialog.getByRole('button', { name: 'Submit the 2025 return' }).click();
  await expect(page.getByText(/^Filed: reference LA-H1-2025-V1-/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Versions filed' })).toContainText('First filing');
  await expect(page.getByRole('button', { name: 'Amend' })).toBeVisible();
  await snap(page, 'year-end-05-filed');

  const card = await save(
    page,
    () => employees.getByRole('button', { name: 'Tax card for Adaeze Okafor' }).click(),
    'e2e/screenshots/year-end-06-tax-card.pdf',
  );
  expect(card.subarray(0, 5).toString()).toBe('%PDF-');
  await renderFirstPageToPng(
    browser,
    'e2e/screenshots/year-end-06-tax-card.pdf',
    'e2e/screenshots/year-end-06-tax-card-page-1.png',
  );
  const zip = await save(
    page,
    () => page.getByRole('button', { name: 'Download all tax cards (ZIP)' }).click(),
    'e2e/screenshots/year-end-07-tax-cards.zip',
  );
  expect(zip.subarray(0, 2).toString()).toBe('PK');

  // On a phone the return reads top to bottom with no sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText(/^Filed: reference LA-H1-2025-V1-/)).toBeVisible();
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.content).toBeLessThanOrEqual(widths.viewport);
  await snap(page, 'year-end-08-phone');
});

// A corporation that joins Levy late records the months it paid on the state's portal before:
// the dialog says Levy does not pay them, and the annual return counts them as paid outside Levy.
test('record a PAYE month paid before Levy from the state menu, and see it in the annual return', async ({
  page,
  request,
}) => {
  const owner = await onboardedOwner(request, {
    prefix: 'prior-paye',
    firstName: 'Kunle',
    lastName: 'Ajayi',
    legalName: 'Ife Ceramics Limited',
    corporationName: 'Ife Ceramics Ltd',
  });
  const added = await callGateway(request, {
    method: 'POST',
    namespace: 'core',
    path: `internal/corporations/${owner.corporationId}/states/LA`,
    token: owner.token,
    body: { tax_payer_number: 'C-0076543', first_tax_month: '2026-01' },
  });
  expect(added.code, added.message).toBe('OK');

  await logInToDashboard(page, owner.email);
  await page.goto(`/corporations/${owner.corporationId}`);
  await page.getByRole('button', { name: 'Actions for Lagos' }).click();
  await page.getByRole('menuitem', { name: 'Months paid before Levy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Months paid before Levy in Lagos' });
  await expect(dialog.getByText(/Levy only records these months: it does not pay them again/)).toBeVisible();

  // This month, paid on its 1st: in the past or today whatever day the journey runs.
  const thisMonth = lagosPeriod(new Date());
  const monthName = new Date(`${thisMonth}-15T12:00:00Z`).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  await dialog.getByRole('button', { name: 'Tax month' }).click();
  await dialog.getByRole('button', { name: monthName.slice(0, 3), exact: true }).click();
  await dialog.getByRole('textbox', { name: 'PAYE paid' }).fill('84250.75');
  await dialog.getByRole('textbox', { name: 'Agency reference' }).fill('LIRS-PRIOR-7781');
  await dialog.getByRole('button', { name: 'Paid on' }).click();
  await dialog.getByRole('button', { name: `1 ${monthName} ${thisMonth.slice(0, 4)}`, exact: true }).click();
  await snap(page, 'prior-paye-01-form');
  await dialog.getByRole('button', { name: 'Record month' }).click();
  const recorded = dialog.getByRole('table', { name: 'Months paid before Levy' });
  await expect(recorded.getByRole('row').filter({ hasText: 'LIRS-PRIOR-7781' })).toContainText('Total only');
  await snap(page, 'prior-paye-02-recorded');

  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'prior-paye-03-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`/corporations/${owner.corporationId}/annual-returns?state=LA&year=2026`);
  const paidOutside = page.getByRole('alert', { name: 'Paid outside Levy' });
  await expect(paidOutside).toContainText('₦84,250.75 paid outside Levy (agency reference LIRS-PRIOR-7781)');
  await expect(page.getByText('1 month paid outside Levy', { exact: true })).toBeVisible();
  // PAYE deducted and PAYE paid: the month counts in both.
  await expect(page.getByText('₦84,250.75', { exact: true })).toHaveCount(2);
  await snap(page, 'prior-paye-04-annual-return');
});
