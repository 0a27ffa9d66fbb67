import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { buildFixture, renderPdf } from '../../packages/statements/src/fixtures/render-statement';
import { renderZooEntry } from '../../packages/statements/src/fixtures/render-zoo';
import { ZOO } from '../../packages/statements/src/fixtures/zoo';
import { asKobo, formatNaira } from '@levy/tax';
import { expect as baseExpect, test } from '../support/fixtures';
import { callGateway, NEW_USER_PASSWORD } from '../support/api';
import { expectFitsWithoutSidewaysScroll } from '../support/layout';
import { onboardedOwner } from '../support/owners';
import { renderFirstPageToPng } from '../support/pdf-preview';
import { snap } from '../support/screenshots';
import { LoginPage } from '../pages/auth-pages';

// Journeys serve React's development build; its chart-heavy pages keep a busy machine's browser
// occupied for many seconds at a time, so every wait here is generous.
const expect = baseExpect.configure({ timeout: 60_000 });

const ACCOUNT = { name: 'Adebayo & Sons Trading Ventures', bank: 'Guaranty Trust Bank' };

/** A GTBank statement as the bank's PDF export draws it: several pages, "Page n of N" footers. */
async function gtbankPdf(
  dir: string,
  name: string,
  options: { start: string; count: number; seed: number; password?: string; accountNumber?: string },
) {
  const fixture = buildFixture({ style: 'gtbank', ...options });
  const path = `${dir}/${name}`;
  fs.writeFileSync(path, await renderPdf(fixture, { style: 'gtbank', ...options }));
  return { path, fixture };
}

async function uploadStatement(page: Page, filePath: string) {
  await page.getByRole('button', { name: 'Upload statement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload statement' });
  await dialog.locator('input[type="file"]').setInputFiles(filePath);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  return dialog;
}

/**
 * Saves the screen at phone width too, where no table may scroll sideways (`onPhone` checks what
 * the phone layout shows), then goes back to the desktop width.
 */
async function snapBoth(page: Page, name: string, onPhone?: () => Promise<void>) {
  await snap(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  // The side navigation slides away after the resize: measured before it has gone, the content is
  // a sliver of the screen. A table that really overflows still fails once the layout has settled.
  for (const table of await page.getByRole('table').all())
    await expect(() => expectFitsWithoutSidewaysScroll(table)).toPass({ timeout: 10_000 });
  await onPhone?.();
  await snap(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('analyse a GTBank statement: folder, account, upload with progress, verdict, charts, extraction with a correction, CSV and the report PDF', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(600_000);
  const owner = await onboardedOwner(request, {
    prefix: 'analyser',
    firstName: 'Tunde',
    lastName: 'Adebayo',
    legalName: 'Adebayo & Sons Trading Ventures',
    corporationName: 'Adebayo Trading',
  });
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(owner.email, NEW_USER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  const navigation = page.getByRole('navigation', { name: 'Main' });
  const entry = navigation.getByRole('link', { name: /Bank Analyser/ });
  await expect(entry).toContainText('Beta');
  await entry.click();
  await expect(page).toHaveURL(/\/analyser$/);
  await expect(page.getByText('No folders yet')).toBeVisible();
  await snapBoth(page, 'analyser-01-folders-empty');

  // A folder, renamed on the way, then a bank account in it.
  await page.getByRole('button', { name: 'New folder' }).click();
  const folderDialog = page.getByRole('dialog', { name: 'New folder' });
  await folderDialog.getByRole('textbox', { name: 'Folder name' }).fill('Adebayo loan review');
  await folderDialog.getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Folder created successfully' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Adebayo loan review' })).toBeVisible();
  await expect(page.getByText('No bank accounts yet')).toBeVisible();

  await page.getByRole('button', { name: 'New bank account' }).click();
  const recordDialog = page.getByRole('dialog', { name: 'New bank account' });
  await recordDialog.getByRole('textbox', { name: 'Account number' }).fill('12345');
  await recordDialog.getByRole('button', { name: 'Create account' }).click();
  await expect(recordDialog.getByText('Account name is required')).toBeVisible();
  await expect(recordDialog.getByText('Account number must be 10 digits')).toBeVisible();
  await recordDialog.getByRole('textbox', { name: 'Account name' }).fill(ACCOUNT.name);
  await recordDialog.getByRole('textbox', { name: 'Account number' }).fill('0000871094');
  await recordDialog.getByRole('textbox', { name: 'Bank' }).fill(ACCOUNT.bank);
  await snap(page, 'analyser-02-new-account-dialog');
  await recordDialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Record created successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/analyser\/records\/[0-9a-f-]+\/$/);
  await expect(page.getByRole('heading', { name: ACCOUNT.name })).toBeVisible();
  await expect(page.getByText('No statements yet')).toBeVisible();

  // A GTBank statement of several pages: the list shows the engine's progress, then the verdict.
  const dir = testInfo.outputDir;
  fs.mkdirSync(dir, { recursive: true });
  // The statements are of the account typed on the record: a statement of another account would be refused.
  const first = await gtbankPdf(dir, 'gtbank-jan-apr.pdf', {
    start: '2025-01-01',
    count: 240,
    seed: 11,
    accountNumber: '0000871094',
  });
  await uploadStatement(page, first.path);
  await expect(page.getByRole('alert').filter({ hasText: 'Statement uploaded: it is being analysed' })).toBeVisible();
  const statements = page.getByRole('table', { name: 'Statements' });
  const firstRow = statements.getByRole('row').filter({ hasText: 'gtbank-jan-apr.pdf' });
  await expect(firstRow.getByTestId('statement-progress')).toBeVisible();
  // At 0% the bar's filled section has no width, so it is present rather than visible.
  await expect(firstRow.getByRole('progressbar')).toBeAttached();
  await snap(page, 'analyser-03-statement-progress');
  await expect(firstRow.getByText('Consistent')).toBeVisible({ timeout: 180_000 });
  await expect(statements.getByText(/^PDF · [5-9] pages · Guaranty Trust Bank$/)).toBeVisible();
  await expect(statements.getByRole('cell', { name: '240', exact: true })).toBeVisible();

  // A second statement, encrypted, for the months after a gap: the dialog asks for its password.
  const second = await gtbankPdf(dir, 'gtbank-jul-aug.pdf', {
    start: '2025-07-01',
    count: 60,
    seed: 12,
    password: '0871094',
    accountNumber: '0000871094',
  });
  const dialog = await uploadStatement(page, second.path);
  await expect(dialog.getByText('This PDF is password protected')).toBeVisible();
  await dialog.getByLabel('PDF password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('The password for this PDF is not correct: check it and try again')).toBeVisible();
  await dialog.getByLabel('PDF password').fill('0871094');
  await snap(page, 'analyser-04-password');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  const secondRow = statements.getByRole('row').filter({ hasText: 'gtbank-jul-aug.pdf' });
  await expect(secondRow.getByText('Consistent')).toBeVisible({ timeout: 120_000 });

  // The combined analysis: coverage with the gap between the two, and the charts.
  await expect(page.getByRole('heading', { name: 'Combined analysis of 2 statements' })).toBeVisible();
  await expect(page.getByText(/^No statement covers /)).toBeVisible();
  await expect(page.getByRole('img', { name: /^Gap: / })).toHaveCount(1);
  await expect(
    page.getByLabel('Money in and money out each month, with the net').locator('.recharts-surface'),
  ).toBeVisible();
  await expect(
    page.getByLabel('End-of-day balance over the statement period').locator('.recharts-surface'),
  ).toBeVisible();
  await snapBoth(page, 'analyser-05-record', async () => {
    await expect(firstRow.getByText(/ · 240 transactions · Uploaded /)).toBeVisible();
    await expect(firstRow.getByText('Consistent')).toBeVisible();
    await expect(statements.getByRole('columnheader', { name: 'Period' })).toBeHidden();
  });

  // The statement: verdict with its checks, cards, charts, panels, tax insight, transactions.
  await firstRow.getByRole('link', { name: 'gtbank-jan-apr.pdf' }).click();
  await expect(page).toHaveURL(/\/statement\/[0-9a-f-]+$/);
  // Journeys serve a development build of React, whose page changes are slow on a busy machine.
  const authenticity = page.getByRole('region', { name: 'Authenticity' });
  await expect(authenticity.getByText('Consistent')).toBeVisible();
  await expect(authenticity).toContainText('Every running balance follows from the one before it');
  await expect(page.getByRole('region', { name: 'Money in' })).toContainText('₦');
  await expect(page.getByRole('region', { name: 'Categories' })).toContainText('Bank charges');
  await expect(page.getByRole('region', { name: 'Salary' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tax insight' })).toBeVisible();
  const transactions = page.getByRole('table', { name: 'Transactions' });
  await expect(page.getByTestId('transactions-summary')).toContainText('240 transactions');
  await page.getByRole('textbox', { name: 'Search transactions' }).fill('STAMP DUTY');
  await expect(page.getByTestId('transactions-summary')).not.toContainText('240 transactions');
  await expect(transactions.getByRole('row').nth(1)).toContainText('STAMP DUTY');
  await snapBoth(page, 'analyser-06-statement', async () => {
    await expect(transactions.getByRole('columnheader', { name: 'Amount' })).toBeVisible();
    await expect(transactions.getByRole('columnheader', { name: 'Balance' })).toBeHidden();
    await expect(
      transactions
        .getByRole('row')
        .nth(1)
        .getByText(/^−₦[\d,.]+$/),
    ).toBeVisible();
  });

  // The extraction: a row beside the page it came from, its category corrected.
  // Opened by its address: in the development build, leaving the chart-heavy statement page
  // takes seconds of rendering, which a loaded machine stretches past any sensible timeout.
  const extractionLink = page.getByRole('link', { name: 'Open extraction' });
  await expect(extractionLink).toHaveAttribute('href', /\/statement\/[0-9a-f-]+\/extract$/);
  await page.goto((await extractionLink.getAttribute('href'))!);
  await expect(page.getByRole('heading', { name: /^Page 1 of [5-9]$/ })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Rows read from this page' });
  const firstTransaction = rows.getByRole('row').nth(1);
  const narration = first.fixture.rows[0].narration.split('\n')[0];
  await expect(firstTransaction).toContainText(narration.slice(0, 20));
  await firstTransaction.getByRole('cell').nth(1).click();
  await expect(page.locator('[data-highlighted]').first()).toContainText(narration.slice(0, 12));
  const category = firstTransaction.getByRole('combobox', { name: 'Category of row 1' });
  await category.click();
  await page.getByRole('option', { name: 'Bills and utilities' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Corrections saved and the statement re-analysed' }),
  ).toBeVisible();
  await expect(firstTransaction.getByText('Corrected')).toBeVisible();
  await expect(category).toHaveValue('Bills and utilities');
  await snapBoth(page, 'analyser-07-extraction', async () => {
    // The category goes under the transaction and its amount, the whole width of the row.
    const [rowBox, categoryBox] = await Promise.all([firstTransaction.boundingBox(), category.boundingBox()]);
    expect(categoryBox!.width).toBeGreaterThan(rowBox!.width / 2);
  });

  // CSV of every row, with the correction, and the analysis report as a PDF.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const csvPath = 'e2e/screenshots/analyser-08-transactions.csv';
  await csv.saveAs(csvPath);
  const lines = fs.readFileSync(csvPath, 'utf8').trim().split(/\r?\n/);
  expect(lines).toHaveLength(241);
  expect(lines[1]).toContain('Bills and utilities');

  const reportDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download report PDF' }).click();
  const report = await reportDownload;
  expect(report.suggestedFilename()).toMatch(/\.pdf$/);
  const reportPath = 'e2e/screenshots/analyser-09-report.pdf';
  await report.saveAs(reportPath);
  expect(fs.readFileSync(reportPath).subarray(0, 5).toString()).toBe('%PDF-');
  expect(
    await renderFirstPageToPng(browser, reportPath, 'e2e/screenshots/analyser-09-report-page-1.png'),
  ).toBeGreaterThan(0);

  // Back to the folders: the folder counts its account and statements.
  await navigation.getByRole('link', { name: /Bank Analyser/ }).click();
  const folderRow = page
    .getByRole('table', { name: 'Folders' })
    .getByRole('row')
    .filter({ hasText: 'Adebayo loan review' });
  await expect(folderRow).toContainText('1');
  await expect(folderRow).toContainText('2');
  await snapBoth(page, 'analyser-10-folders', async () => {
    await expect(folderRow.getByText(/^1 account · 2 statements · Created /)).toBeVisible();
  });

  // Its bank accounts, each with bank, number, statements and period.
  await folderRow.getByRole('link', { name: 'Adebayo loan review' }).click();
  const accountRow = page
    .getByRole('table', { name: 'Bank accounts' })
    .getByRole('row')
    .filter({ hasText: ACCOUNT.name });
  await expect(accountRow).toContainText(ACCOUNT.bank);
  await snapBoth(page, 'analyser-11-accounts', async () => {
    await expect(accountRow.getByText(/^Guaranty Trust Bank · 0000871094 · 2 statements · .+ – .+$/)).toBeVisible();
  });
});

/** A folder with one bank account, made through the API, and the owner signed in on its page. */
async function signedInWithRecord(
  page: Page,
  request: Parameters<typeof onboardedOwner>[0],
  accountNumber: string,
  prefix: string,
) {
  const owner = await onboardedOwner(request, {
    prefix,
    firstName: 'Ngozi',
    lastName: 'Eze',
    legalName: 'Eze Agro Processing Ltd',
    corporationName: 'Eze Agro',
  });
  const folder = await callGateway<{ id: string }>(request, {
    method: 'POST',
    namespace: 'bank',
    path: 'statement-folders',
    token: owner.token,
    body: { name: 'Eze loan review' },
  });
  const record = await callGateway<{ id: string }>(request, {
    method: 'POST',
    namespace: 'bank',
    path: `statement-folders/${folder.data.id}/records`,
    token: owner.token,
    body: { name: 'Eze Agro Processing Ltd', account_number: accountNumber },
  });
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(owner.email, NEW_USER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/analyser/records/${record.data.id}/`);
  await expect(page.getByRole('heading', { name: 'Eze Agro Processing Ltd' })).toBeVisible();
}

const signed = (row: { debit: number; credit: number }) =>
  row.credit > 0 ? `+${formatNaira(asKobo(row.credit))}` : `−${formatNaira(asKobo(row.debit))}`;

test('a statement whose figures stand far from short headings is read right, and the extraction says how sure the reading is', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  // Withdrawals / Lodgements headings at the left of wide columns, figures right-aligned far from
  // them, and a one-kobo rounding in the running balance: a note on its row.
  const entry = ZOO.find(
    (candidate) => candidate.options.style === 'zoo-far-figures-remarks' && candidate.options.roundingAt !== undefined,
  )!;
  const { fixture, bytes } = await renderZooEntry(entry);
  const dir = testInfo.outputDir;
  fs.mkdirSync(dir, { recursive: true });
  const path = `${dir}/keystone-shifted-columns.pdf`;
  fs.writeFileSync(path, bytes);
  await signedInWithRecord(page, request, fixture.accountNumber, 'analyser-shifted');

  await uploadStatement(page, path);
  const row = page
    .getByRole('table', { name: 'Statements' })
    .getByRole('row')
    .filter({ hasText: 'keystone-shifted-columns.pdf' });
  await expect(row.getByText('Consistent')).toBeVisible({ timeout: 180_000 });
  await row.getByRole('link', { name: 'keystone-shifted-columns.pdf' }).click();
  const extractionLink = page.getByRole('link', { name: 'Open extraction' });
  await expect(extractionLink).toHaveAttribute('href', /\/extract$/);
  await page.goto((await extractionLink.getAttribute('href'))!);

  // How sure: every row reconciles, the columns placed where their figures stand, the rounding noted on its row.
  const reading = page.getByRole('region', { name: 'How this statement was read' });
  await expect(reading.getByTestId('reconciled-share')).toHaveText('100%');
  await expect(reading).toContainText('Every row reconciles');
  await expect(reading).toContainText('By their headings and where their figures stand');
  const noteRow = entry.options.roundingAt! + 1;
  const noteLink = reading.getByRole('button', { name: new RegExp(`^Row ${noteRow} · `) });
  await expect(noteLink).toBeVisible();
  await expect(reading).toContainText('kobo from the row');
  await expect(reading).not.toContainText('headings-and-figures');
  // The reading is complete: no line with a row's figures was left unread.
  await expect(reading.getByTestId('unplaced-lines')).toHaveText(
    'Every line with a row’s figures or date was read into a transaction.',
  );

  // The rows of page 1 as the statement prints them: date, amount on its side, balance.
  const rows = page.getByRole('table', { name: 'Rows read from this page' });
  const shown = await rows.getByRole('row').count();
  expect(shown).toBeGreaterThan(5);
  for (let index = 0; index < shown - 1; index += 1) {
    const truth = fixture.rows[index];
    const line = rows.getByRole('row').nth(index + 1);
    await expect(line).toContainText(signed(truth));
    await expect(line).toContainText(`Bal. ${formatNaira(asKobo(truth.balance))}`);
  }
  await snap(page, 'analyser-12-shifted-columns-extraction');

  // The note's row opens its page with the row chosen.
  await noteLink.click();
  const chosen = rows.getByRole('row', { selected: true });
  await expect(chosen).toContainText(`Bal. ${formatNaira(asKobo(fixture.rows[noteRow - 1].balance))}`);
  await snapBoth(page, 'analyser-13-note-row');
});

test('a statement of another account than its record is refused from it, naming both accounts; a spreadsheet’s verdict is about its arithmetic', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  // An overdrawn account's CSV (balances below zero) for the record's own account, then another bank's statement.
  const ownEntry = ZOO.find(
    (candidate) => candidate.options.style === 'zoo-crdr-overdraft' && candidate.format === 'csv',
  )!;
  const own = await renderZooEntry(ownEntry);
  const other = await renderZooEntry(
    ZOO.find((candidate) => candidate.options.style === 'zoo-run-together' && candidate.format === 'csv')!,
  );
  const dir = testInfo.outputDir;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(`${dir}/parallex-own.csv`, own.bytes);
  fs.writeFileSync(`${dir}/titan-other.csv`, other.bytes);
  await signedInWithRecord(page, request, own.fixture.accountNumber, 'analyser-mismatch');

  await uploadStatement(page, `${dir}/parallex-own.csv`);
  const statements = page.getByRole('table', { name: 'Statements' });
  const ownRow = statements.getByRole('row').filter({ hasText: 'parallex-own.csv' });
  await expect(ownRow.getByText('Consistent')).toBeVisible({ timeout: 120_000 });
  await expect(ownRow.getByText('Arithmetic only: a spreadsheet cannot be authenticated')).toBeVisible();

  await uploadStatement(page, `${dir}/titan-other.csv`);
  const otherRow = statements.getByRole('row').filter({ hasText: 'titan-other.csv' });
  // The record names no bank, so the message names the account number typed on it.
  const message = new RegExp(
    `^This statement is for account ${other.fixture.accountNumber}( \\(.+\\))?, but this record is for account ${own.fixture.accountNumber}: add the ` +
      `statement to a record of its own account, or correct the record's account number if it was typed wrong$`,
  );
  await expect(otherRow.getByText(message)).toBeVisible({ timeout: 120_000 });
  await expect(otherRow.getByText('Failed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Combined analysis of 1 statement' })).toBeVisible();
  await snapBoth(page, 'analyser-14-other-account-refused');

  // The record's own statement: a CSV anyone can edit, so its verdict is about the arithmetic.
  await ownRow.getByRole('link', { name: 'parallex-own.csv' }).click();
  const arithmetic = page.getByRole('region', { name: 'Arithmetic' });
  await expect(arithmetic.getByText('Arithmetic consistent')).toBeVisible();
  await expect(arithmetic).toContainText('cannot be authenticated');
  await expect(page.getByRole('region', { name: 'Authenticity' })).toHaveCount(0);
  await expect(
    page.getByLabel('End-of-day balance over the statement period').locator('.recharts-surface'),
  ).toBeVisible();
  await expect(page.getByLabel('End-of-day balance over the statement period').getByText(/^-₦/).first()).toBeVisible();
  await expect(page.getByText(/₦-/)).toHaveCount(0);
  await snapBoth(page, 'analyser-15-spreadsheet-statement');

  // The report says the same, in characters its fonts have.
  const reportDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download report PDF' }).click();
  const report = await reportDownload;
  const reportPath = 'e2e/screenshots/analyser-16-spreadsheet-report.pdf';
  await report.saveAs(reportPath);
  expect(fs.readFileSync(reportPath).subarray(0, 5).toString()).toBe('%PDF-');
});
