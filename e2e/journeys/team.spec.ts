import { expect, test } from '../support/fixtures';
import {
  callGateway,
  createVerifiedUser,
  DEMO,
  inviteToDemo,
  linkFromMailbox,
  NEW_USER_PASSWORD,
  uniqueEmail,
} from '../support/api';
import { snap } from '../support/screenshots';
import { AppShell } from '../pages/app-shell';
import { fillSignUp, LoginPage } from '../pages/auth-pages';
import { StartPage } from '../pages/organisation-pages';
import { InvitationPage, TeamPage } from '../pages/team-page';

test('an admin invites a member, who signs up from the link, accepts, and sees the team without inviting rights', async ({
  browser,
  page,
  request,
}) => {
  const memberEmail = uniqueEmail('member');

  // The admin (the demo owner) invites a member.
  await new LoginPage(page).open();
  await snap(page, '10-login');
  await new LoginPage(page).logIn(DEMO.email, DEMO.password);
  const adminShell = new AppShell(page);
  await adminShell.expectHello(DEMO.firstName);
  await adminShell.goTo('Team Members');
  const adminTeam = new TeamPage(page);
  await adminTeam.expectOpen();
  await adminTeam.inviteButton.click();
  await snap(page, '11-invite-dialog');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await adminTeam.invite(memberEmail, 'Member');
  await adminShell.expectToast('Invite sent successfully');
  await expect(adminTeam.row(memberEmail)).toContainText('Invited');
  await expect(adminTeam.row(memberEmail)).toContainText('Member');
  await snap(page, '12-team-with-invitation');

  // The member opens the link in their own browser, signs up and accepts.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const invitationLink = await linkFromMailbox(request, memberEmail, '/invite/');
  await member.goto(invitationLink);
  const invitation = new InvitationPage(member);
  await invitation.expectFor('Demo Industries Limited');
  await expect(member.getByRole('textbox', { name: 'Email address' })).toHaveValue(memberEmail);
  await fillSignUp(
    member,
    {
      firstName: 'Tunde',
      lastName: 'Bakare',
      email: memberEmail,
      phone: '+2348059876543',
      password: NEW_USER_PASSWORD,
      source: 'Friend or colleague',
    },
    { emailIsFixed: true },
  );
  await snap(member, '13-invitation-sign-up');
  await member.getByRole('button', { name: 'Create account' }).click();
  await expect(member.getByRole('button', { name: 'Accept invitation' })).toBeVisible();
  await snap(member, '14-invitation-accept');
  await invitation.accept();

  const memberShell = new AppShell(member);
  await memberShell.expectHello('Tunde');
  await memberShell.goTo('Team Members');
  const memberTeam = new TeamPage(member);
  await memberTeam.expectOpen();
  await expect(memberTeam.row(memberEmail)).toContainText('Active');
  await expect(memberTeam.inviteButton).toHaveCount(0);
  await expect(memberShell.inviteUserButton).toHaveCount(0);
  await snap(member, '15-team-as-member');
  // Newest first: the owner may be on a later page of a busy team, so find them by name.
  await memberTeam.search('Okafor');
  await expect(memberTeam.row(DEMO.email)).toContainText('Owner');
  await expect(member.getByTestId('pagination-range')).toHaveText('1 - 1 of 1');

  // The server refuses the member's invite even when called directly.
  const token = await member.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem('tx-store') ?? '{}') as { state?: { token?: string } }).state?.token ?? null,
  );
  expect(token).toBeTruthy();
  const refused = await callGateway(request, {
    method: 'POST',
    namespace: 'auth',
    path: 'organisations/users/invite',
    body: { email: uniqueEmail('someone'), role_id: 2 },
    token,
  });
  expect(refused.code).toBe('FORBIDDEN');

  // Back with the admin: the invitation is now an active member; search finds them.
  await page.getByRole('button', { name: 'Refresh data' }).click();
  await expect(adminTeam.row(memberEmail)).toContainText('Active');
  // Other journeys share the demo organisation, so search by what only this member has.
  await adminTeam.search(memberEmail);
  await expect(adminTeam.row(memberEmail)).toContainText('Tunde Bakare');
  await expect(page.getByTestId('pagination-range')).toHaveText('1 - 1 of 1');
  await memberContext.close();
});

test('an admin resends an invitation, changes its role, then cancels it', async ({ page }) => {
  const email = uniqueEmail('pending');
  await new LoginPage(page).open();
  await new LoginPage(page).logIn(DEMO.email, DEMO.password);
  const shell = new AppShell(page);
  await shell.expectHello(DEMO.firstName);
  await shell.goTo('Team Members');
  const team = new TeamPage(page);
  await team.invite(email, 'Member');

  // The filter narrows the list to invitations added this month.
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('dialog').getByText('Invited', { exact: true }).click();
  await page.getByRole('dialog').getByText('This month', { exact: true }).click();
  await snap(page, '21-team-filter');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(team.row(email)).toBeVisible();
  await expect(team.row(DEMO.email)).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Active' })).toHaveCount(0);
  // Reset brings back everyone: more people than the invitations alone (the demo organisation is
  // shared by other journeys, so its owner may be on a later page).
  const totalOf = async () =>
    Number(/of (\d+)$/.exec((await page.getByTestId('pagination-range').textContent()) ?? '')?.[1]);
  const invitations = await totalOf();
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect.poll(totalOf).toBeGreaterThan(invitations);
  await expect(team.row(email)).toBeVisible();

  await team.openOptions(email);
  await page.getByRole('menuitem', { name: 'Resend invitation' }).click();
  const resend = page.getByRole('dialog', { name: 'Resend Invitation' });
  await expect(resend.getByRole('textbox', { name: 'Email address' })).toHaveValue(email);
  await snap(page, '22-resend-invitation');
  await resend.getByRole('button', { name: 'Resend invite' }).click();
  await shell.expectToast('Invite resent successfully');

  await team.openOptions(email);
  await page.getByRole('menuitem', { name: 'Change role' }).click();
  const changeRole = page.getByRole('dialog', { name: /Change role/ });
  await changeRole.getByRole('radio', { name: 'Admin' }).check();
  await changeRole.getByRole('button', { name: 'Save role' }).click();
  await shell.expectToast('Role updated successfully');
  await expect(team.row(email)).toContainText('Admin');

  await team.openOptions(email);
  await page.getByRole('menuitem', { name: 'Cancel invitation' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel invitation' });
  await expect(confirm).toContainText(`The invitation to ${email} will stop working.`);
  await snap(page, '23-cancel-invitation');
  await confirm.getByRole('button', { name: 'Cancel invitation' }).click();
  await shell.expectToast('Member removed successfully');
  await expect(team.row(email)).toHaveCount(0);
});

test('someone who already has an account signs in from the invitation and accepts', async ({ page, request }) => {
  const email = await createVerifiedUser(request, 'existing', 'Ngozi');
  const ott = await inviteToDemo(request, email);
  await page.goto(`/invite/${ott}`);
  const invitation = new InvitationPage(page);
  await invitation.expectFor('Demo Industries Limited');
  await expect(page.getByRole('radio', { name: 'I have an account' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Password' }).fill(NEW_USER_PASSWORD);
  await snap(page, '24-invitation-sign-in');
  await page.getByRole('button', { name: 'Log in to accept' }).click();
  await invitation.accept();
  await new AppShell(page).expectHello('Ngozi');
});

test('a signed-in user without an organisation accepts a pending invitation from the start page', async ({
  page,
  request,
}) => {
  const email = await createVerifiedUser(request, 'starter', 'Femi');
  await inviteToDemo(request, email, 1);
  await new LoginPage(page).open();
  await new LoginPage(page).logIn(email, NEW_USER_PASSWORD);
  const start = new StartPage(page);
  await start.expectOpen();
  const invitation = page.getByRole('region', { name: 'Invitation from Demo Industries Limited' });
  await expect(invitation).toContainText('As Admin');
  await snap(page, '25-start-with-invitation');
  await invitation.getByRole('button', { name: 'Accept' }).click();
  const shell = new AppShell(page);
  await shell.expectHello('Femi');
  await expect(shell.inviteUserButton).toBeVisible();
});
