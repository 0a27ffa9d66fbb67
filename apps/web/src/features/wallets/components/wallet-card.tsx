import { ActionIcon, Alert, Button, Card, CopyButton, Group, Loader, Stack, Text } from '@mantine/core';
import { hasPermission } from '@levy/contracts';
import * as calls from '@levy/contracts/calls';
import {
  IconAlertTriangle,
  IconBuildingBank,
  IconCheck,
  IconCopy,
  IconRefresh,
  IconSend,
  IconWallet,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { FittedFigure } from '../../../components/fitted-figure';
import { Hint } from '../../../components/hint';
import { formatAmount } from '../../../lib/format';
import { loadChunk } from '../../../lib/lazy-page';
import { useSessionStore } from '../../../lib/session-store';
import { useRequeryWalletFunding, type Wallet } from '../../../api/wallets-api';

// The sandbox transfer dialog loads when it is opened, not with the dashboard.
const SimulateTransferDialog = lazy(async () => ({
  default: (await loadChunk(() => import('./simulate-transfer-dialog'))).SimulateTransferDialog,
}));
const WithdrawDialog = lazy(async () => ({
  default: (await loadChunk(() => import('./withdraw-dialog'))).WithdrawDialog,
}));

// The copy hint is drawn by CSS (Hint), not Mantine's Tooltip: the dashboard's first load carries no
// positioning library.
function CopyValue({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <div>
        <Text fz="xs" c="dimmed">
          {label}
        </Text>
        <Text fz="sm" fw={600} ff={label === 'Account number' ? 'monospace' : undefined}>
          {value}
        </Text>
      </div>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Hint label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`}>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={`Copy ${label.toLowerCase()}`}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Hint>
        )}
      </CopyButton>
    </Group>
  );
}

/** The wallet's own bank account at Paystack, or why there is none yet. */
function FundingAccount({ wallet }: { wallet: Wallet }) {
  const requery = useRequeryWalletFunding();
  const account = wallet.virtual_account;
  if (account.status === 'pending' || !account.account_number || !account.bank_name || !account.account_name) {
    return account.status === 'failed' ? (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="No bank account for this wallet">
        Paystack could not give this wallet an account: {account.failure_reason}
      </Alert>
    ) : (
      <Group gap="sm" wrap="nowrap" role="status">
        <Loader size="sm" />
        <Text fz="sm">
          Paystack is assigning this wallet&apos;s bank account. Its number appears here in a few minutes.
        </Text>
      </Group>
    );
  }
  return (
    <>
      <CopyValue label="Bank" value={account.bank_name} />
      <CopyValue label="Account number" value={account.account_number} />
      <CopyValue label="Account name" value={account.account_name} />
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconRefresh size={14} />}
        loading={requery.isPending}
        onClick={() => requery.mutate(wallet.id)}
        style={{ alignSelf: 'flex-start' }}
      >
        I sent money and don&apos;t see it
      </Button>
    </>
  );
}

/** A wallet: its balance and the bank account that funds it (docs/product.md "Wallets and transactions"). */
export function WalletCard({ wallet, canSimulate }: { wallet: Wallet; canSimulate: boolean }) {
  const [isSimulating, setSimulating] = useState(false);
  const [isWithdrawing, setWithdrawing] = useState(false);
  const canWithdraw = useSessionStore((state) => hasPermission(state.permissions, calls.requestWithdrawal.permission));
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap={6}>
              <IconWallet size={18} />
              <Text fw={600}>{wallet.name}</Text>
            </Group>
            <Text fz="xs" c="dimmed">
              {wallet.type === 'organisation' ? 'Organisation wallet' : 'Corporation wallet'}
            </Text>
          </div>
          <Group gap="xs">
            {canWithdraw && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconBuildingBank size={14} />}
                disabled={wallet.balance_kobo <= 0}
                title={wallet.balance_kobo <= 0 ? 'The wallet is empty' : undefined}
                onClick={() => setWithdrawing(true)}
              >
                Withdraw
              </Button>
            )}
            {canSimulate && wallet.virtual_account.status === 'assigned' && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconSend size={14} />}
                onClick={() => setSimulating(true)}
              >
                Simulate a transfer
              </Button>
            )}
          </Group>
        </Group>
        <div>
          <Text fz="xs" c="dimmed">
            Balance
          </Text>
          <FittedFigure value={formatAmount(wallet.balance)} label={`Balance of ${wallet.name}`} />
        </div>
        <Stack gap={8}>
          <Text fz="xs" fw={600} tt="uppercase" c="dimmed">
            Fund by bank transfer
          </Text>
          <FundingAccount wallet={wallet} />
        </Stack>
      </Stack>
      {isSimulating && (
        <Suspense fallback={null}>
          <SimulateTransferDialog wallet={wallet} onClose={() => setSimulating(false)} />
        </Suspense>
      )}
      {isWithdrawing && (
        <Suspense fallback={null}>
          <WithdrawDialog wallet={wallet} onClose={() => setWithdrawing(false)} />
        </Suspense>
      )}
    </Card>
  );
}
