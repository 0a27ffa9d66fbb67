import { payeBillForm, type BillDetail, type ChargeCalculation } from '@levy/contracts';
import { koboToNairaString } from '@levy/tax';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { useEffect, useReducer, useState } from 'react';
import { useAlerts } from '../../../api/alerts-api';
import { useCorporationStates } from '../../../api/corporations-api';
import { useStates } from '../../../api/organisation-api';
import { ApiError, showErrorToast } from '../../../lib/api-client';
import { showFileParsingToast, showInvalidFileToast } from '../../../lib/file-toasts';
import { rowProblemsFrom } from '../../../lib/payroll-file';
import { useSessionStore } from '../../../lib/session-store';
import {
  billCreatedMessage,
  calculateCharge,
  fetchPayrollOnFile,
  generateBill,
  useBillCreated,
  useBillTypes,
} from '../api/bills-api';
import { billFlow, startFlow } from '../model/bill-flow';
import { checkPayeBillFile, coveredBy, type CheckedBillFile } from '../model/bill-files';
import { initialMonthValue, oldestUnpaidMonthValue, toPeriod } from '../model/bill-period';
import type { BillPrefill } from '../model/bill-routes';
import { useRegistrationPrefill } from './bill-form-parts';
import { usePaymentChecks } from './payment-checks';
import { useResidentsChoice } from './residents-elsewhere';

type PayrollSource = 'payroll' | 'file';
type PayeStep = 'form' | 'summary';

interface PayeValues {
  corporation: string | null;
  /** The chosen registration's state code. */
  state: string | null;
  month: string | null;
  file: File | null;
}

interface PayeSummary {
  file: CheckedBillFile;
  source: PayrollSource;
  /** The charge on the employees the bill covers: with the residents of other states left out, and with them. */
  charges: { leftOut: ChargeCalculation; included: ChargeCalculation };
  /** One per summary shown: a double-click or a retry of Generate makes one bill. */
  idempotencyKey: string;
}

/** PAYE Generate Bill's values, its two steps and its calls (docs/product.md §4). */
export function usePayeBill({
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
  const [flow, dispatch] = useReducer(billFlow<PayeStep, PayeSummary>, 'form', startFlow<PayeStep, PayeSummary>);
  // A month named by a link or picked by the person stays; otherwise it follows the chosen state.
  const [monthChosen, setMonthChosen] = useState(Boolean(prefill?.month));
  const [chosenSource, setChosenSource] = useState<PayrollSource | null>(null);
  const [managingPayroll, setManagingPayroll] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const form = useForm<PayeValues>({
    initialValues: {
      corporation: prefill?.corporationId ?? null,
      state: null,
      month: initialMonthValue(prefill?.month),
      file: null,
    },
    clearInputErrorOnChange: false,
    validate: (values: PayeValues): FormErrors =>
      schemaResolver(uploading ? payeBillForm.upload : payeBillForm.details, { sync: true })(values),
  });
  const { values, setFieldValue } = form;
  // The registration as it is now: Manage Payroll, opened from here, changes its consent and employees.
  const registrations = useCorporationStates(values.corporation ?? undefined);
  const registration = registrations.data?.find((candidate) => candidate.state.code === values.state) ?? null;
  useRegistrationPrefill(prefill?.corporationId ?? null, prefill?.stateCode, (match) =>
    setFieldValue('state', match.state.code),
  );
  const payrollReady = Boolean(registration?.is_control_consent_given && registration.employee_count > 0);
  const source: PayrollSource = chosenSource ?? (payrollReady ? 'payroll' : 'file');
  const uploading = payrollReady && source === 'file';
  const organisationId = useSessionStore((state) => state.organisation?.id);
  const alerts = useAlerts(organisationId);
  useEffect(() => {
    if (monthChosen || !values.corporation || !values.state || !alerts.data) return;
    setFieldValue(
      'month',
      oldestUnpaidMonthValue(alerts.data, { corporationId: values.corporation, stateCode: values.state }),
    );
  }, [monthChosen, values.corporation, values.state, alerts.data, setFieldValue]);
  const states = useStates();
  const residents = useResidentsChoice();
  const { summary } = flow;
  const charge = summary ? (residents.value.include ? summary.charges.included : summary.charges.leftOut) : null;
  const { supplementary, precheck, repeat } = usePaymentChecks(
    flow.step === 'summary' && charge && registration && values.corporation && values.month
      ? {
          corporationId: values.corporation,
          stateCode: registration.state.code,
          type: 'paye',
          month: toPeriod(values.month),
          total: charge.total,
          amountDue: charge.amount_due,
        }
      : null,
  );

  const chooseMonth = (month: string | null) => {
    setMonthChosen(true);
    setFieldValue('month', month);
  };

  const chooseFile = (file: File | null) => {
    setFieldValue('file', file);
    setProblems([]);
    form.clearFieldError('file');
  };

  const proceed = async () => {
    const { corporation, month, file } = values;
    if (form.validate().hasErrors || !month || !registration || !corporation || !payrollReady) return;
    dispatch({ type: 'check' });
    try {
      const payeType = (types.data ?? (await types.refetch()).data)?.find((type) => type.code === 'paye');
      // The payroll on file is read and checked for the month exactly as a chosen file is.
      const employees = source === 'payroll' ? await fetchPayrollOnFile(corporation, registration.state.code) : file;
      if (!payeType || !employees) return;
      const allStates = states.data ?? (await states.refetch()).data ?? [];
      // The payroll on file's rows are of a file the app wrote: its warnings name the employee alone.
      const checked = await checkPayeBillFile(employees, toPeriod(month), {
        fromPayrollOnFile: source === 'payroll',
        residence: { payrollStateCode: registration.state.code, states: allStates },
      });
      if (!checked.ok) {
        form.setFieldError('file', checked.message);
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
      residents.reset();
      dispatch({
        type: 'summarise',
        step: 'summary',
        summary: { file: checked, source, charges: { leftOut, included }, idempotencyKey: crypto.randomUUID() },
      });
    } catch {
      // The call's failure was toasted; the form stays as it is.
    } finally {
      dispatch({ type: 'settle' });
    }
  };

  const generate = async () => {
    const { corporation, month, file } = values;
    if (!summary || !registration || !corporation || !month || flow.work === 'paying' || !supplementary.check(repeat))
      return;
    const elsewhere = summary.file.residentsElsewhere.length > 0;
    if (elsewhere && !residents.check()) return;
    if (summary.source === 'file' && !file) return;
    dispatch({ type: 'pay' });
    try {
      const bill = await generateBill({
        corporationId: corporation,
        stateCode: registration.state.code,
        type: 'paye',
        fields: {
          start_date: toPeriod(month),
          source: summary.source,
          ...supplementary.fields(repeat),
          ...(elsewhere ? residents.fields() : {}),
        },
        recipients: summary.source === 'file' ? (file ?? undefined) : undefined,
        idempotencyKey: summary.idempotencyKey,
        onProgress: (percent) => dispatch({ type: 'progress', percent }),
      });
      await billCreated(bill, billCreatedMessage(bill));
      onCreated(bill);
      onClose();
    } catch (error) {
      // A refused Pay keeps everything chosen; the wallet and the month are read again for the next try.
      void precheck.refetch();
      dispatch({ type: 'refused', payError: supplementary.takeRefusal(error) ? null : refusal(error) });
    }
  };

  /** Generate's refusal in the server's words, its rows' problems listed; anything else is toasted. */
  const refusal = (error: unknown): string | null => {
    if (!(error instanceof ApiError)) {
      showErrorToast(String(error));
      return null;
    }
    const fields = error.fieldErrors;
    if (fields.residents_elsewhere_reason) residents.setReasonError(fields.residents_elsewhere_reason);
    setProblems(rowProblemsFrom(fields));
    return fields.recipients ?? fields.start_date ?? fields.residents_elsewhere_reason ?? error.message;
  };

  return {
    form,
    flow,
    registration,
    registrations: registrations.data ?? [],
    monthChosen,
    payrollReady,
    source,
    charge,
    problems,
    supplementary,
    residents,
    precheck,
    repeat,
    managingPayroll,
    setManagingPayroll,
    chooseSource: (value: string) => setChosenSource(value === 'file' ? 'file' : 'payroll'),
    chooseMonth,
    chooseFile,
    proceed,
    generate,
    /** Back to the form, or there because the payroll on file changed under the summary. */
    backToForm: () => dispatch({ type: 'go', step: 'form' }),
  };
}

export type PayeBill = ReturnType<typeof usePayeBill>;
