import { expect, test } from '../support/fixtures';
import { OVERDUE_OWNER, STAFF } from '../support/api';
import { snap } from '../support/screenshots';
import { AppShell } from '../pages/app-shell';
import { LoginPage } from '../pages/auth-pages';

// Tax data kept current: platform staff add a Monetary Policy Rate row with its source on
// the Reference data screen; penalties then say how current the MPR is ("MPR as of"). They also add
// a charge schedule and a WHT rate from next month.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** YYYY-MM-DD in Lagos, `days` from today. */
function lagosDay(days: number): string {
  return new Date(Date.now() + 60 * 60 * 1000 + days * 86_400_000).toISOString().slice(0, 10);
}
const label = (date: string) => `${date.slice(8, 10)} ${MONTHS[Number(date.slice(5, 7)) - 1]}, ${date.slice(0, 4)}`;

test('staff add an MPR row with its source; a penalty then says "MPR as of" today', async ({ page }) => {
  const today = lagosDay(0);
  // Tomorrow: a row dated today would rewrite the "Paid late" figure of bills other journeys paid late today, and is refused.
  const from = lagosDay(1);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/corporations$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reference data' }).click();
  await expect(page.getByRole('heading', { name: 'Reference data', level: 1 })).toBeVisible();
  await expect(page.getByTestId('mpr-in-force')).toContainText(
    'In force: 26.50% from 24 Feb, 2026 · MPR as of 24 Feb, 2026',
  );
  // The seed was last known right on 24 February: staff are told to review it.
  await expect(page.getByTestId('review-warning-mpr')).toContainText('Not reviewed for');
  await snap(page, 'reference-data-01-mpr-review-due');

  const form = page.getByRole('form', { name: 'Add an MPR row' });
  await form.getByRole('button', { name: 'Add row' }).click();
  await expect(form.getByText('Source is required: name the communiqué, gazette or announcement')).toBeVisible();
  await form.getByLabel('In force from').fill(from);
  await form.getByRole('textbox', { name: 'Rate (%)' }).fill('26.00');
  await form.getByRole('textbox', { name: 'Source' }).fill('CBN MPC communiqué (journey test row)');
  await form.getByRole('button', { name: 'Add row' }).click();
  await expect(page.getByText('MPR row added')).toBeVisible();

  // Adding a row counts as a review: the warning goes, and "MPR as of" is today.
  await expect(page.getByTestId('review-warning-mpr')).toHaveCount(0);
  await expect(page.getByTestId('mpr-in-force')).toContainText(`MPR as of ${label(today)}`);
  const rows = page.getByRole('table', { name: 'Monetary Policy Rate rows' }).getByRole('row');
  await expect(rows.nth(1)).toContainText(label(from));
  await expect(rows.nth(1)).toContainText('26.00%Upcoming');
  await expect(rows.nth(1)).toContainText(`${STAFF.firstName} ${STAFF.lastName}`);
  await expect(rows.nth(2)).toContainText('26.50%In force');
  await snap(page, 'reference-data-02-mpr-row-added');

  await page.getByRole('tab', { name: 'Audit trail' }).click();
  await expect(page.getByRole('table', { name: 'Audit trail' }).getByRole('row').nth(1)).toContainText(
    `Added: MPR 26.00% from ${label(from)}`,
  );
  await snap(page, 'reference-data-03-audit-trail');

  await page.getByRole('tab', { name: 'Public holidays' }).click();
  await expect(page.getByRole('table', { name: 'Public holidays rows' })).toContainText('Eid-el-Fitr');
  await snap(page, 'reference-data-04-holidays');

  // The charge schedule: a new price from the first day of next month, so no bill paid so far changes.
  const nextMonth = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  const chargeFrom = nextMonth.toISOString().slice(0, 10);
  await page.getByRole('tab', { name: 'Charge schedule' }).click();
  await expect(page.getByTestId('charges-in-force')).toContainText('In force: from 01 Jan, 2025');
  const charges = page.getByRole('form', { name: 'Add a charge schedule' });
  await charges.getByLabel('In force from').fill(chargeFrom);
  for (const [name, value] of [
    ['VAT on the fee (%)', '7.50'],
    ['PAYE base fee (₦)', '600'],
    ['PAYE fee per employee (₦)', '50'],
    ['PAYE fee cap (₦)', '20000'],
    ['WHT base fee (₦)', '300'],
    ['WHT fee per payee (₦)', '30'],
    ['WHT fee cap (₦)', '15000'],
  ]) {
    await charges.getByRole('textbox', { name }).fill(value);
  }
  await charges.getByRole('textbox', { name: 'Source' }).fill('Levy pricing decision (journey test row)');
  await charges.getByRole('button', { name: 'Add row' }).click();
  await expect(page.getByText('Charge schedule row added')).toBeVisible();
  const chargeRows = page.getByRole('table', { name: 'Charge schedule rows' }).getByRole('row');
  await expect(chargeRows.nth(1)).toContainText(label(chargeFrom));
  await expect(chargeRows.nth(1)).toContainText('PAYE ₦600.00 + ₦50.00 per employee, capped at ₦20,000.00');
  await expect(chargeRows.nth(1)).toContainText('Upcoming');
  await expect(chargeRows.nth(2)).toContainText('In force');
  await snap(page, 'reference-data-05-charge-schedule');

  // WHT rates: this month's schedule as bills apply it, and a new rate for rent paid to resident individuals from next month.
  await page.getByRole('tab', { name: 'WHT rates' }).click();
  const inForce = page.getByRole('table', { name: 'WHT rates in force' });
  await expect(inForce.getByRole('row', { name: /^Rent/ })).toContainText('10.00%10.00%10.00%10.00%');
  await expect(inForce.getByRole('row', { name: /^Supply of goods/ })).toContainText('2.00%None2.00%None');
  const wht = page.getByRole('form', { name: 'Add a WHT rate' });
  await wht.getByLabel('In force from').fill(chargeFrom);
  for (const [label, option] of [
    ['WHT type', 'Rent'],
    ['Paid to', 'Individuals'],
    ['Residency', 'Resident'],
  ]) {
    await wht.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await wht.getByRole('textbox', { name: 'Rate (%)' }).fill('7.50');
  await wht.getByRole('textbox', { name: 'Source' }).fill('Withholding (Amendment) Regulations (journey test row)');
  await wht.getByRole('button', { name: 'Add row' }).click();
  await expect(page.getByText('WHT rate row added')).toBeVisible();
  const whtRows = page.getByRole('table', { name: 'WHT rates rows' }).getByRole('row');
  await expect(whtRows.nth(1)).toContainText(label(chargeFrom));
  await expect(whtRows.nth(1)).toContainText('Rent, individuals (resident): 7.50%Upcoming');
  // Other journeys may have added rows for past months: the seed schedule is still in force.
  await expect(whtRows.filter({ hasText: 'Schedule of 14 types' }).first()).toContainText(
    'Schedule of 14 typesIn force',
  );
  // This month's rates are unchanged: the row applies from next month.
  await expect(inForce.getByRole('row', { name: /^Rent/ })).toContainText('10.00%10.00%10.00%10.00%');
  await snap(page, 'reference-data-06-wht-rates');

  // An owner with overdue months: every penalty says how current the MPR is.
  await page.evaluate(() => sessionStorage.clear());
  await login.open();
  await login.logIn(OVERDUE_OWNER.email, OVERDUE_OWNER.password);
  await new AppShell(page).expectHello(OVERDUE_OWNER.firstName);
  await expect(
    page.getByText(new RegExp(`so far, \\+₦[\\d,]+\\.\\d\\d a week \\(MPR as of ${label(today)}\\)`)).first(),
  ).toBeVisible();
  await snap(page, 'reference-data-07-dashboard-mpr-as-of');
});

test('staff see every collector’s remittance route and add one with its source, on a wide screen and a phone', async ({
  page,
}) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/corporations$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reference data' }).click();
  await page.getByRole('tab', { name: 'Remittance routes' }).click();
  const routes = page.getByRole('table', { name: 'Remittance routes' });
  // The sandbox ships a route per collector and tax to its local Remita.
  await expect(
    routes.getByRole('row').filter({ hasText: 'Lagos State Internal Revenue Service · PAYE' }),
  ).toContainText('Biller LEVYSBX-LAService type LA-PAYE');
  await expect(routes.getByRole('row').filter({ hasText: 'Nigeria Revenue Service · WHT' })).toContainText('In force');

  const form = page.getByRole('form', { name: 'Add a remittance route' });
  await form.getByRole('textbox', { name: 'Collector' }).fill('FC');
  await form.getByRole('textbox', { name: 'From (tax month)' }).fill('2030-01');
  await form.getByRole('textbox', { name: 'Biller id' }).fill('FCTIRS');
  await form.getByRole('textbox', { name: 'Service type id' }).fill('4430731');
  await form.getByRole('textbox', { name: 'Source' }).fill('Remita biller list (journey test row)');
  await form.getByRole('button', { name: 'Add route' }).click();
  await expect(page.getByText('Remittance route added')).toBeVisible();
  await expect(routes.getByRole('row').filter({ hasText: 'FCTIRS' })).toContainText(
    'Federal Capital Territory Internal Revenue Service · PAYE',
  );
  await snap(page, 'reference-data-08-remittance-routes');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(routes).toBeVisible();
  await snap(page, 'reference-data-09-remittance-routes-390');
});
