import { ContentCard } from '../../../components/content-card';
import { PageHeading } from '../../../components/page-heading';
import { BillsList } from '../components/bills-list';

/** Bills (docs/product.md §2 bills.index): every PAYE and WHT bill of the organisation. */
export default function BillsPage() {
  return (
    <>
      <PageHeading
        title="Bills"
        description="PAYE and Withholding Tax bills paid from your wallet, with their receipts and schedules."
      />
      <ContentCard>
        <BillsList />
      </ContentCard>
    </>
  );
}
