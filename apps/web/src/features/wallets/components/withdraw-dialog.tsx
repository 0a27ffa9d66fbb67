import type { Withdrawal } from '@levy/contracts';
import { Alert, Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconBuildingBank, IconCircleCheck, IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { amountProblem, AmountInput } from '../../../components/amount-input';
import { MountedModal } from '../../../components/mounted-modal';
import { ApiError } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import {
  resolveBankAccount,
  useBanks,
  useRequestWithdrawal,
  type ResolvedBankAccount,
  type Wallet,
} from '../../../api/wallets-api';

type Step = 'form' | 'summary' | 'done';

/** "ACME NIGERIA LIMITED, Guaranty Trust Bank ••••1234": where the money goes, as the bank names it. */
export const destination = (account: Pick<ResolvedBankAccount, 'account_name' | 'bank_name' | 'account_number'>) =>
  `${account.account_name}, ${account.bank_name} ••••${account.account_number.slice(-4)}`;

/** The amount typed, in kobo, when it is a usable amount; null otherwise. */
function koboOf(amount: string): number | null {
  if (amount.trim() === '' || amountProblem(amount) !== null) return null;
  const [whole, fraction = ''] = amount.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** What became of the withdrawal just asked for, in words. */
function Outcome({ withdrawal }: { withdrawal: Withdrawal }) {
  const where = destination(withdrawal);
  const amount = formatAmount(withdrawal.amount);
  if (withdrawal.status === 'awaiting_approval')
    return (
      <Alert color="yellow" icon={<IconClock size={18} />} title="Waiting for another admin">
        {withdrawal.note} {amount} to {where} leaves the wallet once another admin approves it.
      </Alert>
    );
  if (withdrawal.status === 'failed' || withdrawal.status === 'reversed')
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The transfer did not go through">
        {withdrawal.note}. The {amount} is back in the wallet.
      </Alert>
    );
  return (
    <Alert
      color="green"
      icon={<IconCircleCheck size={18} />}
      title={withdrawal.status === 'paid' ? 'Sent' : 'On its way'}
    >
      {amount} {withdrawal.status === 'paid' ? 'was sent' : 'is on its way'} to {where}. Reference{' '}
      {withdrawal.reference}.
    </Alert>
  );
}

/**
 * Withdraw (decision 0043): the admin chooses the bank and types the account number, the bank
 * names the account before anything else, then the amount; a summary says what will happen before
 * it does. Nothing typed is lost on a refusal: field errors go back to the form, others show above
 * the summary.
 */
export function WithdrawDialog({ wallet, onClose }: { wallet: Wallet; onClose: () => void }) {
  const banks = useBanks();
  const request = useRequestWithdrawal();
  const [step, setStep] = useState<Step>('form');
  const [bankCode, setBankCode] = useState<string | null>(null);
  const [accountNumber, setAccountNumber] = useState('');
  const [amount, setAmount] = useState('');
  const [resolved, setResolved] = useState<ResolvedBankAccount | null>(null);
  const [isResolving, setResolving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<Withdrawal | null>(null);

  const isCompleteNumber = /^\d{10}$/.test(accountNumber);
  useEffect(() => {
    setResolved(null);
    if (!bankCode || !isCompleteNumber) return;
    let isCurrent = true;
    setResolving(true);
    resolveBankAccount(bankCode, accountNumber)
      .then((account) => {
        if (isCurrent) setResolved(account);
      })
      .catch((error: unknown) => {
        if (!isCurrent) return;
        const message =
          error instanceof ApiError
            ? (error.fieldErrors.account_number ?? error.fieldErrors.bank_code ?? error.message)
            : null;
        setErrors((current) => ({
          ...current,
          account_number: message ?? 'The account could not be checked. Try again.',
        }));
      })
      .finally(() => {
        if (isCurrent) setResolving(false);
      });
    return () => {
      isCurrent = false;
    };
  }, [bankCode, accountNumber, isCompleteNumber]);

  const kobo = koboOf(amount);
  const amountError =
    errors.amount ??
    (kobo !== null && kobo > wallet.balance_kobo
      ? `${wallet.name} has ${formatAmount(wallet.balance)}: you can withdraw at most that.`
      : kobo !== null && kobo < 10_000
        ? 'The smallest withdrawal is ₦100.00'
        : undefined);
  const canReview = resolved !== null && kobo !== null && amountError === undefined && !isResolving;

  const submit = async () => {
    if (!resolved) return;
    setFailure(null);
    try {
      const withdrawal = await request.mutateAsync({
        walletId: wallet.id,
        amount: amount.trim(),
        bankCode: resolved.bank_code,
        accountNumber: resolved.account_number,
        accountName: resolved.account_name,
      });
      setResult(withdrawal);
      setStep('done');
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure('Levy could not be reached. Nothing was sent; try again.');
        return;
      }
      if (error.code === 'INVALID_INPUT' && Object.keys(error.fieldErrors).length > 0) {
        setErrors(error.fieldErrors);
        setStep('form');
        return;
      }
      const renamed = (error.data as { account_name?: unknown } | null)?.account_name;
      if (error.code === 'CONFLICT' && typeof renamed === 'string') setResolved({ ...resolved, account_name: renamed });
      setFailure(error.message);
    }
  };

  const bankName = banks.data?.find((bank) => bank.code === bankCode)?.name;
  return (
    <MountedModal onClose={onClose} title={`Withdraw from ${wallet.name}`} centered size="lg">
      {step === 'form' && (
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            Send money from this wallet to your organisation&apos;s own bank account. The bank names the account before
            anything is sent. Available: {formatAmount(wallet.balance)}.
          </Text>
          <Select
            label="Bank"
            placeholder={banks.isPending ? 'Loading banks…' : 'Choose the bank'}
            data={(banks.data ?? []).map((bank) => ({ value: bank.code, label: bank.name }))}
            value={bankCode}
            onChange={(value) => {
              setBankCode(value);
              setErrors(({ bank_code: _bank, account_number: _account, ...rest }) => rest);
            }}
            searchable
            allowDeselect={false}
            required
            nothingFoundMessage="No bank matches"
            error={errors.bank_code}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <TextInput
            label="Account number"
            description="The 10-digit NUBAN"
            value={accountNumber}
            onChange={(event) => {
              setAccountNumber(event.currentTarget.value.replace(/\s/g, ''));
              setErrors(({ account_number: _account, ...rest }) => rest);
            }}
            inputMode="numeric"
            maxLength={10}
            required
            error={
              errors.account_number ??
              (accountNumber !== '' && !/^\d*$/.test(accountNumber) ? 'An account number has digits only' : undefined)
            }
            rightSection={isResolving ? <Loader size="xs" aria-label="Checking the account" /> : undefined}
          />
          <div role="status" aria-live="polite">
            {resolved && (
              <Group gap={8} wrap="nowrap">
                <IconBuildingBank size={18} aria-hidden />
                <div>
                  <Text fz="xs" c="dimmed">
                    Account name (from {resolved.bank_name})
                  </Text>
                  <Text fw={700} data-testid="resolved-account-name">
                    {resolved.account_name}
                  </Text>
                </div>
              </Group>
            )}
          </div>
          <AmountInput
            label="Amount"
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setErrors(({ amount: _amount, ...rest }) => rest);
            }}
            error={amountError}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={!canReview} onClick={() => setStep('summary')}>
              Review
            </Button>
          </Group>
        </Stack>
      )}
      {step === 'summary' && resolved && (
        <Stack gap="md">
          {failure && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Nothing was sent">
              {failure}
            </Alert>
          )}
          <Text fz="lg" fw={600} data-testid="withdrawal-summary">
            {formatAmount(amount)} will leave the wallet for {destination(resolved)}.
          </Text>
          <Text fz="sm" c="dimmed">
            From {wallet.name} to {resolved.account_name} at {bankName ?? resolved.bank_name}, account{' '}
            {resolved.account_number}. If your organisation&apos;s approval rule applies, another admin approves it
            first and nothing leaves the wallet until then. If the bank cannot take the money, it comes back to the
            wallet.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('form')} disabled={request.isPending}>
              Back
            </Button>
            <Button color="blue" loading={request.isPending} onClick={() => void submit()}>
              Withdraw {formatAmount(amount)}
            </Button>
          </Group>
        </Stack>
      )}
      {step === 'done' && result && (
        <Stack gap="md">
          <Outcome withdrawal={result} />
          <Text fz="sm" c="dimmed">
            Its status shows under Withdrawals and in the wallet history.
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </MountedModal>
  );
}
