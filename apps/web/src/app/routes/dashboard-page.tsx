import { hasPermission, type OnboardingSummary } from '@levy/contracts';
import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { IconBuildingSkyscraper, IconMapPin, IconReceipt2, IconWallet } from '@tabler/icons-react';
import { ContentCard } from '../../components/content-card';
import { EmptyState } from '../../components/empty-state';
import { LoadingPlaceholder } from '../../components/loading-placeholder';
import { StatCard } from '../../components/stat-card';
import { formatAmount } from '../../lib/format';
import { isKycCompleted, useSessionStore } from '../../lib/session-store';
import { DeadlineDashboardSections } from '../../features/alerts/components/dashboard-sections';
import { OnboardingPrompts } from '../../features/alerts/components/onboarding-prompts';
import type { PromptCounts } from '../../features/alerts/model/onboarding-prompts';
import { useOnboardingSummary } from '../../api/organisation-api';
import { useOrganisationWallets, type OrganisationWallets } from '../../api/wallets-api';
import { WalletCard } from '../../features/wallets/components/wallet-card';
import { PayeByResidence } from '../../features/home/components/paye-by-residence';
import * as calls from '@levy/contracts/calls';

/**
 * The onboarding prompts' counts, each once its figures have loaded: funded wallets (only the
 * prompt of the organisation's wallet kind applies, and none for someone who may not see wallets),
 * corporations, states registered and bills generated.
 */
function onboardingPromptCounts(
  summary: OnboardingSummary | undefined,
  wallets: OrganisationWallets | undefined,
  canSeeWallets: boolean,
): PromptCounts {
  const funded = wallets?.wallets.filter((wallet) => wallet.balance_kobo > 0).length;
  const hasOwnWallets = wallets?.wallet_type === 'corporations';
  return {
    'organisation-wallet': !canSeeWallets || hasOwnWallets ? null : funded,
    corporations: summary?.corporation_count,
    'corporation-wallet': !canSeeWallets || (wallets && !hasOwnWallets) ? null : funded,
    states: summary?.states_registered,
    bills: summary?.bills_generated,
  };
}

/** Dashboard: the organisation's figures at a glance and the deadlines coming up. */
export default function DashboardPage() {
  const session = useSessionStore();
  const summary = useOnboardingSummary(session.organisation?.id);
  const canSeeSummary = hasPermission(session.permissions, calls.getOnboardingSummary.permission);
  const canSeeWallets = hasPermission(session.permissions, calls.getOrganisationWallets.permission);
  const wallets = useOrganisationWallets(canSeeWallets ? session.organisation?.id : undefined);
  const promptCounts = onboardingPromptCounts(summary.data, wallets.data, canSeeWallets);

  return (
    <Stack gap={20}>
      {!isKycCompleted(session) && (
        <Alert color="yellow" title="Onboarding is not finished">
          An admin of {session.organisation?.name ?? 'your organisation'} needs to complete the business details before
          taxes can be filed.
        </Alert>
      )}
      {canSeeSummary &&
        (summary.isPending ? (
          <LoadingPlaceholder height={160} label="Loading summary" />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing={20}>
            <StatCard
              label="Corporations"
              value={summary.data?.corporation_count ?? 0}
              icon={<IconBuildingSkyscraper size={20} />}
              hint="Companies in your group"
            />
            <StatCard
              label="States registered"
              value={summary.data?.states_registered ?? 0}
              icon={<IconMapPin size={20} />}
              hint="Revenue services you file with"
            />
            <StatCard
              label="Bills generated"
              value={summary.data?.bills_generated ?? 0}
              icon={<IconReceipt2 size={20} />}
              hint="PAYE and WHT bills"
            />
            <StatCard
              label="Total balance"
              value={formatAmount(summary.data?.total_balance)}
              icon={<IconWallet size={20} />}
              hint="Across your wallets"
            />
          </SimpleGrid>
        ))}
      {canSeeWallets && (
        <ContentCard title={wallets.data?.wallet_type === 'corporations' ? 'Wallets' : 'Wallet'}>
          {wallets.isPending ? (
            <LoadingPlaceholder label="Loading wallets" />
          ) : !wallets.data || wallets.data.wallets.length === 0 ? (
            <EmptyState hint="Each corporation's wallet appears here once you add corporations." />
          ) : (
            <SimpleGrid cols={{ base: 1, md: wallets.data.wallets.length > 1 ? 2 : 1 }} spacing={20}>
              {wallets.data.wallets.map((wallet) => (
                <WalletCard key={wallet.id} wallet={wallet} canSimulate={wallets.data.can_simulate_transfers} />
              ))}
            </SimpleGrid>
          )}
        </ContentCard>
      )}
      <DeadlineDashboardSections />
      <PayeByResidence />
      {canSeeSummary && session.organisation && (
        <OnboardingPrompts
          key={session.organisation.id}
          organisationId={session.organisation.id}
          counts={promptCounts}
        />
      )}
    </Stack>
  );
}
