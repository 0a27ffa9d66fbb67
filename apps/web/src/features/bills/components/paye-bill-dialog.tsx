import type { BillDetail } from '@levy/contracts';
import { koboToNairaString } from '@levy/tax';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useStates } from '../../../api/organisation-api';
import { useEffect, useState } from 'react';
import { MountedModal } from '../../../components/mounted-modal';
import { FileProblems } from '../../../components/file-problems';
import { ApiError, showErrorToast } from '../../../lib/api-client';
import { showFileParsingToast, showInvalidFileToast } from '../../../lib/file-toasts';
import { useAlerts } from '../../../api/alerts-api';
import { useCorporationStates, type CorporationState } from '../../../api/corporations-api';
import { ManagePayrollDialog } from '../../../components/payroll/manage-payroll-dialog';
import { useSessionStore } from '../../../lib/session-store';
import { rowProblemsFrom } from '../../../lib/payroll-file';
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
import { checkPayeBillFile, coveredBy } from '../model/bill-files';
import { useResidentsChoice } from './residents-elsewhere';
import { initialMonthValue, monthError, oldestUnpaidMonthValue, toPeriod } from '../model/bill-period';
import { useSupplementary } from './payment-checks';
import { PayeSummaryStep, type PayeSummary } from './paye-summary-step';
import { isPayrollReady, PayeEmployeesField } from './paye-employees-field';
import { CorporationStateFields, MonthField, useRegistrationPrefill, useCorporationName } from './bill-form-parts';

type PayrollSource = PayeSummary['source'];

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
  const [summary, setSummary] = useState<PayeSummary | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const corporationName = useCorporationName(corporationId);
  useRegistrationPrefill(prefill?.corporationId ?? null, prefill?.stateCode, setRegistration);
  // The registration as it is now: Manage Payroll, opened from here, changes its consent and employees.
  const registrations = useCorporationStates(corporationId ?? undefined);
  const current =
    registrations.data?.find((candidate) => candidate.state.code === registration?.state.code) ?? registration;
  const payrollReady = Boolean(current && isPayrollReady(current));
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
          {current && (
            <PayeEmployeesField
              registration={current}
              source={source}
              onSourceChange={setChosenSource}
              file={file}
              onFileChange={chooseFile}
              fileError={errors.file}
              onManagePayroll={() => setManagingPayroll(true)}
            />
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
        <PayeSummaryStep
          summary={summary}
          registration={registration!}
          corporationId={corporationId!}
          corporationName={corporationName}
          month={month!}
          charge={charge!}
          residents={residents}
          supplementary={supplementary}
          repeat={repeat}
          precheck={precheck.data}
          registeredStateCodes={(registrations.data ?? []).map((candidate) => candidate.state.code)}
          payError={payError}
          problems={problems}
          percent={percent}
          onMoved={() => setSummary(null)}
          onBack={() => setSummary(null)}
          onGenerate={() => void generate()}
        />
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
