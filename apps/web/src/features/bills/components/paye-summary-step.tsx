import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { FileProblems } from '../../../components/file-problems';
import { PayrollWarnings } from '../../../components/payroll/payroll-review';
import { PayrollOnFileChanges, PreviousBillChanges } from '../../../components/payroll/previous-bill-changes';
import { coveredBy } from '../model/bill-files';
import { formatPeriod, toPeriod } from '../model/bill-period';
import { BillSummaryTable, PaymentError, RowWarnings, useCorporationName } from './bill-form-parts';
import { isPayBlocked, payLabel, PaymentChecks, RepeatWarning } from './payment-checks';
import { ResidentsElsewhere } from './residents-elsewhere';
import type { PayeBill } from './use-paye-bill';

/**
 * PAYE Generate Bill, step 2: what is paid and to whom, the employees living elsewhere, the rows
 * whose tax differs from the engine's, the payroll officer's checks, the changes since last month's bill and the wallet's checks.
 */
export function PayeSummaryStep({ bill }: { bill: PayeBill }) {
  const { form, flow, registration, charge, residents, supplementary, repeat } = bill;
  const { corporation } = form.values;
  const corporationName = useCorporationName(corporation);
  const { summary } = flow;
  if (!summary || !charge || !registration || !corporation) return null;
  const precheck = bill.precheck.data;
  const period = toPeriod(bill.month);
  const fromPayroll = summary.source === 'payroll';
  const paying = flow.work === 'paying';
  return (
    <Stack gap="md">
      <RepeatWarning supplementary={supplementary} repeat={repeat} />
      <BillSummaryTable
        lines={[
          { label: 'Corporation', value: corporationName },
          { label: 'State', value: `${registration.state.name} (${registration.state.revenue_service})` },
          { label: 'Tax ID', value: registration.tax_payer_number },
          { label: 'Month', value: formatPeriod(period) },
          {
            label: 'Employees',
            value:
              coveredBy(summary.file, residents.value.include).recipientCount.toLocaleString('en-NG') +
              (fromPayroll ? ' (the payroll on file)' : ' (your file)'),
          },
        ]}
        charge={charge}
      />
      <ResidentsElsewhere
        groups={summary.file.residentsElsewhere}
        payrollState={registration.state}
        choice={residents}
        move={
          fromPayroll
            ? {
                corporationId: corporation,
                registeredStateCodes: bill.registrations.map((candidate) => candidate.state.code),
                // The payroll on file changed: the bill is read from it again.
                onMoved: bill.back,
              }
            : undefined
        }
      />
      <RowWarnings warnings={summary.file.warnings} fromPayrollOnFile={fromPayroll} />
      <PayrollWarnings taxWarnings={[]} notices={summary.file.notices} />
      {summary.payrollOnFile && (
        <PayrollOnFileChanges
          onFile={summary.payrollOnFile}
          updatedAt={registration.payroll_updated_at}
          employees={summary.file.employees ?? []}
        />
      )}
      <PreviousBillChanges
        corporationId={corporation}
        stateCode={registration.state.code}
        stateName={registration.state.name}
        month={period}
        employees={summary.file.employees ?? []}
      />
      <PaymentChecks precheck={precheck} total={charge.total} repeat={repeat} />
      <PaymentError message={flow.payError} />
      <FileProblems problems={bill.problems} />
      {flow.percent !== null && <Progress value={flow.percent} animated aria-label="Upload progress" />}
      <Text fz="xs" c="dimmed">
        {precheck?.approval.required
          ? 'Submit stores the bill for an admin to approve; nothing is paid until then.'
          : 'Generate pays the total from your wallet now and sends the bill to the revenue service.'}
      </Text>
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={bill.back} disabled={paying}>
          Back
        </Button>
        <Button
          onClick={() => void bill.generate()}
          loading={paying}
          disabled={(Boolean(repeat) && !supplementary.value.confirmed) || isPayBlocked(precheck)}
        >
          {payLabel(precheck, 'Generate')}
        </Button>
      </Group>
    </Stack>
  );
}
