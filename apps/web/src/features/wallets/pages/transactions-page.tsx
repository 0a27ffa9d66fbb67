import { SimpleGrid } from '@mantine/core';
import { ContentCard } from '../../../components/content-card';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { PageHeading } from '../../../components/page-heading';
import { useSessionStore } from '../../../lib/session-store';
import { useOrganisationWallets } from '../../../api/wallets-api';
import { FundingDifferencesNotice } from '../components/funding-differences-notice';
import { WalletCard } from '../components/wallet-card';
import { WalletHistory } from '../components/wallet-history';
import { WithdrawalsList } from '../components/withdrawals-list';

/** Transactions: the organisation wallet and its history (hidden when corporations have wallets). */
export default function TransactionsPage() {
  const organisation = useSessionStore((state) => state.organisation);
  const wallets = useOrganisationWallets(organisation?.id);
  return (
    <>
      <PageHeading
        title="Transactions"
        description="Money into your wallet by bank transfer, every payment made from it, and withdrawals to your bank."
      />
      {organisation && (
        <FundingDifferencesNotice
          organisationId={organisation.id}
          showWallet={(wallets.data?.wallets.length ?? 1) > 1}
        />
      )}
      {wallets.isPending ? (
        <LoadingPlaceholder />
      ) : (
        wallets.data && (
          <SimpleGrid cols={{ base: 1, md: 2 }} mb="lg">
            {wallets.data.wallets.map((wallet) => (
              <WalletCard key={wallet.id} wallet={wallet} canSimulate={wallets.data.can_simulate_transfers} />
            ))}
          </SimpleGrid>
        )
      )}
      {organisation && <WithdrawalsList organisationId={organisation.id} />}
      {organisation && (
        <ContentCard title="Wallet history">
          <WalletHistory
            scope={{ organisationId: organisation.id }}
            showWallet={(wallets.data?.wallets.length ?? 1) > 1}
          />
        </ContentCard>
      )}
    </>
  );
}
