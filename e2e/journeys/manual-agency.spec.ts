import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PAYE_TEMPLATE_HEADERS } from '@levy/tax';
import { freePort, startProcess, stop } from '../../apps/server/test/processes';
import { NEW_USER_PASSWORD } from '../support/api';
import { expect, test as journeyTest } from '../support/fixtures';
import { onboardedOwner } from '../support/owners';
import { snap } from '../support/screenshots';
import { AppShell } from '../pages/app-shell';
import { chooseOption, LoginPage } from '../pages/auth-pages';

// Where a revenue service has no API (STATE_AGENCY=manual, docs/decisions/0045), every step Levy
// cannot take online is said to be manual and done by the user: the Tax ID's name confirmed on the
// state portal, payroll consent attested, the payroll filed on the portal from Levy's schedule and
// its acknowledgement recorded. This journey runs its own server in that mode, on its own database.

const test = journeyTest.extend<object, { manualServerUrl: string }>({
  manualServerUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const folder = path.resolve(`.test-data/manual-agency-${Date.now()}`);
      const webDistDir = path.join(folder, 'web');
      const build = spawnSync('npm', ['run', 'build', '--workspace', '@levy/web', '--', '--outDir', webDistDir], {
        encoding: 'utf8',
      });
      if (build.status !== 0) throw new Error(`the web app did not build:\n${build.stderr}`);
      const port = await freePort();
      // Always the embedded database, as the other journeys' server: startProcess leaves DATABASE_URL out.
      const { child } = await startProcess(folder, 'manual-server', 'apps/server/src/server.ts', port, {
        DATA_DIR: path.join(folder, 'data'),
        WEB_DIST_DIR: webDistDir,
        NODE_ENV: 'development',
        STATE_AGENCY: 'manual',
        LOG_LEVEL: 'warn',
      });
      try {
        await use(`http://localhost:${port}`);
      } finally {
        await stop(child);
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ manualServerUrl }, use) => use(manualServerUrl),
});

// NTA 2025's PAYE on a gross that is all basic pay (pension at 8%): the payroll is as the law reads it.
const EMPLOYEES = [
  ['N-1234567', 'Adaeze Okafor', '500000.00', '65300.00'],
  ['N-7654321', 'Musa Ibrahim', '250000.00', '24500.00'],
];
const PAYROLL = Buffer.from(
  `${PAYE_TEMPLATE_HEADERS.join(',')}\n` +
    EMPLOYEES.map(
      ([tin, name, gross, tax]) => `${tin},${name},Nigerian,Officer,${gross},${tax},${gross},0,0,0,0,0,0,0,0,0,0,0`,
    ).join('\n') +
    '\n',
);

const JOURNEY =
  'with no online revenue service: the name confirmed, consent attested, the payroll filed by hand and its acknowledgement recorded';

for (const screen of [
  { name: 'a wide screen', viewport: { width: 1280, height: 800 }, prefix: 'manual-agency-1280' },
  { name: 'a phone', viewport: { width: 390, height: 844 }, prefix: 'manual-agency-390' },
]) {
  test(`on ${screen.name}, ${JOURNEY}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(screen.viewport);
    const corporationName = 'Delta Harbour Foods';
    const owner = await onboardedOwner(request, {
      prefix: 'manual-agency',
      firstName: 'Ngozi',
      lastName: 'Eze',
      legalName: 'Delta Harbour Foods Limited',
      corporationName,
    });
    const login = new LoginPage(page);
    await login.open();
    await login.logIn(owner.email, NEW_USER_PASSWORD);
    await new AppShell(page).expectHello('Ngozi');
    await page.goto(`/corporations/${owner.corporationId}`);

    // The Tax ID is checked for its form only; Save waits for the user to confirm the name on the portal.
    await page.getByRole('button', { name: 'Add New State' }).click();
    const addState = page.getByRole('dialog', { name: 'Add New State' });
    await chooseOption(page, 'State', 'Lagos');
    await addState.getByRole('textbox', { name: 'Tax ID' }).fill('C-0054321');
    await addState.getByRole('button', { name: 'Proceed' }).click();
    const nameToConfirm = addState.getByTestId('taxpayer-name-to-confirm');
    await expect(nameToConfirm).toContainText("Manual step: confirm the taxpayer's name");
    await expect(nameToConfirm).toContainText(
      'Levy has no online connection to Lagos State Internal Revenue Service, so it cannot look this Tax ID up.',
    );
    await expect(addState.getByRole('button', { name: 'Save' })).toBeDisabled();
    await snap(page, `${screen.prefix}-01-confirm-name`);
    await nameToConfirm
      .getByRole('checkbox', {
        name: `On the Lagos State Internal Revenue Service portal, C-0054321 is registered to ${corporationName}`,
      })
      .check();
    await addState.getByRole('button', { name: 'Save' }).click();
    await new AppShell(page).expectToast('State added successfully');
    const lagos = page.getByRole('table', { name: 'Registered states' }).getByRole('row').filter({ hasText: 'Lagos' });
    await expect(lagos).toContainText('C-0054321');

    // Consent: no code exists to send; the user's attestation is recorded instead.
    await page.getByRole('button', { name: 'Actions for Lagos' }).click();
    await page.getByRole('menuitem', { name: 'Manage Payroll' }).click();
    const payroll = page.getByRole('dialog', { name: 'Manage Payroll' });
    await expect(payroll.getByText('Manual step: no consent code')).toBeVisible();
    const recordConsent = payroll.getByRole('button', { name: 'Record consent' });
    await expect(recordConsent).toBeDisabled();
    await snap(page, `${screen.prefix}-02-attest-consent`);
    await payroll.getByRole('checkbox', { name: /^I confirm that .+ consents to Levy managing its payroll/ }).check();
    await recordConsent.click();
    await expect(payroll.getByText('Consent given')).toBeVisible();

    // The payroll is kept in Levy, then filed by hand: the schedule to upload on the portal, and
    // the acknowledgement the portal gives, recorded once.
    await payroll
      .locator('input[type="file"]')
      .setInputFiles({ name: 'payroll.csv', mimeType: 'text/csv', buffer: PAYROLL });
    await expect(payroll.getByTestId('payroll-preview-summary')).toHaveText(
      '2 employees · total tax payable ₦89,800.00',
    );
    await payroll.getByRole('button', { name: 'Upload payroll' }).click();
    const filing = payroll.getByRole('alert').filter({
      hasText: 'Manual step: file the payroll on the Lagos State Internal Revenue Service portal',
    });
    await expect(filing).toBeVisible();
    await snap(page, `${screen.prefix}-03-file-by-hand`);

    const downloading = page.waitForEvent('download');
    await filing.getByRole('button', { name: 'Download schedule (CSV)' }).click();
    const schedule = fs.readFileSync(await (await downloading).path(), 'utf8');
    for (const [tin, name] of EMPLOYEES) expect(schedule).toContain(`${tin},${name}`);
    expect(schedule).toContain('C-0054321');

    await filing.getByRole('button', { name: 'Record acknowledgement' }).click();
    await expect(filing.getByText('Enter the acknowledgement the portal gave')).toBeVisible();
    await filing.getByRole('textbox', { name: 'Acknowledgement from the portal' }).fill('LIRS-ACK-2026-000981');
    await filing.getByRole('button', { name: 'Record acknowledgement' }).click();
    const recorded = payroll.getByRole('alert').filter({ hasText: 'Acknowledgement recorded: LIRS-ACK-2026-000981' });
    await expect(recorded).toContainText(
      'The payroll was filed by hand on the Lagos State Internal Revenue Service portal',
    );
    await recorded.scrollIntoViewIfNeeded();
    await snap(page, `${screen.prefix}-04-acknowledged`);
  });
}
