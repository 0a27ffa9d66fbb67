import { ManagePayrollDialog } from '../../../components/payroll/manage-payroll-dialog';
import { MountedModal } from '../../../components/mounted-modal';
import type { BillDialogProps } from '../model/bill-routes';
import { useCorporationName } from './bill-form-parts';
import { PayeFormStep } from './paye-form-step';
import { PayeSummaryStep } from './paye-summary-step';
import { usePayeBill } from './use-paye-bill';

/**
 * PAYE Generate Bill (docs/product.md §4): step 1 the corporation, its state, the month and the
 * employees (the payroll on file, or a new file); Proceed reads them and asks the charge; step 2
 * the summary with the rows whose tax differs from the engine's, the wallet and how late the month
 * is; Generate pays the bill from the wallet at once. A state without consent or a registered
 * payroll sends the person through Manage Payroll first: PAYE is filed for the employees
 * registered there. The month starts at the oldest one not yet paid.
 */
export function PayeBillDialog({ prefill, onClose, onCreated }: BillDialogProps) {
  const bill = usePayeBill({ prefill, onClose, onCreated });
  const { corporation } = bill.form.values;
  const corporationName = useCorporationName(corporation);
  const onSummary = bill.flow.step === 'summary';
  return (
    <MountedModal
      onClose={onClose}
      title={onSummary ? 'PAYE Generate Bill · Summary' : 'PAYE Generate Bill'}
      centered
      size="lg"
    >
      {onSummary ? <PayeSummaryStep bill={bill} /> : <PayeFormStep bill={bill} onClose={onClose} />}
      {bill.managingPayroll && bill.registration && corporation && (
        <ManagePayrollDialog
          corporationId={corporation}
          corporationName={corporationName}
          registration={bill.registration}
          onClose={() => bill.setManagingPayroll(false)}
        />
      )}
    </MountedModal>
  );
}
