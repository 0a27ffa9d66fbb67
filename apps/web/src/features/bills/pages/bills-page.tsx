import { hasPermission } from '@levy/contracts';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ContentCard } from '../../../components/content-card';
import { PageHeading } from '../../../components/page-heading';
import { useSessionStore } from '../../../lib/session-store';
import { BillsList } from '../components/bills-list';
import { WHT_BILL_PERMISSION } from '../components/pay-taxes';
import { WhtBillDialog } from '../components/wht-bill-dialog';
import { billPath } from '../model/bill-routes';
import { readWhtPrefill, withoutWhtPrefill, type WhtPrefill } from '../model/wht-prefill';

/** Bills (product-spec §2 bills.index): every PAYE and WHT bill of the organisation. */
export default function BillsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const canPayWht = useSessionStore((state) => hasPermission(state.permissions, WHT_BILL_PERMISSION));
  // A link such as the bank analyser's "Pay WHT" opens the WHT form prefilled, once.
  const [prefill, setPrefill] = useState<WhtPrefill | null>(() => (canPayWht ? readWhtPrefill(searchParams) : null));
  const close = () => {
    setPrefill(null);
    setSearchParams((current) => withoutWhtPrefill(current), { replace: true });
  };
  return (
    <>
      <PageHeading title="Bills" description="PAYE and Withholding Tax bills paid from your wallet, with their receipts and schedules." />
      <ContentCard>
        <BillsList />
      </ContentCard>
      {prefill && <WhtBillDialog prefill={prefill} onClose={close} onCreated={(bill) => void navigate(billPath(bill.id), { replace: true })} />}
    </>
  );
}
