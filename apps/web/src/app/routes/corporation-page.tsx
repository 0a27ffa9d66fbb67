import { AnnualReturnsTab } from '../../features/annual-returns/components/annual-returns-tab';
import { BillsList } from '../../features/bills/components/bills-list';
import { CorporationPage, type CorporationTabs } from '../../features/corporations/pages/corporation-page';
import { CorporationWalletTab } from '../../features/wallets/components/corporation-wallet-tab';

const TABS: CorporationTabs = {
  bills: (corporationId) => <BillsList corporationId={corporationId} />,
  transactions: (corporationId) => <CorporationWalletTab corporationId={corporationId} />,
  annualReturns: (corporationId) => <AnnualReturnsTab corporationId={corporationId} />,
};

/** A corporation's page with the bills, transactions and annual-returns tabs of those features. */
export default function CorporationRoute() {
  return <CorporationPage tabs={TABS} />;
}
