import { type APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { callGateway, inviteToDemo, NEW_USER_PASSWORD, uniqueEmail } from '../support/api';
import { snap } from '../support/screenshots';
import { AppShell } from '../pages/app-shell';
import { LoginPage } from '../pages/auth-pages';

/** A member of the demo organisation, set up through the API as the invite journey does by hand. */
async function createMember(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('viewer');
  const ott = await inviteToDemo(request, email);
  const invitation = await callGateway<{ id: string; organisation: { id: string } }>(request, {
    method: 'POST',
    namespace: 'public',
    path: 'organisations/users/invite/verify',
    body: { ott },
  });
  const registered = await callGateway<{ session: { token: string } }>(request, {
    method: 'POST',
    namespace: 'public',
    path: 'users/register',
    body: {
      first_name: 'Kemi',
      last_name: 'Adeyemi',
      email,
      password: NEW_USER_PASSWORD,
      phone: '+2348020000000',
      marketing_source_id: 1,
      invitation_token: ott,
    },
  });
  const accepted = await callGateway(request, {
    method: 'POST',
    namespace: 'auth',
    path: `organisations/${invitation.data.organisation.id}/users/invite/${invitation.data.id}`,
    token: registered.data.session.token,
  });
  expect(accepted.code).toBe('OK');
  return email;
}

test('a visitor opening the dashboard lands on home; unknown paths show the error page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign up' }).first()).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await snap(page, '16-error-page');
});

test('a member opening a page without permission is refused; reload keeps the session, a new tab does not', async ({
  page,
  request,
  context,
}) => {
  const email = await createMember(request);
  await new LoginPage(page).open();
  await new LoginPage(page).logIn(email, NEW_USER_PASSWORD);
  const shell = new AppShell(page);
  await shell.expectHello('Kemi');

  // Onboarding needs auth-organisation.update, which members do not have.
  await page.goto('/onboarding');
  await shell.expectToast('You are not authorized to view the requested page.');
  await expect(page).not.toHaveURL(/\/onboarding$/);
  await snap(page, '17-access-denied');

  // In-app navigation is refused too, and the member stays where they were.
  await shell.goTo('Team Members');
  await expect(page).toHaveURL(/\/organisation$/);
  await page.evaluate(() => {
    window.history.pushState({}, '', '/onboarding');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/organisation$/);

  await page.reload();
  await expect(page).toHaveURL(/\/organisation$/);
  await expect(page.getByRole('heading', { name: 'Team Members', level: 1 })).toBeVisible();

  const newTab = await context.newPage();
  await newTab.goto('/dashboard');
  await expect(newTab).toHaveURL(/\/$/);
  await expect(newTab.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await newTab.close();
});

test('the development mailbox lists the mail Levy sent', async ({ page }) => {
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { name: 'Development mailbox' })).toBeVisible();
  await snap(page, '18-dev-mailbox');
});
