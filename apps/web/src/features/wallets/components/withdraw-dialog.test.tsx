import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as calls from '@levy/contracts/calls';
import type { Wallet } from '@levy/contracts';
import { stubGateway, type GatewayRequest } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import { WithdrawDialog } from './withdraw-dialog';

beforeEach(() => grantPermissions([calls.requestWithdrawal.permission, calls.listWithdrawals.permission]));
afterEach(() => vi.unstubAllGlobals());

const wallet: Wallet = {
  id: 'wallet-1',
  type: 'organisation',
  name: 'Acme Nigeria Ltd',
  corporation_id: null,
  balance: '50000.00',
  balance_kobo: 5_000_000,
  virtual_account: {
    status: 'assigned',
    account_number: '0700000018',
    bank_name: 'Test Bank',
    account_name: 'LEVY / ACME',
    failure_reason: null,
  },
};
const BANKS = [
  { code: '044', name: 'Access Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
];
const withdrawal = (status: string, note: string | null = null) => ({
  id: 'w-1',
  reference: 'levy-wd-0123456789abcdef01234567',
  wallet: { id: wallet.id, name: wallet.name },
  amount: '20000.50',
  amount_kobo: 2_000_050,
  bank_code: '058',
  bank_name: 'Guaranty Trust Bank',
  account_number: '0123451234',
  account_name: 'ACME NIGERIA LIMITED',
  status,
  note,
  requested_by: { id: 'admin', name: 'Ada Obi' },
  decided_by: null,
  created_at: '2026-11-26T10:00:00.000Z',
  paid_at: null,
  returned_at: null,
});

async function fillForm() {
  fireEvent.click(await screen.findByRole('combobox', { name: /Bank/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Guaranty Trust Bank', hidden: true }));
  fireEvent.change(screen.getByRole('textbox', { name: /Account number/ }), { target: { value: '0123451234' } });
  expect(await screen.findByTestId('resolved-account-name')).toHaveTextContent('ACME NIGERIA LIMITED');
  fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '20000.50' } });
}

describe('Withdrawing to the bank', () => {
  it('names the account before anything, says what will happen, and sends the name it showed', async () => {
    const gateway = stubGateway((request: GatewayRequest) => {
      if (request.path === 'internal/banks') return { code: 'OK', data: BANKS };
      if (request.path === 'internal/banks/resolve')
        return {
          code: 'OK',
          data: {
            bank_code: '058',
            bank_name: 'Guaranty Trust Bank',
            account_number: '0123451234',
            account_name: 'ACME NIGERIA LIMITED',
          },
        };
      return { code: 'OK', data: withdrawal('paid') };
    });
    renderWithProviders(<WithdrawDialog wallet={wallet} onClose={() => undefined} />);
    await fillForm();
    expect(gateway.calls('internal/banks/resolve').map((call) => call.params)).toEqual([
      { bank_code: '058', account_number: '0123451234' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByTestId('withdrawal-summary')).toHaveTextContent(
      '₦20,000.50 will leave the wallet for ACME NIGERIA LIMITED, Guaranty Trust Bank ••••1234.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw ₦20,000.50' }));
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(gateway.calls('internal/wallets/wallet-1/withdrawals').map((call) => call.body)).toEqual([
      { amount: '20000.50', bank_code: '058', account_number: '0123451234', account_name: 'ACME NIGERIA LIMITED' },
    ]);
  });

  it('says an account the bank does not know, and stops there', async () => {
    stubGateway((request: GatewayRequest) =>
      request.path === 'internal/banks'
        ? { code: 'OK', data: BANKS }
        : {
            code: 'INVALID_INPUT',
            message: 'Invalid input',
            data: {
              account_number:
                'The bank does not know this account number. Check the bank and the 10-digit account number.',
            },
          },
    );
    renderWithProviders(<WithdrawDialog wallet={wallet} onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('combobox', { name: /Bank/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Access Bank', hidden: true }));
    fireEvent.change(screen.getByRole('textbox', { name: /Account number/ }), { target: { value: '0000000404' } });
    expect(
      await screen.findByText(
        'The bank does not know this account number. Check the bank and the 10-digit account number.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review' })).toBeDisabled();
  });

  it('keeps everything typed when the server refuses, and shows the refusal above the summary', async () => {
    stubGateway((request: GatewayRequest) => {
      if (request.path === 'internal/banks') return { code: 'OK', data: BANKS };
      if (request.path === 'internal/banks/resolve')
        return {
          code: 'OK',
          data: {
            bank_code: '058',
            bank_name: 'Guaranty Trust Bank',
            account_number: '0123451234',
            account_name: 'ACME NIGERIA LIMITED',
          },
        };
      return {
        code: 'INVALID_INPUT',
        message: 'Invalid input',
        data: { amount: 'Acme Nigeria Ltd has ₦10,000.00: you can withdraw at most that.' },
      };
    });
    renderWithProviders(<WithdrawDialog wallet={wallet} onClose={() => undefined} />);
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw ₦20,000.50' }));
    expect(
      await screen.findByText('Acme Nigeria Ltd has ₦10,000.00: you can withdraw at most that.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Account number/ })).toHaveValue('0123451234');
    expect(screen.getByRole('textbox', { name: /Amount/ })).toHaveValue('₦20,000.50');
    expect(screen.getByTestId('resolved-account-name')).toHaveTextContent('ACME NIGERIA LIMITED');
  });

  it('tells the admin when the withdrawal waits for another admin', async () => {
    stubGateway((request: GatewayRequest) => {
      if (request.path === 'internal/banks') return { code: 'OK', data: BANKS };
      if (request.path === 'internal/banks/resolve')
        return {
          code: 'OK',
          data: {
            bank_code: '058',
            bank_name: 'Guaranty Trust Bank',
            account_number: '0123451234',
            account_name: 'ACME NIGERIA LIMITED',
          },
        };
      return {
        code: 'OK',
        data: withdrawal(
          'awaiting_approval',
          'Payments above ₦10,000.00 wait for an admin other than the one who asked for them.',
        ),
      };
    });
    renderWithProviders(<WithdrawDialog wallet={wallet} onClose={() => undefined} />);
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw ₦20,000.50' }));
    expect(await screen.findByText('Waiting for another admin')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getByText(/Payments above ₦10,000\.00 wait for an admin other than the one who asked for them\./),
      ).toBeInTheDocument(),
    );
  });
});
