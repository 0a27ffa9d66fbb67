import { Button, Tabs, Text } from '@mantine/core';
import { hasPermission } from '@levy/contracts';
import { IconArrowsExchange, IconFileCertificate, IconMap2, IconReceipt2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { ContentCard } from '../../../components/content-card';
import { EmptyState } from '../../../components/empty-state';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';
import { PageHeading } from '../../../components/page-heading';
import { formatDate } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useCorporation } from '../../../api/corporations-api';
import { StatesTab } from '../components/states-tab';
import {
  corporationPath,
  corporationTabs,
  DEFAULT_CORPORATION_TAB,
  isCorporationTab,
  isStaffUser,
} from '../model/routes';
import * as calls from '@levy/contracts/calls';

// The organisation's wallets tell whether each corporation has its own (and so a transactions tab).
const WALLETS_PERMISSION = calls.getOrganisationWallets.permission;

/** The tabs other features draw for a corporation; app/ composes them in. */
export interface CorporationTabs {
  bills: (corporationId: string) => ReactNode;
  transactions: (corporationId: string) => ReactNode;
  annualReturns: (corporationId: string) => ReactNode;
}

/**
 * One corporation with its tab in the address: /corporations/{id}/states (docs/product.md §2
 * corporations.corporation): its states, its bills, its wallet's transactions when
 * corporations have wallets, and its annual returns.
 */
export function CorporationPage({ tabs }: { tabs: CorporationTabs }) {
  const { id, tab } = useParams();
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  const walletType = useSessionStore((state) => state.wallet?.type);
  const permissions = useSessionStore((state) => state.permissions);
  const corporation = useCorporation(id);

  if (!id) return <Navigate to="/corporations" replace />;
  if (!isCorporationTab(tab)) return <Navigate to={corporationPath(id, DEFAULT_CORPORATION_TAB)} replace />;

  if (corporation.isPending) return <LoadingPlaceholder height={320} label="Loading corporation" />;
  if (!corporation.data) {
    return (
      <>
        <BackLink to="/corporations" label="Corporations" />
        <ContentCard>
          <EmptyState
            message="Corporation not found"
            hint={
              <>
                It may have been removed, or it belongs to another organisation.{' '}
                <Button component={Link} to="/corporations" variant="subtle" size="compact-sm">
                  See all corporations
                </Button>
              </>
            }
          />
        </ContentCard>
      </>
    );
  }

  const { data } = corporation;
  const isStaff = isStaffUser(user);
  // Each corporation has its own wallet only when the organisation says so (Settings); then its
  // transactions live here instead of on the Transactions page.
  const hasBillsTab = hasPermission(permissions, calls.listBills.permission);
  const hasTransactionsTab =
    walletType === 'corporations' && hasPermission(permissions, calls.listCorporationWalletHistory.permission);
  // The wallet type arrives with the organisation's wallets; until then a transactions address waits for it.
  if (tab === 'transactions' && !walletType && hasPermission(permissions, WALLETS_PERMISSION))
    return <LoadingPlaceholder height={320} label="Loading corporation" />;
  // An address naming a tab this user does not have (transactions with one organisation wallet) opens the first tab.
  if (!corporationTabs({ canSeeBills: hasBillsTab, hasOwnWallet: hasTransactionsTab }).includes(tab))
    return <Navigate to={corporationPath(id, DEFAULT_CORPORATION_TAB)} replace />;
  return (
    <>
      <BackLink to="/corporations" label="Corporations" />
      <PageHeading
        title={data.name}
        description={
          <Text span c="dimmed">
            {isStaff && data.organisation.name ? `${data.organisation.name} · ` : ''}
            {data.state_count === 0
              ? 'Not registered in any state yet'
              : data.state_count === 1
                ? 'Registered in 1 state'
                : `Registered in ${data.state_count} states`}{' '}
            · Added {formatDate(data.created_at)}
          </Text>
        }
      />
      <Tabs
        value={tab}
        onChange={(value) =>
          isCorporationTab(value ?? undefined) && void navigate(corporationPath(id, value as typeof tab))
        }
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="states" leftSection={<IconMap2 size={16} />}>
            States
          </Tabs.Tab>
          {hasBillsTab && (
            <Tabs.Tab value="bills" leftSection={<IconReceipt2 size={16} />}>
              Bills
            </Tabs.Tab>
          )}
          {hasTransactionsTab && (
            <Tabs.Tab value="transactions" leftSection={<IconArrowsExchange size={16} />}>
              Transactions
            </Tabs.Tab>
          )}
          {hasBillsTab && (
            <Tabs.Tab value="annual-returns" leftSection={<IconFileCertificate size={16} />}>
              Annual returns
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="states">
          <StatesTab corporation={data} readOnly={isStaff} />
        </Tabs.Panel>
        <Tabs.Panel value="bills">{hasBillsTab && tabs.bills(data.id)}</Tabs.Panel>
        <Tabs.Panel value="transactions">{tabs.transactions(data.id)}</Tabs.Panel>
        <Tabs.Panel value="annual-returns">{hasBillsTab && tabs.annualReturns(data.id)}</Tabs.Panel>
      </Tabs>
    </>
  );
}
