import { SimpleGrid, Stack } from '@mantine/core';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { useSessionStore } from '../../../lib/session-store';
import { useCorporationWallets, useOrganisationWallets } from '../../../api/wallets-api';
import { FundingDifferencesNotice } from './funding-differences-notice';
import { WalletCard } from './wallet-card';
import { WalletHistory } from './wallet-history';

/** A corporation's own wallet and its history, when the organisation gives corporations wallets. */
export function CorporationWalletTab({ corporationId }: { corporationId: string }) {
  const organisation = useSessionStore((state) => state.organisation);
  const organisationWallets = useOrganisationWallets(organisation?.id);
  const wallets = useCorporationWallets(corporationId);
  if (wallets.isPending) return <LoadingPlaceholder />;
  const [wallet] = wallets.data ?? [];
  if (!wallet) {
    return (
      <ContentCard>
        <EmptyState
          message="No wallet of its own"
          hint="This organisation pays from one wallet: see Transactions. Turn on corporation wallets in Settings to give each corporation its own."
        />
      </ContentCard>
    );
  }
  return (
    <Stack gap="lg">
      {organisation && (
        <FundingDifferencesNotice organisationId={organisation.id} walletId={wallet.id} showWallet={false} />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <WalletCard wallet={wallet} canSimulate={organisationWallets.data?.can_simulate_transfers ?? false} />
      </SimpleGrid>
      <ContentCard title="Wallet history">
        <WalletHistory scope={{ corporationId }} showWallet={false} />
      </ContentCard>
    </Stack>
  );
}
