import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { snap } from './support/screenshots';

// The public calculator journey: a visitor works out PAYE on ₦500,000 a month, sees
// both regimes, shares the calculation, and the link reopens the same figures elsewhere.

async function pickOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
}

/** Every figure the visitor sees for a PAYE calculation, to compare two screens. */
async function payeFigures(results: Locator) {
  return {
    monthly: await results.getByTestId('monthly-tax').innerText(),
    annual: await results.getByTestId('annual-tax').innerText(),
    rate: await results.getByTestId('effective-rate').innerText(),
    net: await results.getByTestId('net-monthly').innerText(),
    comparison: await results.getByTestId('regime-comparison').innerText(),
    bands: await results.getByTestId('band-table').innerText(),
  };
}

test('a visitor computes PAYE for ₦500,000 a month, sees both regimes, shares, and the link reopens the same figures', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/');
  const calculator = page.locator('#calculator');
  await expect(calculator.getByRole('heading', { name: 'Tax calculator' })).toBeVisible();

  // January 2026: the first month of the Nigeria Tax Act 2025, whatever today's date is.
  await pickOption(page, 'Tax month: month', 'January');
  await pickOption(page, 'Tax month: year', '2026');
  await expect(calculator.getByText('Rules in force:')).toBeVisible();
  await calculator.getByLabel('Gross pay a month').fill('500000');
  await calculator.getByRole('button', { name: 'Calculate PAYE' }).click();

  const results = calculator.getByTestId('paye-results');
  await expect(results.getByRole('heading', { name: 'PAYE for January 2026' })).toBeVisible();
  // NTA 2025: 15% × ₦2.2m + 18% × ₦3m = ₦870,000 a year.
  await expect(results.getByTestId('monthly-tax')).toHaveText('₦72,500.00');
  await expect(results.getByTestId('annual-tax')).toHaveText('₦870,000.00');
  await expect(results.getByTestId('effective-rate')).toHaveText('14.50%');
  await expect(results.getByTestId('net-monthly')).toHaveText('₦427,500.00');

  // Both regimes side by side: PITA gives ₦896,000 a year (CRA ₦1.4m, 24% top band).
  const comparison = results.getByTestId('regime-comparison');
  await expect(comparison.getByRole('columnheader', { name: /NTA 2025/ })).toBeVisible();
  await expect(comparison.getByRole('columnheader', { name: 'PITA' })).toBeVisible();
  await expect(comparison.getByRole('row', { name: /PAYE a year/ })).toContainText('₦870,000.00');
  await expect(comparison.getByRole('row', { name: /PAYE a year/ })).toContainText('₦896,000.00');
  await expect(comparison.getByRole('row', { name: /PAYE a month/ })).toContainText('₦74,666.67');
  await expect(results.getByTestId('regime-difference')).toHaveText(
    'Under PITA the PAYE would be ₦2,166.67 a month more.',
  );
  await expect(results.getByTestId('band-table').getByRole('row', { name: /18%/ })).toContainText('₦540,000.00');
  const figures = await payeFigures(results);
  await expectNoSeriousA11yViolations(page);

  await calculator.getByRole('button', { name: 'Share' }).click();
  const linkInput = calculator.getByTestId('share-link');
  await expect(linkInput).toHaveValue(/\/calculator\/[A-Za-z0-9_-]{16}$/);
  const link = await linkInput.inputValue();
  expect(new URL(link).origin).toBe(new URL(baseURL!).origin);

  // A fresh browser context: no session, no storage, nothing shared with the first visitor.
  const context = await browser.newContext({ baseURL });
  try {
    const other = await context.newPage();
    await other.goto(new URL(link).pathname);
    await expect(other).toHaveTitle(/Tax Calculator/);
    await expect(other.getByRole('heading', { level: 1, name: 'Tax Calculator' })).toBeVisible();
    await expect(other.getByTestId('share-opened')).toBeVisible();
    const reopened = other.getByTestId('paye-results');
    await expect(reopened.getByRole('heading', { name: 'PAYE for January 2026' })).toBeVisible();
    await expect(reopened.getByTestId('monthly-tax')).toHaveText('₦72,500.00');
    expect(await payeFigures(reopened)).toEqual(figures);
    // The inputs come back too, ready to change.
    await expect(other.getByLabel('Gross pay a month')).toHaveValue('₦500,000');
    await expect(other.getByLabel('Tax month: month', { exact: true }).locator('option:checked')).toHaveText('January');
    await expectNoSeriousA11yViolations(other);
  } finally {
    await context.close();
  }
});

test('an unknown share link says so and offers an empty calculator', async ({ page }) => {
  await page.goto('/calculator/NoSuchShareLink0');
  await expect(page.getByTestId('share-missing')).toContainText('This shared calculation was not found');
  await expect(page.getByLabel('Gross pay a month')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Calculate PAYE' })).toBeDisabled();
  await expect(page.getByTestId('paye-results')).toHaveCount(0);
});

test('/calculator without a token goes to the home page, without a router warning', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto('/calculator');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#calculator')).toBeVisible();
  expect(warnings).toEqual([]);
});

test('WHT on professional fees to a company without a Tax ID is doubled', async ({ page }) => {
  await page.goto('/');
  const calculator = page.locator('#calculator');
  await calculator.getByRole('tab', { name: 'Withholding tax (WHT)' }).click();
  await pickOption(page, 'Payment month: month', 'March');
  await pickOption(page, 'Payment month: year', '2026');
  await calculator.getByRole('switch', { name: 'The payee has a Tax ID' }).uncheck();
  await calculator.getByLabel('Amount of the payment').fill('1000000');
  await calculator.getByRole('button', { name: 'Calculate WHT' }).click();
  const results = calculator.getByTestId('wht-results');
  await expect(results.getByTestId('wht-rate')).toHaveText('10%');
  await expect(results.getByTestId('wht-tax')).toHaveText('₦100,000.00');
  await expect(results.getByTestId('wht-net')).toHaveText('₦900,000.00');
  await expect(results).toContainText('doubled from 5%');
});

test('on a phone, amounts are refused as typed, never changed, and the result tables say they scroll sideways', async ({
  page,
}) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const calculator = page.locator('#calculator');
    await pickOption(page, 'Tax month: month', 'January');
    await pickOption(page, 'Tax month: year', '2026');
    const gross = calculator.getByLabel('Gross pay a month');
    const calculate = calculator.getByRole('button', { name: 'Calculate PAYE' });

    // A minus sign, a third decimal and a figure past the largest amount stay on screen, refused.
    await gross.fill('-50000');
    await expect(gross).toHaveValue('-₦50,000');
    await expect(calculator.getByText('Gross pay a month must not be negative')).toBeVisible();
    await expect(calculate).toBeDisabled();
    await gross.fill('100000.555');
    await expect(gross).toHaveValue('₦100,000.555');
    await expect(
      calculator.getByText('Gross pay a month must be an amount in naira with at most two decimals'),
    ).toBeVisible();
    await expect(calculate).toBeDisabled();
    await gross.fill('123456789012345');
    await expect(calculator.getByText('Gross pay a month must be at most ₦9,999,999,999,999.99')).toBeVisible();
    await snap(page, `calculator-amount-refused-${viewport.width}`);

    await gross.fill('500000');
    await calculate.click();
    const results = calculator.getByTestId('paye-results');
    // The results come as their own chunk (with the charts): slow on a busy machine.
    await expect(results.getByTestId('monthly-tax')).toHaveText('₦72,500.00', { timeout: 30_000 });
    const bands = results.getByRole('region', { name: 'Tax by band' });
    const hint = results.getByText('Scroll sideways to see every column');
    if (viewport.width === 390) {
      // The band table is wider than the phone: the hint says so, and the last column is reached by scrolling.
      await expect(hint.first()).toBeVisible();
      await bands.scrollIntoViewIfNeeded();
      await expect(bands.getByRole('columnheader', { name: 'Tax', exact: true })).not.toBeInViewport({ ratio: 1 });
      await bands.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
      await expect(bands.getByRole('columnheader', { name: 'Tax', exact: true })).toBeInViewport({ ratio: 1 });
    } else {
      await expect(hint).toHaveCount(0);
    }
    await results.getByTestId('band-table').scrollIntoViewIfNeeded();
    await snap(page, `calculator-tables-${viewport.width}`);
  }
});
