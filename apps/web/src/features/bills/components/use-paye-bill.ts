import type { PayeSource } from '@levy/contracts';
import { koboToNairaString } from '@levy/tax';
import { useForm, type FormErrors } from '@mantine/form';
import { useReducer, useState } from 'react';
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
import { checkPayeBillFile, coveredBy, payrollEmployeesOf } from '../model/bill-files';
import { toPeriod } from '../model/bill-period';
import type { BillDialogProps } from '../model/bill-routes';
import {
  initialPayeValues,
  payeFormErrors,
  shownMonth,
  type PayeStep,
  type PayeSummary,
  type PayeValues,
} from '../model/paye-bill-form';
import { useRegistrationPrefill } from './bill-form-parts';
import { isPayrollReady } from './paye-employees-field';
import { usePaymentChecks } from './payment-checks';
import { useResidentsChoice } from './residents-elsewhere';

/** PAYE Generate Bill's values, its two steps and its calls (docs/product.md §4). */
export function usePayeBill({ prefill, onClose, onCreated }: BillDialogProps) {
  const types = useBillTypes();
  const billCreated = useBillCreated();
  const states = useStates();
  const [flow, dispatch] = useReducer(billFlow<PayeStep, PayeSummary>, 'form', startFlow<PayeStep, PayeSummary>);
  const form = useForm<PayeValues>({
    initialValues: initialPayeValues(prefill),
    clearInputErrorOnChange: false,
    validate: (values: PayeValues): FormErrors =>
      payeFormErrors({ ...values, month: shownMonth(values, alerts.data) }, uploading),
  });
  const { values } = form;
  const [problems, setProblems] = useState<string[]>([]);
  const [managingPayroll, setManagingPayroll] = useState(false);
  // The registration as it is now: Manage Payroll, opened from here, changes its consent and employees.
  const registrations = useCorporationStates(values.corporation ?? undefined);
  const registration = registrations.data?.find((candidate) => candidate.state.code === values.state) ?? null;
  useRegistrationPrefill(prefill?.corporationId ?? null, prefill?.stateCode, (match) =>
    form.setFieldValue('state', match.state.code),
  );
  const organisationId = useSessionStore((state) => state.organisation?.id);
  const alerts = useAlerts(organisationId);
  // Derived, not copied into the form by an effect: the month follows the state until one is picked.
  const month = shownMonth(values, alerts.data);
  const payrollReady = Boolean(registration && isPayrollReady(registration));
  const source: PayeSource = values.source ?? (payrollReady ? 'payroll' : 'file');
  const uploading = payrollReady && source === 'file';
  const residents = useResidentsChoice();
  const { summary } = flow;
  const charge = summary ? (residents.value.include ? summary.charges.included : summary.charges.leftOut) : null;
  const { supplementary, precheck, repeat } = usePaymentChecks(
    flow.step === 'summary' && charge && registration && values.corporation
      ? {
          corporationId: values.corporation,
          stateCode: registration.state.code,
          type: 'paye',
          month: toPeriod(month),
          total: charge.total,
          amountDue: charge.amount_due,
        }
      : null,
  );

  const chooseFile = (file: File | null) => {
    form.setFieldValue('file', file);
    setProblems([]);
    form.clearFieldError('file');
  };

  const proceed = async () => {
    const { corporation, file } = values;
    if (form.validate().hasErrors || !registration || !corporation || !payrollReady) return;
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
      // A new file is compared with the payroll on file it is sent instead of, too.
      const onFile =
        source === 'file' && payrollReady
          ? fetchPayrollOnFile(corporation, registration.state.code)
          : Promise.resolve(null);
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
      const onFileRead = await onFile;
      const payrollOnFile = onFileRead ? await payrollEmployeesOf(onFileRead, toPeriod(month)) : null;
      residents.reset();
      dispatch({
        type: 'summarise',
        step: 'summary',
        summary: {
          file: checked,
          source,
          charges: { leftOut, included },
          idempotencyKey: crypto.randomUUID(),
          payrollOnFile,
        },
      });
    } catch {
      // The call's failure was toasted; the form stays as it is.
    } finally {
      dispatch({ type: 'settle' });
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

  const generate = async () => {
    const { corporation, file } = values;
    if (!summary || !registration || !corporation || flow.work === 'paying' || !supplementary.check(repeat)) return;
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
      // A refused Generate keeps everything chosen; the wallet and the month are read again for the next try.
      void precheck.refetch();
      dispatch({ type: 'refused', payError: supplementary.takeRefusal(error) ? null : refusal(error) });
    }
  };

  return {
    form,
    flow,
    registration,
    registrations: registrations.data ?? [],
    month,
    payrollReady,
    source,
    charge,
    problems,
    residents,
    supplementary,
    precheck,
    repeat,
    managingPayroll,
    setManagingPayroll,
    chooseCorporation: (corporation: string | null) => form.setFieldValue('corporation', corporation),
    chooseState: (state: string | null) => form.setFieldValue('state', state),
    chooseMonth: (picked: string | null) => form.setFieldValue('month', picked),
    chooseSource: (chosen: PayeSource) => form.setFieldValue('source', chosen),
    chooseFile,
    proceed,
    generate,
    /** Back to the form with everything typed kept; also where a move of residents changes the payroll under the summary. */
    back: () => dispatch({ type: 'go', step: 'form' }),
  };
}

export type PayeBill = ReturnType<typeof usePayeBill>;
