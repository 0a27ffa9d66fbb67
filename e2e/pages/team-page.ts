import { expect, type Locator, type Page } from '@playwright/test';

export class TeamPage {
  readonly inviteButton: Locator;

  constructor(private readonly page: Page) {
    this.inviteButton = page.getByRole('button', { name: 'Invite New Member' });
  }

  async expectOpen(): Promise<void> {
    await expect(this.page).toHaveURL(/\/organisation$/);
    await expect(this.page.getByRole('heading', { name: 'Team Members', level: 1 })).toBeVisible();
  }

  row(email: string): Locator {
    return this.page.getByRole('row').filter({ hasText: email });
  }

  async invite(email: string, role: 'Admin' | 'Member'): Promise<void> {
    await this.inviteButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'Invite New Member' });
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(email);
    await dialog.getByRole('radio', { name: role }).check();
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await expect(dialog).toBeHidden();
  }

  async openOptions(email: string): Promise<void> {
    await this.row(email)
      .getByRole('button', { name: /^Actions for/ })
      .click();
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Search members' }).fill(text);
  }
}

export class InvitationPage {
  constructor(private readonly page: Page) {}

  async expectFor(organisation: string): Promise<void> {
    await expect(this.page.getByRole('heading', { name: `Join ${organisation} on Levy` })).toBeVisible();
  }

  async accept(): Promise<void> {
    await this.page.getByRole('button', { name: 'Accept invitation' }).click();
  }
}
