import { expect, type Page } from '@playwright/test';

export interface SignUpDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  source: string;
}

/** Chooses an option of a Mantine Select by its label. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The sign-up fields, on /register and on an invitation. */
export async function fillSignUp(page: Page, details: SignUpDetails, { emailIsFixed = false } = {}): Promise<void> {
  await page.getByRole('textbox', { name: 'First name' }).fill(details.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(details.lastName);
  if (!emailIsFixed) await page.getByRole('textbox', { name: 'Email address' }).fill(details.email);
  await page.getByRole('textbox', { name: 'Phone number' }).fill(details.phone);
  await page.getByRole('textbox', { name: 'Password' }).fill(details.password);
  await chooseOption(page, 'How did you hear about us?', details.source);
}

export class LoginPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.page.getByRole('heading', { name: 'Log in to Levy' })).toBeVisible();
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Email address' }).fill(email);
    await this.page.getByRole('textbox', { name: 'Password' }).fill(password);
    await this.page.getByRole('button', { name: 'Log in' }).click();
  }
}

export class RegisterPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/register');
    await expect(this.page.getByRole('heading', { name: 'Create your Levy account' })).toBeVisible();
  }

  async signUp(details: SignUpDetails): Promise<void> {
    await fillSignUp(this.page, details);
    await this.page.getByRole('button', { name: 'Create account' }).click();
    await expect(this.page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  }
}
