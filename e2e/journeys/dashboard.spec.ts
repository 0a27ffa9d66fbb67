import { expect, test } from '../support/fixtures';
import { NEW_USER_PASSWORD } from '../support/api';
import { expectInside, expectNotClipped } from '../support/layout';
import { onboardedOwner } from '../support/owners';
import { snap } from '../support/screenshots';
import { LoginPage } from '../pages/auth-pages';
import { fundWallet, registerState } from '../pages/bills-pages';

test('the largest balance fits its cards on a phone, a tablet and a laptop; a state registered this month shows its next deadline', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await onboardedOwner(request, {
    prefix: 'balance',
    firstName: 'Tunde',
    lastName: 'Bakare',
    legalName: 'Bakare Holdings Limited',
    corporationName: 'Bakare Logistics Ltd',
  });
  await registerState(request, owner.token, owner.corporationId, 'LA', 'C-0012345');
  await fundWallet(request, owner.token, owner.organisationId, '999999999999.99');
  // This journey is about the figures: the onboarding prompts (tested in the deadlines journey) are
  // already done for the session, so none moves the layout while the viewport changes.
  await page.addInitScript(
    (key) =>
      sessionStorage.setItem(
        key,
        JSON.stringify({ completed: ['organisation-wallet', 'corporations', 'corporation-wallet', 'states', 'bills'] }),
      ),
    `levy.prompts.${owner.organisationId}`,
  );

  const login = new LoginPage(page);
  await login.open();
  await login.logIn(owner.email, NEW_USER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Nothing is owed for a month that has not ended, but the coming deadline shows.
  const deadlines = page.getByRole('region', { name: 'Upcoming deadlines' });
  await expect(deadlines.getByText('Nothing is owed now. Next:')).toBeVisible();
  await expect(deadlines.getByTestId('next-deadline').first()).toContainText('Bakare Logistics Ltd · Lagos');
  await expect(deadlines.getByText(/once your corporations are registered/)).toHaveCount(0);

  const card = page.getByRole('region', { name: 'Total balance' });
  const figure = card.getByTestId('stat-card-value');
  const walletBalance = page.getByLabel('Balance of Bakare Holdings Limited');
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(figure).toHaveText('₦999,999,999,999.99');
    await expectNotClipped(figure);
    await expectInside(figure, card);
    await expect(walletBalance).toHaveText('₦999,999,999,999.99');
    await expectNotClipped(walletBalance);
    await snap(page, `dashboard-balance-${width}`);
  }
});
