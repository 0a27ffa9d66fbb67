import { addMonths, lagosDate, lagosPeriod, monthName, payeDueDate } from '@levy/tax';
import type { Locator, Page } from '@playwright/test';
import { callGateway, NEW_USER_PASSWORD } from '../support/api';
import { expect, test } from '../support/fixtures';
import { onboardedOwner } from '../support/owners';
import { snap } from '../support/screenshots';
import { LoginPage } from '../pages/auth-pages';
import { fundWallet, payrollWithOneWrongRow, registerPayroll } from '../pages/bills-pages';

// The monthly cycle as a finance officer meets it: a state registered as owing from
// three months back shows those months as overdue at once, each with its penalty so far; the
// oldest is paid from its alert, from the payroll on file, in at most six clicks to a downloaded
// receipt, whose verify link anyone can open. The same on a phone.

for (const screen of [
  { name: 'a wide screen', viewport: { width: 1280, height: 800 }, prefix: '110' },
  { name: 'a phone', viewport: { width: 390, height: 844 }, prefix: '115' },
]) {
  test(`on ${screen.name}: three overdue months with penalties, the oldest paid from its alert in six clicks, its receipt verified`, async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(screen.viewport);
    const owner = await onboardedOwner(request, {
      prefix: 'six-clicks',
      firstName: 'Kemi',
      lastName: 'Balogun',
      legalName: 'Balogun Foods Limited',
      corporationName: 'Balogun Foods Ltd',
    });
    // Three months past their deadline (the 10th of the next month): up to the 10th, last month is
    // still due, so the three end the month before it.
    const lastMonth = addMonths(lagosPeriod(new Date()), -1);
    const lastOverdue = lagosDate(new Date()) > payeDueDate(lastMonth) ? lastMonth : addMonths(lastMonth, -1);
    const firstMonth = addMonths(lastOverdue, -2);
    const added = await callGateway(request, {
      method: 'POST',
      namespace: 'core',
      path: `internal/corporations/${owner.corporationId}/states/LA`,
      token: owner.token,
      body: { tax_payer_number: 'C-0012345', first_tax_month: firstMonth },
    });
    expect(added.code, added.message).toBe('OK');
    await registerPayroll(request, owner, 'LA', payrollWithOneWrongRow(firstMonth).file);
    await fundWallet(request, owner.token, owner.organisationId, '2000000');

    const login = new LoginPage(page);
    await login.open();
    await login.logIn(owner.email, NEW_USER_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);

    let clicks = 0;
    const click = async (locator: Locator) => {
      clicks += 1;
      await locator.click();
    };

    // Every month since the first one owed is listed at once, the three past PAYE months overdue with a
    // penalty in naira (their WHT months are owed too, from the same first month).
    await click(page.getByRole('button', { name: /^Tax alerts/ }));
    const bell = page.getByRole('dialog').filter({ hasText: 'Tax alerts' });
    // Last month, when still due, is listed as due beside them.
    const items = bell
      .getByTestId('alert-item')
      .filter({ hasText: 'PAYE tax for' })
      .filter({ hasText: 'days overdue' });
    await expect(items).toHaveCount(3);
    await expect(bell.getByText(/^\d+ overdue$/)).toBeVisible();
    await expect(items.getByText(/Pay by/)).toHaveCount(0);
    for (const item of await items.all())
      await expect(item).toContainText(/days overdue · penalty so far ₦[\d,]+\.\d\d/);
    await expectInsideViewport(page, bell);
    await snap(page, `${screen.prefix}-bell-three-overdue`);

    // The oldest first: its alert opens Pay Taxes filled in, with the payroll on file.
    const oldest = items.filter({ hasText: monthName(firstMonth) });
    await click(oldest);
    const dialog = page.getByRole('dialog', { name: /PAYE Generate Bill/ });
    await expect(dialog.getByRole('combobox', { name: /^State/ })).toHaveValue('Lagos · C-0012345');
    await expect(dialog.getByRole('button', { name: /Tax month/ })).toHaveText(monthName(firstMonth));
    await expect(dialog.getByRole('radio', { name: /^Use the payroll on file: 3 employees, updated / })).toBeChecked();
    await snap(page, `${screen.prefix}-paye-from-alert`);
    await click(dialog.getByRole('button', { name: 'Proceed' }));

    // The summary says how late the month is and what the lateness costs so far.
    const late = dialog.getByTestId('summary-lateness');
    await expect(late).toContainText(/^Paid \d+ days late/);
    await expect(late).toContainText(/The late penalty so far is ₦[\d,]+\.\d\d/);
    await snap(page, `${screen.prefix}-paye-summary-late`);
    await click(dialog.getByRole('button', { name: 'Generate' }));

    const drawer = page.getByRole('dialog').filter({ has: page.locator('.mantine-Drawer-title') });
    await expect(drawer.getByText('Payment paid').first()).toBeVisible({ timeout: 20_000 });
    const download = page.waitForEvent('download');
    await click(drawer.getByRole('button', { name: 'Download receipt' }));
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    expect(clicks).toBeLessThanOrEqual(6);
    await snap(page, `${screen.prefix}-receipt-in-six-clicks`);

    // The receipt's verify link, opened signed out, shows the payment.
    const verifyUrl = await drawer.getByRole('link', { name: /^Verify/ }).getAttribute('href');
    const visitor = await browser.newPage({ viewport: screen.viewport });
    await visitor.goto(new URL(verifyUrl!).pathname);
    await expect(visitor.getByTestId('receipt-genuine')).toBeVisible();
    await expect(visitor.getByText(monthName(firstMonth), { exact: false }).first()).toBeVisible();
    await snap(visitor, `${screen.prefix}-verify-page`);
    await visitor.close();

    // Paid, the month leaves the bell: two overdue PAYE months remain.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Tax alerts/ }).click();
    await expect(items).toHaveCount(2);
  });
}

/** The element lies wholly inside the viewport: nothing of it is off the screen. */
async function expectInsideViewport(page: Page, element: Locator): Promise<void> {
  const box = await element.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
}
