import { expect, test } from '../support/fixtures';
import { callGateway, DEMO, linkFromMailbox, NEW_USER_PASSWORD, uniqueEmail } from '../support/api';
import { snap } from '../support/screenshots';
import { LoginPage } from '../pages/auth-pages';
import { StartPage } from '../pages/organisation-pages';

test('forgot password: the reset link sets a new password that logs in', async ({ page, request }) => {
  const email = uniqueEmail('forgetful');
  const registered = await callGateway(request, {
    method: 'POST',
    namespace: 'public',
    path: 'users/register',
    body: {
      first_name: 'Bola',
      last_name: 'Ige',
      email,
      password: NEW_USER_PASSWORD,
      phone: '+2348011111111',
      marketing_source_id: 2,
    },
  });
  expect(registered.code).toBe('OK');

  const login = new LoginPage(page);
  await login.open();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/we have sent it a link to reset the password/)).toBeVisible();
  await snap(page, '19-forgot-password');

  await page.goto(await linkFromMailbox(request, email, 'purpose=reset_password'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password must be 8 or more characters')).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('a-brand-new-secret');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('a-brand-new-secret');
  await snap(page, '20-reset-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed. Log in with the new password.')).toBeVisible();

  await page.getByRole('link', { name: 'Log in' }).click();
  await login.logIn(email, 'a-brand-new-secret');
  await new StartPage(page).expectOpen();
});

test('a wrong password is refused with the server’s message', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(uniqueEmail('nobody'), 'not-the-password');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' }).first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('opening an email link signs out whoever was signed in first', async ({ page }) => {
  await new LoginPage(page).open();
  await new LoginPage(page).logIn(DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/authenticate?token=not-a-real-token&purpose=verify_email');
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText('We could not verify your email')).toBeVisible();
  const storedToken = await page.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem('tx-store') ?? '{}') as { state?: { token?: string | null } }).state?.token ??
      null,
  );
  expect(storedToken).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});
