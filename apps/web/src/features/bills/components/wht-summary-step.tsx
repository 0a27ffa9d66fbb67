import { Alert, Button, Group, Progress, Stack } from '@mantine/core';
import { formatAmount } from '../../../lib/format';
import { formatPeriod } from '../model/bill-period';
import { BillSummaryTable, PaymentError, useCorporationName } from './bill-form-parts';
import { isPayBlocked, PaymentChecks, payLabel, RepeatWarning } from './payment-checks';
import type { WhtBill } from './use-wht-bill';

/** The spec's WHT pay failure words (docs/product.md §8). */
const WHT_PAY_FAILURE = 'Form data error';

/** Step 5: what is paid, the charge and the wallet's checks, with Pay (docs/product.md §4). */
export function WhtSummaryStep({ bill }: { bill: WhtBill }) {
  const { form, flow, registration, chosenType, precheck, repeat, supplementary, bulkItems } = bill;
  const { values } = form;
  const corporationName = useCorporationName(values.corporation);
  const summary = flow.summary;
  if (!summary || !registration || !bill.period) return null;
  const { state } = registration;
  const paying = flow.work === 'paying';
  const single = values.kind === 'single';
  const auto = values.method === 'auto';
  return (
    <Stack gap="md">
      <RepeatWarning supplementary={supplementary} repeat={repeat} />
      <BillSummaryTable
        lines={[
          { label: 'Corporation', value: corporationName },
          // The NRS is its own revenue service: its name once.
          {
            label: 'Agency',
            value: state.name === state.revenue_service ? state.name : `${state.name} (${state.revenue_service})`,
          },
          { label: 'Month', value: formatPeriod(bill.period) },
          { label: 'WHT type', value: chosenType ? `${chosenType.name} (${chosenType.percentage}%)` : values.wht_type },
          {
            label: single ? 'Beneficiary' : 'Beneficiaries',
            value: single
              ? `${values.name.trim()} · ${values.tax_payer_number.trim().toUpperCase()}`
              : summary.recipientCount.toLocaleString('en-NG'),
          },
          ...(single && auto ? [{ label: 'Amount paid', value: formatAmount(values.amount) }] : []),
          ...(!single && auto && bulkItems.data
            ? [{ label: 'Payments', value: formatAmount(bulkItems.data.aggs.sum_amount) }]
            : []),
        ]}
        charge={summary.charge}
      />
      <PaymentChecks precheck={precheck.data} total={summary.charge.total} repeat={repeat} />
      <PaymentError title={WHT_PAY_FAILURE} message={flow.payError} />
      {flow.percent !== null && <Progress value={flow.percent} animated aria-label="Upload progress" />}
      {!precheck.data?.approval.required && (
        <Alert color="blue" variant="light">
          Pay takes the total from your wallet now; the revenue service confirms the payment shortly after.
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={bill.back} disabled={paying}>
          Back
        </Button>
        <Button
          onClick={() => void bill.pay()}
          loading={paying}
          disabled={(Boolean(repeat) && !supplementary.value.confirmed) || isPayBlocked(precheck.data)}
        >
          {payLabel(precheck.data, 'Pay')}
        </Button>
      </Group>
    </Stack>
  );
}
