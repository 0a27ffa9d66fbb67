import { Stepper } from '@mantine/core';
import { MountedModal } from '../../../components/mounted-modal';
import type { BillDialogProps } from '../model/bill-routes';
import type { WhtStep } from '../model/wht-bill-form';
import { useWhtBill } from './use-wht-bill';
import { WhtAmountStep, WhtMethodStep } from './wht-amount-step';
import { WhtDetailsStep } from './wht-details-step';
import { WhtPreviewStep } from './wht-preview-step';
import { WhtSummaryStep } from './wht-summary-step';

const STEP_LABELS: Record<WhtStep, string> = {
  details: 'Details',
  method: 'Method',
  amount: 'Amount',
  preview: 'Preview',
  summary: 'Summary',
};

/**
 * The multi-step Withholding Tax form (docs/product.md §4): (1) single or multiple, corporation,
 * agency, month, and a single beneficiary's Tax ID and name; (2) auto calculation or manual;
 * (3) the WHT type with the amount or the file; (4) the file's preview (multiple only); (5) the
 * summary with Pay. The bill is paid from the wallet and settled with the agency in the background.
 */
export function WhtBillDialog({ prefill, onClose, onCreated }: BillDialogProps) {
  const bill = useWhtBill({ prefill, onClose, onCreated });
  const { step } = bill.flow;
  const visibleSteps: WhtStep[] =
    bill.form.values.kind === 'single'
      ? ['details', 'method', 'amount', 'summary']
      : ['details', 'method', 'amount', 'preview', 'summary'];
  return (
    <MountedModal onClose={onClose} title="Withholding Tax" centered size="xl">
      <Stepper active={visibleSteps.indexOf(step)} size="sm" mb="lg" allowNextStepsSelect={false}>
        {visibleSteps.map((value) => (
          <Stepper.Step key={value} label={STEP_LABELS[value]} />
        ))}
      </Stepper>
      {step === 'details' && <WhtDetailsStep bill={bill} onClose={onClose} />}
      {step === 'method' && <WhtMethodStep bill={bill} />}
      {step === 'amount' && <WhtAmountStep bill={bill} />}
      {step === 'preview' && <WhtPreviewStep bill={bill} />}
      {step === 'summary' && <WhtSummaryStep bill={bill} />}
    </MountedModal>
  );
}
