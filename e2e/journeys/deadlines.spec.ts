import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { callGateway, linkFromMailbox, NEW_USER_PASSWORD, uniqueEmail } from '../support/api';
import { snap } from '../support/screenshots';
import { AppShell } from '../pages/app-shell';
import { RegisterPage } from '../pages/auth-pages';
import { OnboardingPage, StartPage } from '../pages/organisation-pages';

async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('tx-store') ?? '{}') as { state?: { token?: string } }).state?.token ?? null);
  expect(token).toBeTruthy();
  return token!;
}

/** Unfolds RFC 5545 lines and reads each VEVENT's properties. */
function parseICalendar(text: string): { calendar: string[]; events: Array<Record<string, string>> } {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
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

test('a new owner sees the checklist open after a second, adds a corporation and a state, sees the steps tick, and downloads the deadline calendar', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('deadlines');
  const register = new RegisterPage(page);
  await register.open();
  await register.signUp({ firstName: 'Bola', lastName: 'Ade', email, phone: '+2348031234567', password: NEW_USER_PASSWORD, source: 'Accountant or tax consultant' });
  await page.goto(await linkFromMailbox(request, email, '/authenticate?token='));
  await new StartPage(page).createOrganisation();
  const onboarding = new OnboardingPage(page);
  await onboarding.expectOpen();
  await onboarding.fill({ legalName: 'Ade Logistics Limited', cacNumber: 'RC7654321', taxId: 'C-0012345', businessType: 'Limited liability company', industry: 'Manufacturing', address: '3 Marina, Lagos Island', state: 'Lagos', phone: '+2348031234567', website: 'adelogistics.ng' });
  await onboarding.attachCertificate();
  await onboarding.complete();
  await new AppShell(page).expectHello('Bola');

  // The checklist is not there at once; it opens about a second later.
  const checklist = page.getByRole('dialog', { name: 'Get started with Levy' });
  await expect(checklist).toHaveCount(0);
  await expect(checklist).toBeVisible();
  await expect(checklist.getByTestId('checklist-step-account')).toHaveAttribute('data-done', 'true');
  await expect(checklist.getByTestId('checklist-step-corporation')).toHaveAttribute('data-done', 'false');
  await expect(checklist).toContainText('1 of 5 steps done');
  await snap(page, 'deadlines-01-checklist-open');

  // Follow the first open step: it leads to Corporations.
  await checklist.getByRole('link', { name: 'Add a corporation' }).click();
  await expect(page).toHaveURL(/\/corporations$/);
  const token = await sessionToken(page);
  const corporation = await callGateway<{ id: string }>(request, { method: 'POST', namespace: 'core', path: 'internal/corporations', body: { name: 'Ade Haulage Limited' }, token });
  expect(corporation.code).toBe('OK');
  const state = await callGateway(request, { method: 'POST', namespace: 'core', path: `internal/corporations/${corporation.data.id}/states/LA`, body: { tax_payer_number: 'C-0012345' }, token });
  expect(state.code).toBe('OK');

  await page.goto('/dashboard');
  await expect(checklist).toBeVisible();
  await expect(checklist.getByTestId('checklist-step-corporation')).toHaveAttribute('data-done', 'true');
  await expect(checklist.getByTestId('checklist-step-states')).toHaveAttribute('data-done', 'true');
  await expect(checklist).toContainText('3 of 5 steps done');
  await snap(page, 'deadlines-02-checklist-ticked');
  await checklist.getByRole('button', { name: 'Close checklist' }).click();

  // Registered this month: no alert yet, so no bell; Upcoming deadlines shows the next ones and
  // the calendar lists the next twelve months.
  await expect(page.getByRole('button', { name: /Tax alerts/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Upcoming deadlines' }).getByText('Nothing is owed now. Next:')).toBeVisible();
  await expect(page.getByRole('cell', { name: /PAYE tax for/ }).first()).toBeVisible();
  await snap(page, 'deadlines-03-dashboard-calendar');

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
    expect(event.SUMMARY).toMatch(/^PAYE tax for \w+ \d{4}: Ade Haulage Limited\\, Lagos/);
    expect(event.UID).toBeTruthy();
  }
});
