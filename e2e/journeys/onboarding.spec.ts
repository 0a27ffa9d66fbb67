import { expect, test } from '../support/fixtures';
import { linkFromMailbox, NEW_USER_PASSWORD, uniqueEmail } from '../support/api';
import { snap } from '../support/screenshots';
import { AppShell } from '../pages/app-shell';
import { LoginPage, RegisterPage } from '../pages/auth-pages';
import { OnboardingPage, StartPage } from '../pages/organisation-pages';

test('sign up, verify the email, create an organisation, complete onboarding, see Hello on the dashboard', async ({
  page,
  request,
}) => {
  // The whole first day of an owner, on a shared machine: the dashboard's checklist and prompts are dismissed on the way.
  test.setTimeout(90_000);
  const email = uniqueEmail('owner');

  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Tax compliance for Nigerian businesses/ })).toBeVisible();
  await snap(page, '01-home');

  const register = new RegisterPage(page);
  await register.open();
  await snap(page, '02-register');
  await register.signUp({
    firstName: 'Chidinma',
    lastName: 'Eze',
    email,
    phone: '+2348031234567',
    password: NEW_USER_PASSWORD,
    source: 'Accountant or tax consultant',
  });
  await expect(page.getByRole('link', { name: 'development mailbox' })).toBeVisible();
  await snap(page, '03-check-email');

  const verificationLink = await linkFromMailbox(request, email, '/authenticate?token=');
  await page.goto(verificationLink);

  const start = new StartPage(page);
  await start.expectOpen();
  await snap(page, '04-start');
  await start.createOrganisation();

  const onboarding = new OnboardingPage(page);
  await onboarding.expectOpen();
  await onboarding.fill({
    legalName: 'Eze Foods Limited',
    cacNumber: 'RC1234567',
    taxId: 'C-0012345',
    businessType: 'Limited liability company',
    industry: 'Manufacturing',
    address: '14 Awolowo Road, Ikoyi',
    state: 'Lagos',
    phone: '+2348031234567',
    website: 'ezefoods.ng',
  });
  await onboarding.attachCertificate();
  await expect(page.getByTestId('identity-progress')).toHaveText('9 of 9 complete');
  await snap(page, '05-onboarding');
  await onboarding.complete();

  const shell = new AppShell(page);
  await shell.expectHello('Chidinma');
  await expect(page.getByRole('region', { name: 'Corporations' })).toContainText('0');
  await expect(page.getByRole('region', { name: 'Total balance' })).toContainText('₦0.00');
  await expect(page.getByText('No alerts at the moment')).toBeVisible();
  await snap(page, '06-dashboard');

  await shell.goTo('Settings');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Chidinma');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Eze-Okonkwo');
  await page.getByRole('button', { name: 'Save details' }).click();
  await shell.expectToast('Profile updated successfully');
  await page.getByRole('textbox', { name: 'Current password' }).fill(NEW_USER_PASSWORD);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('a-second-long-secret');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('a-second-long-secret');
  await snap(page, '07-settings-profile');
  await page.getByRole('button', { name: 'Change password' }).click();
  await shell.expectToast('Password changed successfully');
  await page.getByRole('tab', { name: 'Organisation' }).click();
  await expect(page.getByRole('textbox', { name: 'Organisation name' })).toHaveValue('Eze Foods Limited');
  await expect(page.getByText('cac-certificate.pdf')).toBeVisible();
  await snap(page, '08-settings-organisation');

  // One wallet per corporation moves transactions into each corporation: the menu entry hides.
  const navigation = page.getByRole('navigation', { name: 'Main' });
  await expect(navigation.getByRole('link', { name: 'Transactions' })).toBeVisible();
  await page.getByRole('switch', { name: 'Each corporation has its own wallet' }).click();
  await shell.expectToast('Settings saved successfully');
  await expect(navigation.getByRole('link', { name: 'Transactions' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Each corporation has its own wallet' }).click();
  await expect(navigation.getByRole('link', { name: 'Transactions' })).toBeVisible();

  await shell.openProfileMenu();
  await expect(page.getByRole('dialog').getByText(email)).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Chidinma Eze-Okonkwo')).toBeVisible();
  await snap(page, '09-profile-menu');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => sessionStorage.getItem('tx-store'))).toBeNull();

  // The new password is the one that works now.
  await new LoginPage(page).open();
  await new LoginPage(page).logIn(email, 'a-second-long-secret');
  await shell.expectHello('Chidinma');
});
