import type { BillDetail, ChargeCalculation } from '@levy/contracts';
import { CSV_TEMPLATE_PATHS, koboToNairaString } from '@levy/tax';
import { Alert, Button, Group, Progress, Radio, Stack, Text } from '@mantine/core';
import { useStates } from '../../../api/organisation-api';
import { IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { MountedModal } from '../../../components/mounted-modal';
import { FileProblems } from '../../../components/file-problems';
import { FileSelect } from '../../../components/file-select';
import { ApiError, showErrorToast } from '../../../lib/api-client';
import { formatAmount, formatDate, plural } from '../../../lib/format';
import { showFileParsingToast, showInvalidFileToast } from '../../../lib/file-toasts';
import { useAlerts } from '../../../api/alerts-api';
import { useCorporationStates, type CorporationState } from '../../../api/corporations-api';
import { ManagePayrollDialog } from '../../../components/payroll/manage-payroll-dialog';
import { useSessionStore } from '../../../lib/session-store';
import { PAYROLL_FILE_ACCEPT, rowProblemsFrom } from '../../../lib/payroll-file';
import {
  billCreatedMessage,
  calculateCharge,
  fetchPayrollOnFile,
  generateBill,
  useBillCreated,
  useBillTypes,
  usePrecheck,
} from '../api/bills-api';
import type { BillPrefill } from '../model/bill-routes';
import { checkPayeBillFile, coveredBy, type CheckedBillFile } from '../model/bill-files';
import { ResidentsElsewhere, useResidentsChoice } from './residents-elsewhere';
import { initialMonthValue, formatPeriod, monthError, oldestUnpaidMonthValue, toPeriod } from '../model/bill-period';
import { isPayBlocked, payLabel, PaymentChecks, RepeatWarning, useSupplementary } from './payment-checks';
import { PreviousBillChanges } from './previous-bill-changes';
import {
  BillSummaryTable,
  CorporationStateFields,
  MonthField,
  PaymentError,
  useRegistrationPrefill,
  RowWarnings,
  TemplateLink,
  useCorporationName,
} from './bill-form-parts';

type PayrollSource = 'payroll' | 'file';

interface Summary {
  file: CheckedBillFile;
  source: PayrollSource;
  /** The charge on the employees the bill covers: with the residents of other states left out, and with them. */
  charges: { leftOut: ChargeCalculation; included: ChargeCalculation };
  /** One per summary shown: a double-click or a retry of Generate makes one bill. */
  idempotencyKey: string;
}

/**
 * PAYE Generate Bill (docs/product.md §4): step 1 the corporation, its state, the month and the
 * employees (the payroll on file, or a new file); Proceed reads them and asks the charge; step 2
 * the summary with the rows whose tax differs from the engine's, the wallet and how late the month
 * is; Generate pays the bill from the wallet at once. A state without consent or a registered
 * payroll sends the person through Manage Payroll first: PAYE is filed for the employees
 * registered there. The month starts at the oldest one not yet paid.
 */
export function PayeBillDialog({
  prefill,
  onClose,
  onCreated,
}: {
  prefill?: BillPrefill;
  onClose: () => void;
  onCreated: (bill: BillDetail) => void;
}) {
  const types = useBillTypes();
  const billCreated = useBillCreated();
  const [corporationId, setCorporationId] = useState<string | null>(prefill?.corporationId ?? null);
  const [registration, setRegistration] = useState<CorporationState | null>(null);
  const [month, setMonth] = useState<string | null>(() => initialMonthValue(prefill?.month));
  // A month named by a link or picked by the person stays; otherwise it follows the chosen state.
  const [monthChosen, setMonthChosen] = useState(Boolean(prefill?.month));
  const [chosenSource, setChosenSource] = useState<PayrollSource | null>(null);
  const [managingPayroll, setManagingPayroll] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [proceeding, setProceeding] = useState(false);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const corporationName = useCorporationName(corporationId);
  useRegistrationPrefill(prefill?.corporationId ?? null, prefill?.stateCode, setRegistration);
  // The registration as it is now: Manage Payroll, opened from here, changes its consent and employees.
  const registrations = useCorporationStates(corporationId ?? undefined);
  const current =
    registrations.data?.find((candidate) => candidate.state.code === registration?.state.code) ?? registration;
  const payrollReady = Boolean(current?.is_control_consent_given && current.employee_count > 0);
  const source: PayrollSource = chosenSource ?? (payrollReady ? 'payroll' : 'file');
  const organisationId = useSessionStore((state) => state.organisation?.id);
  const alerts = useAlerts(organisationId);
  const stateCode = registration?.state.code ?? null;
  useEffect(() => {
    if (monthChosen || !corporationId || !stateCode || !alerts.data) return;
    setMonth(oldestUnpaidMonthValue(alerts.data, { corporationId, stateCode }));
  }, [monthChosen, corporationId, stateCode, alerts.data]);
  const supplementary = useSupplementary();
  const states = useStates();
  const residents = useResidentsChoice();
  const charge = summary ? (residents.value.include ? summary.charges.included : summary.charges.leftOut) : null;
  const precheck = usePrecheck(
    summary && charge && registration && corporationId && month
      ? {
          corporationId,
          stateCode: registration.state.code,
          type: 'paye',
          month: toPeriod(month),
          total: charge.total,
          amountDue: charge.amount_due,
        }
      : null,
  );
  const repeat = precheck.data?.duplicate ?? supplementary.refusedRepeat;

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setProblems([]);
    setErrors((current) => ({ ...current, file: null }));
  };

  const proceed = async () => {
    const found = {
      corporation: corporationId ? null : 'Corporation is required',
      state: registration ? null : 'State is required',
      month: monthError(month),
      file: payrollReady && source === 'file' && !file ? 'No new file selected' : null,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean) || !month || !registration || !corporationId || !payrollReady) return;
    setProceeding(true);
    try {
      const payeType = (types.data ?? (await types.refetch()).data)?.find((type) => type.code === 'paye');
      // The payroll on file is read and checked for the month exactly as a chosen file is.
      const employees = source === 'payroll' ? await fetchPayrollOnFile(corporationId, registration.state.code) : file;
      if (!payeType || !employees) return;
      const allStates = states.data ?? (await states.refetch()).data ?? [];
      // The payroll on file's rows are of a file the app wrote: its warnings name the employee alone.
      const checked = await checkPayeBillFile(employees, toPeriod(month), {
        fromPayrollOnFile: source === 'payroll',
        residence: { payrollStateCode: registration.state.code, states: allStates },
      });
      if (!checked.ok) {
        setErrors((current) => ({ ...current, file: checked.message }));
        setProblems(checked.problems);
        if (checked.kind === 'invalid-file') showInvalidFileToast(checked.message);
        else showFileParsingToast(checked.message);
        return;
      }
      const priced = (includeElsewhere: boolean) => {
        const covered = coveredBy(checked, includeElsewhere);
        return calculateCharge({
          type_id: payeType.id,
          amount_due: koboToNairaString(covered.amountDue),
          recipient_count: covered.recipientCount,
          period: toPeriod(month),
        });
      };
      const included = await priced(true);
      const leftOut = checked.residentsElsewhere.length > 0 ? await priced(false) : included;
      setPayError(null);
      residents.reset();
      setSummary({ file: checked, source, charges: { leftOut, included }, idempotencyKey: crypto.randomUUID() });
    } catch {
      // The call's failure was toasted; the form stays as it is.
    } finally {
      setProceeding(false);
    }
  };

  const generate = async () => {
    if (!summary || !registration || !corporationId || !month || percent !== null || !supplementary.check(repeat))
      return;
    if (summary.file.residentsElsewhere.length > 0 && !residents.check()) return;
    if (summary.source === 'file' && !file) return;
    setPayError(null);
    setPercent(0);
    try {
      const bill = await generateBill({
        corporationId,
        stateCode: registration.state.code,
        type: 'paye',
        fields: {
          start_date: toPeriod(month),
          source: summary.source,
          ...supplementary.fields(repeat),
          ...(summary.file.residentsElsewhere.length > 0 ? residents.fields() : {}),
        },
        recipients: summary.source === 'file' ? (file ?? undefined) : undefined,
        idempotencyKey: summary.idempotencyKey,
        onProgress: setPercent,
      });
      await billCreated(bill, billCreatedMessage(bill));
      onCreated(bill);
      onClose();
    } catch (error) {
      // A refused Pay keeps everything chosen; the wallet and the month are read again for the next try.
      void precheck.refetch();
      if (supplementary.takeRefusal(error)) return;
      if (error instanceof ApiError) {
        const fields = error.fieldErrors;
        if (fields.residents_elsewhere_reason) residents.setReasonError(fields.residents_elsewhere_reason);
        setPayError(fields.recipients ?? fields.start_date ?? fields.residents_elsewhere_reason ?? error.message);
        setProblems(rowProblemsFrom(fields));
      } else {
        showErrorToast(String(error));
      }
    } finally {
      setPercent(null);
    }
  };

  return (
    <MountedModal
      onClose={onClose}
      title={summary ? 'PAYE Generate Bill · Summary' : 'PAYE Generate Bill'}
      centered
      size="lg"
    >
      {!summary ? (
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            Pay a month&apos;s PAYE for a corporation&apos;s employees to the state&apos;s revenue service, from your
            wallet.
          </Text>
          <CorporationStateFields
            corporationId={corporationId}
            stateCode={registration?.state.code ?? null}
            onCorporationChange={setCorporationId}
            onStateChange={setRegistration}
            errors={{ corporation: errors.corporation, state: errors.state }}
            tax="paye"
          />
          <MonthField
            value={month}
            onChange={(value) => {
              setMonthChosen(true);
              setMonth(value);
            }}
            error={errors.month}
            description={monthChosen || !current ? undefined : 'The oldest month not yet paid here'}
          />
          {current && !payrollReady && (
            <PayrollNeeded registration={current} onManage={() => setManagingPayroll(true)} />
          )}
          {current && payrollReady && (
            <Radio.Group
              label="Employees"
              value={source}
              onChange={(value) => setChosenSource(value === 'file' ? 'file' : 'payroll')}
              required
            >
              <Stack gap="xs" mt={6}>
                <Radio
                  value="payroll"
                  label={
                    `Use the payroll on file: ${plural(current.employee_count, 'employee')}` +
                    `${current.payroll_updated_at ? `, updated ${formatDate(current.payroll_updated_at)}` : ''}`
                  }
                />
                <Radio value="file" label="Upload a payroll file for this month" />
              </Stack>
            </Radio.Group>
          )}
          {payrollReady && source === 'file' && (
            <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
              <FileSelect
                label="Payroll file"
                description="The PAYE template as CSV: one row per employee"
                accept={PAYROLL_FILE_ACCEPT}
                value={file}
                onChange={chooseFile}
                error={errors.file}
                required
              />
              <TemplateLink href={CSV_TEMPLATE_PATHS.paye}>Download the payroll template</TemplateLink>
            </Group>
          )}
          <FileProblems problems={problems} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void proceed()} loading={proceeding} disabled={Boolean(current) && !payrollReady}>
              Proceed
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <RepeatWarning supplementary={supplementary} repeat={repeat} />
          <BillSummaryTable
            lines={[
              { label: 'Corporation', value: corporationName },
              { label: 'State', value: `${registration!.state.name} (${registration!.state.revenue_service})` },
              { label: 'Tax ID', value: registration!.tax_payer_number },
              { label: 'Month', value: formatPeriod(toPeriod(month!)) },
              {
                label: 'Employees',
                value:
                  coveredBy(summary.file, residents.value.include).recipientCount.toLocaleString('en-NG') +
                  (summary.source === 'payroll' ? ' (the payroll on file)' : ' (your file)'),
              },
            ]}
            amountDue={charge!.amount_due}
            charge={charge!.charge}
            chargeDetail={`fee ${formatAmount(charge!.fee)} + VAT ${formatAmount(charge!.vat)}`}
            total={charge!.total}
          />
          <ResidentsElsewhere
            groups={summary.file.residentsElsewhere}
            payrollState={registration!.state}
            choice={residents}
            move={
              summary.source === 'payroll'
                ? {
                    corporationId: corporationId!,
                    registeredStateCodes: (registrations.data ?? []).map((candidate) => candidate.state.code),
                    // The payroll on file changed: the bill is read from it again.
                    onMoved: () => setSummary(null),
                  }
                : undefined
            }
          />
          <RowWarnings warnings={summary.file.warnings} fromPayrollOnFile={summary.source === 'payroll'} />
          <PreviousBillChanges
            corporationId={corporationId!}
            stateCode={registration!.state.code}
            stateName={registration!.state.name}
            month={toPeriod(month!)}
            employees={summary.file.employees ?? []}
          />
          <PaymentChecks precheck={precheck.data} total={charge!.total} repeat={repeat} />
          <PaymentError message={payError} />
          <FileProblems problems={problems} />
          {percent !== null && <Progress value={percent} animated aria-label="Upload progress" />}
          <Text fz="xs" c="dimmed">
            {precheck.data?.approval.required
              ? 'Submit stores the bill for an admin to approve; nothing is paid until then.'
              : 'Generate pays the total from your wallet now and sends the bill to the revenue service.'}
          </Text>
          <Group justify="space-between" gap="sm">
            <Button variant="default" onClick={() => setSummary(null)} disabled={percent !== null}>
              Back
            </Button>
            <Button
              onClick={() => void generate()}
              loading={percent !== null}
              disabled={(Boolean(repeat) && !supplementary.value.confirmed) || isPayBlocked(precheck.data)}
            >
              {payLabel(precheck.data, 'Generate')}
            </Button>
          </Group>
        </Stack>
      )}
      {managingPayroll && current && corporationId && (
        <ManagePayrollDialog
          corporationId={corporationId}
          corporationName={corporationName}
          registration={current}
          onClose={() => setManagingPayroll(false)}
        />
      )}
    </MountedModal>
  );
}

/** A state where PAYE cannot be filed yet: what is missing, and the way to it without leaving Pay Taxes. */
function PayrollNeeded({ registration, onManage }: { registration: CorporationState; onManage: () => void }) {
  const missing = registration.is_control_consent_given
    ? `No payroll is registered with ${registration.state.revenue_service} yet. Upload it once in Manage Payroll; each month's bill can then use it.`
    : `${registration.state.revenue_service} needs the taxpayer's consent and the payroll before PAYE can be filed. Give consent with the code it ` +
      `emails, then upload the payroll; you come back here after.`;
  return (
    <Alert
      color="yellow"
      icon={<IconUsersGroup size={18} />}
      title={`Register the payroll for ${registration.state.name} first`}
      data-testid="payroll-needed"
    >
      <Text fz="sm">PAYE is filed for the employees registered with the state. {missing}</Text>
      <Button mt="sm" size="xs" variant="light" onClick={onManage}>
        Manage Payroll
      </Button>
    </Alert>
  );
}
