import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { callGateway } from '../support/api';

export interface CsvUpload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export function csvUpload(name: string, lines: string[]): CsvUpload {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) };
}

/** Registers a corporation in a state through the API (the sandbox agency knows any well-formed Tax ID). */
export async function registerState(request: APIRequestContext, token: string, corporationId: string, stateCode: string, taxId: string): Promise<void> {
  const added = await callGateway(request, { method: 'POST', namespace: 'core', path: `internal/corporations/${corporationId}/states/${stateCode}`, token, body: { tax_payer_number: taxId } });
  expect(added.code, added.message).toBe('OK');
}

/** Funds the organisation wallet with a simulated bank transfer through the sandbox call. */
export async function fundWallet(request: APIRequestContext, token: string, organisationId: string, amount: string): Promise<void> {
  const wallets = await callGateway<{ wallets: Array<{ id: string }> }>(request, { method: 'GET', namespace: 'core', path: `internal/organisations/${organisationId}/wallets`, token });
  expect(wallets.code).toBe('OK');
  const funded = await callGateway(request, { method: 'POST', namespace: 'core', path: `internal/sandbox/wallets/${wallets.data.wallets[0].id}/fund`, token, body: { amount } });
  expect(funded.code, funded.message).toBe('OK');
}

/** Chooses a Mantine Select option inside a dialog; `option` may be a pattern (WHT types carry their rate). */
async function choose(scope: Locator, page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Pay Taxes in the top bar, its type chooser and the two bill dialogs. */
export class PayTaxes {
  readonly button: Locator;

  constructor(private readonly page: Page) {
    this.button = page.getByRole('banner').getByRole('button', { name: 'Pay Taxes' });
  }

  async start(type: 'PAYE' | 'Withholding Tax'): Promise<Locator> {
    await this.button.click();
    const chooser = this.page.getByRole('dialog', { name: 'Pay Taxes' });
    await chooser.getByRole('button', { name: type }).click();
    return this.page.getByRole('dialog', { name: type === 'PAYE' ? /PAYE Generate Bill/ : 'Withholding Tax' });
  }

  async chooseCorporationAndState(dialog: Locator, corporation: string, state: string | RegExp, stateLabel: string | RegExp = /^State/): Promise<void> {
    await choose(dialog, this.page, /^Corporation/, corporation);
    await choose(dialog, this.page, stateLabel, state);
  }

  async chooseWhtType(dialog: Locator, name: string): Promise<void> {
    await choose(dialog, this.page, /^WHT type/, new RegExp(`^${name} \\(`));
  }

  async attach(dialog: Locator, file: CsvUpload): Promise<void> {
    await dialog.locator('input[type="file"]').setInputFiles(file);
  }
}

/** The bills list and a bill's drawer. */
export class BillsList {
  constructor(private readonly page: Page) {}

  drawer(reference: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name: reference });
  }

  /** The reference of the bill whose drawer is open. */
  async openDrawerReference(): Promise<string> {
    const heading = this.page.getByRole('dialog').locator('.mantine-Drawer-title');
    await expect(heading).toHaveText(/^(PAYE|WHT)-[A-Z]{2}-\d{4}-\d{2}-\d{6}$/);
    return (await heading.textContent())!;
  }
}
