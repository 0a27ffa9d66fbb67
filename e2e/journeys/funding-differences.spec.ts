import { expect, test } from '../support/fixtures';
import { NEW_USER_PASSWORD } from '../support/api';
import { onboardedOwner } from '../support/owners';
import { snap } from '../support/screenshots';
import { LoginPage } from '../pages/auth-pages';

// The notice of the daily Paystack check on Transactions. The browser cannot lose a Paystack notice
// or change Paystack's record (the API tests do, against the fake), so the one call that lists the
// differences is answered here with what those tests produce; the rest is the real server.
test('Transactions shows what the daily Paystack check found, with what to do, on a wide screen and a phone', async ({
  page,
  request,
}) => {
  const owner = await onboardedOwner(request, {
    prefix: 'differences',
    firstName: 'Bola',
    lastName: 'Ade',
    legalName: 'Ade Farms Limited',
    corporationName: 'Ade Farms Ltd',
  });
  await page.addInitScript(
    (key) =>
      sessionStorage.setItem(
        key,
        JSON.stringify({ completed: ['organisation-wallet', 'corporations', 'corporation-wallet', 'states', 'bills'] }),
      ),
    `levy.prompts.${owner.organisationId}`,
  );
  const wallet = { id: '00000000-0000-4000-8000-000000000001', name: 'Ade Farms Limited' };
  const found = {
    wallet,
    provider_reference: 'dva_4f1c0e9a2b7d3c5e6f80',
    provider_status: 'success',
    detected_at: new Date().toISOString(),
  };
  // Every call goes through the one gateway URL, the call's path in its body: only this one is answered here.
  await page.route('**/service/v1', (route) => {
    const call = route.request().postDataJSON() as { path?: string } | null;
    if (call?.path !== `internal/organisations/${owner.organisationId}/wallets/differences`) return route.fallback();
    return route.fulfill({
      json: {
        code: 'OK',
        message: 'OK',
        data: [
          {
            ...found,
            id: 'd1',
            kind: 'amount_mismatch',
            resolution: 'to_check',
            transaction_id: '4099260600',
            provider_amount: '4500.00',
            ledger_amount: '5000.00',
            what_happened:
              'The wallet was credited ₦5,000.00 for Paystack transaction 4099260600 (reference dva_4f1c0e9a2b7d3c5e6f80), but Paystack now says it ' +
              'received ₦4,500.00.',
            what_to_do:
              "Check the amount on the sender's bank statement and contact Levy support with the Paystack transaction id 4099260600; the wallet's " +
              'balance is not changed until then.',
          },
          {
            ...found,
            id: 'd2',
            kind: 'missing_credit',
            resolution: 'credited',
            transaction_id: '4099260601',
            provider_amount: '7500.00',
            ledger_amount: '7500.00',
            what_happened:
              "Paystack received a transfer of ₦7,500.00 into this wallet's account, but its notice never reached Levy. The daily check on 26 Nov 2026 " +
              'found it and credited the wallet, once.',
            what_to_do:
              'Nothing: the money is in your wallet. This notice is only so the credit does not surprise you.',
          },
        ],
      },
    });
  });
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(owner.email, NEW_USER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/transactions');
  const toCheck = page.getByRole('alert').filter({ hasText: 'A transfer does not match what Paystack reports' });
  await expect(toCheck).toContainText('What to do: Check the amount');
  await expect(page.getByRole('alert').filter({ hasText: 'A transfer was credited by the daily check' })).toContainText(
    'What to do: Nothing: the money is in your wallet.',
  );
  await snap(page, '90-funding-differences');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, '91-funding-differences-phone');
});
