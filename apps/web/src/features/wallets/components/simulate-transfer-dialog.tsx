import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { amountProblem, AmountInput } from '../../../components/amount-input';
import { MountedModal } from '../../../components/mounted-modal';
import { useSimulateTransfer, type Wallet } from '../../../api/wallets-api';

/** Sandbox only: a bank transfer into the wallet's account at the local Paystack fake, which reports it by its signed webhook. */
export function SimulateTransferDialog({ wallet, onClose }: { wallet: Wallet; onClose: () => void }) {
  const simulate = useSimulateTransfer();
  const [amount, setAmount] = useState('');
  const isValid = amount.trim() !== '' && amountProblem(amount) === null && Number(amount) > 0;
  return (
    <MountedModal onClose={onClose} title="Simulate a transfer" centered>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          Sandbox only: Levy&apos;s local stand-in for Paystack receives a bank transfer into{' '}
          {wallet.virtual_account.account_number} ({wallet.virtual_account.bank_name}) and reports it through the same
          signed webhook Paystack uses. Amounts ending in 04 kobo are declined by the sender&apos;s bank.
        </Text>
        <AmountInput label="Amount" value={amount} onChange={setAmount} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!isValid}
            loading={simulate.isPending}
            onClick={() => simulate.mutate({ walletId: wallet.id, amount: amount.trim() }, { onSuccess: onClose })}
          >
            Send transfer
          </Button>
        </Group>
      </Stack>
    </MountedModal>
  );
}
