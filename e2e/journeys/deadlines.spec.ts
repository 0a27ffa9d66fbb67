import fs from 'node:fs';
import { PAYE_TEMPLATE_HEADERS } from '@levy/tax';
// Not the shared fixtures: these journeys look at the checklist and the prompts themselves.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { callGateway, linkFromMailbox, NEW_USER_PASSWORD, OVERDUE_OWNER, uniqueEmail } from '../support/api';
import { snap } from '../support/screenshots';
import { AppShell } from '../pages/app-shell';
import { LoginPage, RegisterPage } from '../pages/auth-pages';
import { basicPayRow, BillsList, csvUpload, PayTaxes } from '../pages/bills-pages';
import { OnboardingPage, StartPage } from '../pages/organisation-pages';

async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem('tx-store') ?? '{}') as { state?: { token?: string } }).state?.token ?? null,
  );
  expect(token).toBeTruthy();
  return token!;
}

/** Unfolds RFC 5545 lines and reads each VEVENT's properties. */
function parseICalendar(text: string): { calendar: string[]; events: Array<Record<string, string>> } {
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const events: Array<Record<string, string>> = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current && !line.startsWith('BEGIN:VALARM') && !line.startsWith('END:VALARM')) {
      const separator = line.indexOf(':');
      const key = line.slice(0, separator);
      if (!(key in current)) current[key] = line.slice(separator + 1);
    }
  }
  return { calendar: lines, events };
}

/** The deadline calendar's due dates as iCalendar dates (YYYYMMDD), sorted. */
async function calendarDeadlines(request: APIRequestContext, token: string, organisationId: string): Promise<string[]> {
  const calendar = await callGateway<{ entries: Array<{ deadline_date: string }> }>(request, {
    method: 'GET',
    namespace: 'core',
    path: `internal/organisations/${organisationId}/deadlines`,
    token,
  });
  expect(calendar.code).toBe('OK');
  return calendar.data.entries.map((entry) => entry.deadline_date.replace(/-/g, '')).sort();
}

function eventDates(events: Array<Record<string, string>>): string[] {
  return events.map((event) => event['DTSTART;VALUE=DATE']).sort();
}

async function organisationIdOf(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem('tx-store') ?? '{}') as { state: { organisation: { id: string } } }).state
        .organisation.id,
  );
}

/** The calendar subscription link shown on the dashboard, read without a session as a calendar app would. */
async function readFeed(page: Page, request: APIRequestContext) {
  const link = page.getByRole('textbox', { name: 'Subscribe in your calendar app' });
  await expect(link).toHaveValue(/\/service\/v1\/public\/feeds\/deadlines\/[0-9a-f]{32}[A-Za-z0-9_-]{43}\.ics$/);
  const url = await link.inputValue();
  const response = await request.get(url, { headers: {} });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/calendar/);
  return { url, ...parseICalendar(await response.text()) };
}

test('a new owner sees the checklist open after a second, adds a corporation and a state, sees the steps tick, and downloads the deadline calendar', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('deadlines');
  const register = new RegisterPage(page);
  await register.open();
  await register.signUp({
    firstName: 'Bola',
    lastName: 'Ade',
    email,
    phone: '+2348031234567',
    password: NEW_USER_PASSWORD,
    source: 'Accountant or tax consultant',
  });
  await page.goto(await linkFromMailbox(request, email, '/authenticate?token='));
  await new StartPage(page).createOrganisation();
  const onboarding = new OnboardingPage(page);
  await onboarding.expectOpen();
  await onboarding.fill({
    legalName: 'Ade Logistics Limited',
    cacNumber: 'RC7654321',
    taxId: 'C-0012345',
    businessType: 'Limited liability company',
    industry: 'Manufacturing',
    address: '3 Marina, Lagos Island',
    state: 'Lagos',
    phone: '+2348031234567',
    website: 'adelogistics.ng',
  });
  await onboarding.attachCertificate();
  await onboarding.complete();
  await new AppShell(page).expectHello('Bola');

  // The checklist is not there at once; it opens about a second later.
  const checklist = page.getByRole('dialog', { name: 'Get started with Levy' });
  await expect(checklist).toHaveCount(0);
  await expect(checklist).toBeVisible({ timeout: 20_000 });
  await expect(checklist.getByTestId('checklist-step-account')).toHaveAttribute('data-done', 'true');
  await expect(checklist.getByTestId('checklist-step-corporation')).toHaveAttribute('data-done', 'false');
  await expect(checklist).toContainText('1 of 5 steps done');
  await snap(page, 'deadlines-01-checklist-open');

  // Follow the first open step: it leads to Corporations.
  await checklist.getByRole('link', { name: 'Add a corporation' }).click();
  await expect(page).toHaveURL(/\/corporations$/);
  const token = await sessionToken(page);
  const corporation = await callGateway<{ id: string }>(request, {
    method: 'POST',
    namespace: 'core',
    path: 'internal/corporations',
    body: { name: 'Ade Haulage Limited' },
    token,
  });
  expect(corporation.code).toBe('OK');
  const state = await callGateway(request, {
    method: 'POST',
    namespace: 'core',
    path: `internal/corporations/${corporation.data.id}/states/LA`,
    body: { tax_payer_number: 'C-0012345' },
    token,
  });
  expect(state.code).toBe('OK');

  await page.goto('/dashboard');
  await expect(checklist).toBeVisible({ timeout: 20_000 });
  // The onboarding prompts never sit over the checklist.
  const prompts = page.locator('[data-testid^="onboarding-prompt-"]');
  await expect(prompts).toHaveCount(0);
  await expect(checklist.getByTestId('checklist-step-corporation')).toHaveAttribute('data-done', 'true');
  await expect(checklist.getByTestId('checklist-step-states')).toHaveAttribute('data-done', 'true');
  await expect(checklist).toContainText('3 of 5 steps done');
  await snap(page, 'deadlines-02-checklist-ticked');
  await checklist.getByRole('button', { name: 'Close checklist' }).click();

  // Then one prompt at a time: the wallet is empty, so funding it comes first.
  const fundPrompt = page.getByRole('dialog', { name: 'Fund your wallet' });
  await expect(fundPrompt).toBeVisible();
  await expect(fundPrompt).toContainText('1 of 4');
  await expect(prompts).toHaveCount(1);
  await snap(page, 'deadlines-03-onboarding-prompt');
  await fundPrompt.getByRole('button', { name: 'Got it!' }).click();
  await expect(fundPrompt).toHaveCount(0);
  // A corporation and a state exist already: the queue skips them and shifts to bills.
  const billsPrompt = page.getByRole('dialog', { name: 'Pay your first tax bill' });
  await expect(billsPrompt).toBeVisible();
  await expect(billsPrompt).toContainText('2 of 4');
  await billsPrompt.getByRole('button', { name: 'Got it!' }).click();
  await expect(prompts).toHaveCount(0);
  // Kept in the session: after a reload (the checklist opens again), no completed prompt returns.
  await page.reload();
  await expect(checklist).toBeVisible({ timeout: 20_000 });
  await checklist.getByRole('button', { name: 'Close checklist' }).click();
  await page.waitForTimeout(1000); // twice the queue's shift
  await expect(prompts).toHaveCount(0);

  // Registered this month: no alert yet, so no bell; Upcoming deadlines shows the next ones and
  // the calendar lists the next twelve months.
  await expect(page.getByRole('button', { name: /Tax alerts/ })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Upcoming deadlines' }).getByText('Nothing is owed now. Next:'),
  ).toBeVisible();
  await expect(page.getByRole('cell', { name: /PAYE tax for/ }).first()).toBeVisible();
  await snap(page, 'deadlines-04-dashboard-calendar');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Calendar (.ics)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tax-deadlines-\d{4}-\d{2}-\d{2}\.ics$/);
  const text = fs.readFileSync(await download.path(), 'utf8');
  const { calendar, events } = parseICalendar(text);
  expect(calendar[0]).toBe('BEGIN:VCALENDAR');
  expect(calendar.at(-1)).toBe('END:VCALENDAR');
  expect(calendar).toContain('VERSION:2.0');
  expect(events.length).toBeGreaterThanOrEqual(12);
  for (const event of events) {
    expect(event['DTSTART;VALUE=DATE']).toMatch(/^\d{8}$/);
    // Each month's PAYE and WHT, and the year's employer's annual return (due 31 January).
    expect(event.SUMMARY).toMatch(
      /^(PAYE tax for \w+|Withholding tax for \w+|Annual return \(Form H1\) for) \d{4}: Ade Haulage Limited\\, Lagos/,
    );
    expect(event.UID).toBeTruthy();
  }
  // Twelve months ahead always hold one 31 January.
  expect(events.filter((event) => event.SUMMARY.startsWith('Annual return (Form H1)'))).toHaveLength(1);
  // One event per deadline of the calendar, on its due date.
  const organisationId = await organisationIdOf(page);
  expect(eventDates(events)).toEqual(await calendarDeadlines(request, token, organisationId));

  // The subscription link serves the same calendar to a calendar app, with no session.
  const feed = await readFeed(page, request);
  expect(eventDates(feed.events)).toEqual(eventDates(events));
  await expect(page.getByTestId('deadline-feed').getByRole('button', { name: 'Copy link' })).toBeEnabled();
  await snap(page, 'deadlines-05-calendar-feed');
});

/** 'YYYY-MM' of n months before this one, in Lagos. */
function monthsAgo(n: number): string {
  const [year, month] = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' }).split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1 - n, 1));
  return date.toISOString().slice(0, 7);
}

/** 'August 2026'. */
function monthName(period: string): string {
  return new Date(`${period}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A two-employee payroll whose declared tax is the engine's for the month. */
function payroll(period: string) {
  const records = [
    { tin: 'N-1234567', name: 'Adaeze Okafor', gross: '450000.00' },
    { tin: 'N-7654321', name: 'Musa Ibrahim', gross: '280000.00' },
  ].map((employee) => basicPayRow(employee, period));
  return {
    file: csvUpload(`payroll-${period}.csv`, [
      PAYE_TEMPLATE_HEADERS.join(','),
      ...records.map((record) => PAYE_TEMPLATE_HEADERS.map((header) => record[header]).join(',')),
    ]),
    amountDue: records.reduce((sum, record) => sum + Math.round(Number(record.tax_payable) * 100), 0),
  };
}

function naira(kobo: number): string {
  return `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

test(
  'an organisation with unpaid months sees the alerts bell, pays a month from its alert, the alert is gone, and the chart and calendar show the ' +
    'payment',
  async ({ page, request }) => {
    test.setTimeout(120_000);
    // Seeded before the server started (apps/server/test/e2e-overdue-organisation.ts): Lagos registered three months ago, wallet funded.
    const [oldest, middle, last] = [monthsAgo(3), monthsAgo(2), monthsAgo(1)];
    const login = new LoginPage(page);
    await login.open();
    await login.logIn(OVERDUE_OWNER.email, OVERDUE_OWNER.password);
    await new AppShell(page).expectHello(OVERDUE_OWNER.firstName);
    const checklist = page.getByRole('dialog', { name: 'Get started with Levy' });
    await expect(checklist).toBeVisible({ timeout: 20_000 });
    await checklist.getByRole('button', { name: 'Close checklist' }).click();
    // Funded, with a corporation and a state: the one prompt left is the first bill.
    const billsPrompt = page.getByRole('dialog', { name: 'Pay your first tax bill' });
    await expect(billsPrompt).toBeVisible();
    await billsPrompt.getByRole('button', { name: 'Got it!' }).click();

    // The bell: three unpaid months of PAYE and of WHT (owed from the same first month, no WHT bill
    // made), oldest deadline first.
    const bell = page.getByRole('button', { name: 'Tax alerts (6)' });
    await expect(bell).toBeVisible();
    await bell.click();
    const alertsPopover = page.getByRole('dialog', { name: /Tax alerts/ });
    const items = alertsPopover.getByTestId('alert-item');
    await expect(items).toHaveCount(6);
    await expect(items.nth(0)).toContainText(`PAYE tax for ${monthName(oldest)}, due by`);
    await expect(items.nth(1)).toContainText(`Withholding tax for ${monthName(oldest)}, due by`);
    await expect(items.nth(2)).toContainText(`PAYE tax for ${monthName(middle)}, due by`);
    await expect(items.nth(4)).toContainText(`PAYE tax for ${monthName(last)}, due by`);
    // The WHT owed is unknown: the rule is said, no figure is made up.
    await expect(items.nth(1)).toContainText('a late penalty grows daily on the tax due');
    await expect(items.nth(0)).toContainText('Balogun Foods Ikeja Limited · Lagos');
    await expect(items.nth(0)).toContainText(/\d+ days overdue/);
    await snap(page, 'deadlines-06-alerts-bell');

    // The alert opens Pay Taxes with corporation, state and month filled in.
    await items.nth(0).click();
    const dialog = page.getByRole('dialog', { name: 'PAYE Generate Bill' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/bills$/);
    await expect(dialog.getByRole('combobox', { name: /^Corporation/ })).toHaveValue('Balogun Foods Ikeja Limited');
    await expect(dialog.getByRole('combobox', { name: /^State/ })).toHaveValue('Lagos · C-0054321');
    await expect(dialog.getByRole('button', { name: /Tax month/ })).toHaveText(monthName(oldest));
    await snap(page, 'deadlines-07-pay-taxes-prefilled');

    const payTaxes = new PayTaxes(page);
    const payslips = payroll(oldest);
    await payTaxes.attach(dialog, payslips.file);
    await dialog.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByRole('dialog', { name: 'PAYE Generate Bill · Summary' })).toContainText(monthName(oldest));
    await page
      .getByRole('dialog', { name: 'PAYE Generate Bill · Summary' })
      .getByRole('button', { name: 'Generate' })
      .click();
    await new AppShell(page).expectToast('Bill generated successfully');

    // The session's alerts are read again: the paid month's alert is gone, the other five stay.
    const fewer = page.getByRole('button', { name: 'Tax alerts (5)' });
    await expect(fewer).toBeVisible();
    // The new bill's drawer is open over the list: close it, then open the bell.
    const drawer = new BillsList(page).drawer(/^PAYE-LA-/);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toHaveCount(0);
    await fewer.click();
    await expect(items).toHaveCount(5);
    await expect(alertsPopover.getByText(`PAYE tax for ${monthName(oldest)}`)).toHaveCount(0);
    await expect(items.nth(1)).toContainText(`PAYE tax for ${monthName(middle)}`);
    await page.keyboard.press('Escape');

    // The dashboard: the chart has the bill under the tax month it paid (not the day it was paid), the calendar marks the month paid.
    await new AppShell(page).goTo('Dashboard');
    const chart = page.getByRole('region', { name: 'Tax paid per month' });
    // Named as the server names it: Node's en-GB writes September "Sept", the chart "Sep".
    const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const paidMonthLabel = `${shortMonths[Number(oldest.slice(5, 7)) - 1]} ${oldest.slice(0, 4)}`;
    await expect(chart.locator('.recharts-cartesian-axis-tick-value', { hasText: paidMonthLabel })).toBeVisible();
    // One bar drawn (the paid month's PAYE; empty months draw none); its tooltip names the month and the amount paid.
    const bars = chart.locator('.recharts-bar-rectangle path');
    await expect(bars).toHaveCount(1);
    await bars.first().hover();
    const tooltip = chart.locator('.recharts-tooltip-wrapper');
    await expect(tooltip).toContainText(paidMonthLabel);
    await expect(tooltip).toContainText(`PAYE${naira(payslips.amountDue)}`);
    // The calendar lists the next twelve months and what is overdue: the paid month has left it.
    const middleRow = page.getByRole('row').filter({ hasText: `PAYE tax for ${monthName(middle)}` });
    await expect(middleRow).toHaveAttribute('data-status', 'overdue');
    // The penalty so far, estimated on the payroll on file (the month's known tax), in naira with thousands separators like every other amount.
    await expect(middleRow).toContainText(
      /Overdue \d+ days · ₦\d{1,3}(,\d{3})*\.\d{2} so far, \+₦\d{1,3}(,\d{3})*\.\d{2} a week/,
    );
    await expect(page.getByRole('row').filter({ hasText: `PAYE tax for ${monthName(oldest)}` })).toHaveCount(0);
    await snap(page, 'deadlines-08-dashboard-after-payment');

    // The .ics download and the feed: one event per deadline, on its due date.
    const token = await sessionToken(page);
    const deadlines = await calendarDeadlines(request, token, await organisationIdOf(page));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Calendar (.ics)' }).click();
    const download = await downloading;
    const { events } = parseICalendar(fs.readFileSync(await download.path(), 'utf8'));
    expect(eventDates(events)).toEqual(deadlines);
    expect(events.find((event) => event.SUMMARY.startsWith(`PAYE tax for ${monthName(oldest)}`))).toBeUndefined();
    expect(events.find((event) => event.SUMMARY.startsWith(`PAYE tax for ${monthName(middle)}`))?.SUMMARY).toMatch(
      /\(overdue\)$/,
    );
    const feed = await readFeed(page, request);
    expect(eventDates(feed.events)).toEqual(deadlines);
  },
);
