import { expect, type Locator, type Page } from '@playwright/test';

/** The app layout: top bar, side navigation, profile menu. */
export class AppShell {
  readonly topBarTitle: Locator;
  readonly inviteUserButton: Locator;

  constructor(private readonly page: Page) {
    this.topBarTitle = page.getByTestId('top-bar-title');
    this.inviteUserButton = page.getByRole('button', { name: 'Invite user' });
  }

  async expectHello(firstName: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/dashboard$/);
    await expect(this.topBarTitle).toHaveText(`Hello ${firstName}`);
  }

  async goTo(entry: 'Dashboard' | 'Team Members' | 'Settings'): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: entry }).click();
  }

  async openProfileMenu(): Promise<void> {
    await this.page.getByRole('button', { name: 'Open profile menu' }).click();
  }

  /** The newest toast saying `text`: the same words may still show from an action a moment before. */
  async expectToast(text: string): Promise<void> {
    await expect(this.page.getByRole('alert').filter({ hasText: text }).last()).toBeVisible();
  }
}
