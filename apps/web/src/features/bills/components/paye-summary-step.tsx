import type { BillPrecheck, ChargeCalculation } from '@levy/contracts';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { CorporationState } from '../../../api/corporations-api';
import { FileProblems } from '../../../components/file-problems';
import { formatAmount } from '../../../lib/format';
import { coveredBy, type CheckedBillFile } from '../model/bill-files';
import { formatPeriod, toPeriod } from '../model/bill-period';
import { BillSummaryTable, PaymentError, RowWarnings } from './bill-form-parts';
import { isPayBlocked, payLabel, PaymentChecks, RepeatWarning, type useSupplementary } from './payment-checks';
import { PreviousBillChanges } from './previous-bill-changes';
import { ResidentsElsewhere, type useResidentsChoice } from './residents-elsewhere';

/** What Proceed read: the employees' file as checked, where it came from, and its charges. */
export interface PayeSummary {
  file: CheckedBillFile;
  source: 'payroll' | 'file';
  /** The charge on the employees the bill covers: with the residents of other states left out, and with them. */
  charges: { leftOut: ChargeCalculation; included: ChargeCalculation };
  /** One per summary shown: a double-click or a retry of Generate makes one bill. */
  idempotencyKey: string;
}

/**
 * PAYE Generate Bill, step 2: what is paid and to whom, the employees living elsewhere, the rows
 * whose tax differs from the engine's, the changes since last month's bill and the wallet's checks.
 */
export function PayeSummaryStep({
  summary,
  registration,
  corporationId,
  corporationName,
  month,
  charge,
  residents,
  supplementary,
  repeat,
  precheck,
  registeredStateCodes,
  payError,
  problems,
  percent,
  onMoved,
  onBack,
  onGenerate,
}: {
  summary: PayeSummary;
  registration: CorporationState;
  corporationId: string;
  corporationName: string;
  /** The month picked, as the month field holds it. */
  month: string;
  charge: ChargeCalculation;
  residents: ReturnType<typeof useResidentsChoice>;
  supplementary: ReturnType<typeof useSupplementary>;
  repeat: string | null;
  precheck: BillPrecheck | undefined;
  registeredStateCodes: string[];
  payError: string | null;
  problems: string[];
  /** The upload's progress while Generate runs, else null. */
  percent: number | null;
  /** The payroll on file changed (residents moved): the bill is read from it again. */
  onMoved: () => void;
  onBack: () => void;
  onGenerate: () => void;
}) {
  return (
    <Stack gap="md">
      <RepeatWarning supplementary={supplementary} repeat={repeat} />
      <BillSummaryTable
        lines={[
          { label: 'Corporation', value: corporationName },
          { label: 'State', value: `${registration.state.name} (${registration.state.revenue_service})` },
          { label: 'Tax ID', value: registration.tax_payer_number },
          { label: 'Month', value: formatPeriod(toPeriod(month)) },
          {
            label: 'Employees',
            value:
              coveredBy(summary.file, residents.value.include).recipientCount.toLocaleString('en-NG') +
              (summary.source === 'payroll' ? ' (the payroll on file)' : ' (your file)'),
          },
        ]}
        amountDue={charge.amount_due}
        charge={charge.charge}
        chargeDetail={`fee ${formatAmount(charge.fee)} + VAT ${formatAmount(charge.vat)}`}
        total={charge.total}
      />
      <ResidentsElsewhere
        groups={summary.file.residentsElsewhere}
        payrollState={registration.state}
        choice={residents}
        move={
          summary.source === 'payroll'
            ? {
                corporationId: corporationId,
                registeredStateCodes: registeredStateCodes,
                // The payroll on file changed: the bill is read from it again.
                onMoved,
              }
            : undefined
        }
      />
      <RowWarnings warnings={summary.file.warnings} fromPayrollOnFile={summary.source === 'payroll'} />
      <PreviousBillChanges
        corporationId={corporationId}
        stateCode={registration.state.code}
        stateName={registration.state.name}
        month={toPeriod(month)}
        employees={summary.file.employees ?? []}
      />
      <PaymentChecks precheck={precheck} total={charge.total} repeat={repeat} />
      <PaymentError message={payError} />
      <FileProblems problems={problems} />
      {percent !== null && <Progress value={percent} animated aria-label="Upload progress" />}
      <Text fz="xs" c="dimmed">
        {precheck?.approval.required
          ? 'Submit stores the bill for an admin to approve; nothing is paid until then.'
          : 'Generate pays the total from your wallet now and sends the bill to the revenue service.'}
      </Text>
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={onBack} disabled={percent !== null}>
          Back
        </Button>
        <Button
          onClick={onGenerate}
          loading={percent !== null}
          disabled={(Boolean(repeat) && !supplementary.value.confirmed) || isPayBlocked(precheck)}
        >
          {payLabel(precheck, 'Generate')}
        </Button>
      </Group>
    </Stack>
  );
}
