import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as calls from '@levy/contracts/calls';
import type { FundingDifference } from '@levy/contracts';
import { stubGateway } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import { FundingDifferencesNotice } from './funding-differences-notice';

afterEach(() => vi.unstubAllGlobals());

const ORGANISATION = '0b7f7c5e-3c1a-4d7e-9f4b-2f1d5a6c7e80';
const WALLET = { id: '5a3e2c1b-0d9f-4e8a-b7c6-1d2e3f4a5b6c', name: 'Acme Nigeria Ltd' };
const MISMATCH: FundingDifference = {
  id: 'd1',
  kind: 'amount_mismatch',
  resolution: 'to_check',
  wallet: WALLET,
  transaction_id: '4099260600',
  provider_reference: 'dva_0a1b2c',
  provider_amount: '4500.00',
  provider_status: 'success',
  ledger_amount: '5000.00',
  what_happened:
    'The wallet was credited ₦5,000.00 for Paystack transaction 4099260600 (reference dva_0a1b2c), but Paystack now says it received ₦4,500.00.',
  what_to_do:
    'Check the amount on the sender’s bank statement and contact Levy support with the Paystack transaction id 4099260600.',
  detected_at: '2026-11-26T04:00:00.000Z',
};
const CREDITED: FundingDifference = {
  ...MISMATCH,
  id: 'd2',
  kind: 'missing_credit',
  resolution: 'credited',
  transaction_id: '4099260601',
  provider_amount: '7500.00',
  ledger_amount: '7500.00',
  what_happened:
    "Paystack received a transfer of ₦7,500.00 into this wallet's account, but its notice never reached Levy. The daily check on 26 Nov 2026 found it " +
    'and credited the wallet, once.',
  what_to_do: 'Nothing: the money is in your wallet. This notice is only so the credit does not surprise you.',
};

function gatewayWith(differences: FundingDifference[]) {
  return stubGateway((request) =>
    request.path === `internal/organisations/${ORGANISATION}/wallets/differences`
      ? { code: 'OK', data: differences }
      : { code: 'NOT_FOUND', message: 'Not found.', data: null },
  );
}

describe('Funding differences notice', () => {
  it('says what happened and what to do, differences to check apart from transfers the check credited', async () => {
    grantPermissions([calls.listFundingDifferences.permission]);
    gatewayWith([MISMATCH, CREDITED]);
    renderWithProviders(<FundingDifferencesNotice organisationId={ORGANISATION} showWallet={false} />);

    const toCheck = (await screen.findByText('A transfer does not match what Paystack reports')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(toCheck).toHaveTextContent(MISMATCH.what_happened);
    expect(toCheck).toHaveTextContent(`What to do: ${MISMATCH.what_to_do}`);
    expect(toCheck).toHaveTextContent('Your admins were emailed about each of these.');
    expect(toCheck).not.toHaveTextContent('₦7,500.00');

    const credited = screen
      .getByText('A transfer was credited by the daily check')
      .closest('[role="alert"]') as HTMLElement;
    expect(within(credited).getByText(/What to do:/)).toHaveTextContent(`What to do: ${CREDITED.what_to_do}`);
    expect(credited).toHaveTextContent('Paystack transaction 4099260601');
  });

  it('shows nothing when the check found nothing', async () => {
    grantPermissions([calls.listFundingDifferences.permission]);
    const gateway = gatewayWith([]);
    renderWithProviders(<FundingDifferencesNotice organisationId={ORGANISATION} showWallet={false} />);
    await vi.waitFor(() =>
      expect(gateway.calls(`internal/organisations/${ORGANISATION}/wallets/differences`)).toHaveLength(1),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
