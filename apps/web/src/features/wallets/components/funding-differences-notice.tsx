import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useFundingDifferences, type FundingDifference } from '../../../api/wallets-api';
import { formatDate } from '../../../lib/format';

function DifferenceItem({ difference, showWallet }: { difference: FundingDifference; showWallet: boolean }) {
  return (
    <List.Item>
      <Text fz="sm">
        {showWallet && <strong>{difference.wallet.name}: </strong>}
        {difference.what_happened}
      </Text>
      <Text fz="sm" fw={600}>
        What to do:{' '}
        <Text span fz="sm" fw={400}>
          {difference.what_to_do}
        </Text>
      </Text>
      <Text fz="xs" c="dimmed">
        Found {formatDate(difference.detected_at)} · Paystack transaction {difference.transaction_id}
      </Text>
    </List.Item>
  );
}

/**
 * The daily check of Paystack's transfers against the wallets' credits (docs/decisions/0044):
 * differences someone must look at first, then transfers it credited itself, each with what
 * happened and what to do.
 */
export function FundingDifferencesNotice({
  organisationId,
  walletId,
  showWallet,
}: {
  organisationId: string;
  /** Only this wallet's (a corporation's own wallet tab); all the organisation's when absent. */
  walletId?: string;
  showWallet: boolean;
}) {
  const differences = useFundingDifferences(organisationId);
  const all = (differences.data ?? []).filter((difference) => !walletId || difference.wallet.id === walletId);
  const toCheck = all.filter((difference) => difference.resolution === 'to_check');
  const credited = all.filter((difference) => difference.resolution === 'credited');
  if (all.length === 0) return null;
  return (
    <Stack gap="sm" mb={walletId ? 0 : 'lg'}>
      {toCheck.length > 0 && (
        <Alert
          color="red"
          icon={<IconAlertTriangle aria-hidden />}
          title={
            toCheck.length === 1
              ? 'A transfer does not match what Paystack reports'
              : `${toCheck.length} transfers do not match what Paystack reports`
          }
        >
          <Text fz="sm" mb="xs">
            Levy checks every day that each transfer Paystack received is credited to your wallet, once and for the
            right amount. Your admins were emailed about each of these.
          </Text>
          <List spacing="sm">
            {toCheck.map((difference) => (
              <DifferenceItem key={difference.id} difference={difference} showWallet={showWallet} />
            ))}
          </List>
        </Alert>
      )}
      {credited.length > 0 && (
        <Alert
          color="blue"
          icon={<IconInfoCircle aria-hidden />}
          title={
            credited.length === 1
              ? 'A transfer was credited by the daily check'
              : `${credited.length} transfers were credited by the daily check`
          }
        >
          <List spacing="sm">
            {credited.map((difference) => (
              <DifferenceItem key={difference.id} difference={difference} showWallet={showWallet} />
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
