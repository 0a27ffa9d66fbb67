import { expect, type Page } from '@playwright/test';
import { chooseOption } from './auth-pages';

export interface BusinessDetails {
  legalName: string;
  cacNumber: string;
  taxId: string;
  businessType: string;
  industry: string;
  address: string;
  state: string;
  phone: string;
  website: string;
}

export class StartPage {
  constructor(private readonly page: Page) {}

  async expectOpen(): Promise<void> {
    await expect(this.page).toHaveURL(/\/start$/);
    await expect(this.page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  }

  async createOrganisation(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create organisation' }).click();
  }
}

export class OnboardingPage {
  constructor(private readonly page: Page) {}

  async expectOpen(): Promise<void> {
    await expect(this.page).toHaveURL(/\/onboarding$/);
    await expect(this.page.getByRole('heading', { name: 'Tell us about your business' })).toBeVisible();
  }

  async fill(details: BusinessDetails): Promise<void> {
    const page = this.page;
    await page.getByRole('textbox', { name: 'Legal name' }).fill(details.legalName);
    await page.getByRole('textbox', { name: 'CAC registration number' }).fill(details.cacNumber);
    await page.getByRole('textbox', { name: 'Tax ID' }).fill(details.taxId);
    await chooseOption(page, 'Business type', details.businessType);
    await chooseOption(page, 'Industry', details.industry);
    await page.getByRole('textbox', { name: 'Address' }).fill(details.address);
    await chooseOption(page, 'State', details.state);
    await page.getByRole('textbox', { name: 'Phone number' }).fill(details.phone);
    await page.getByRole('textbox', { name: 'Website' }).fill(details.website);
  }

  async attachCertificate(): Promise<void> {
    // A minimal PDF: the server checks the type and size, not the content.
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    await this.page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'cac-certificate.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(this.page.getByText('cac-certificate.pdf')).toBeVisible();
  }

  async complete(): Promise<void> {
    await this.page.getByRole('button', { name: 'Complete onboarding' }).click();
  }
}
