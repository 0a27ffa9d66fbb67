import { koboToNairaString } from '@levy/tax';
import { useForm, type FormErrors } from '@mantine/form';
import { useReducer, useState } from 'react';
import { useCorporationStates } from '../../../api/corporations-api';
import { ApiError } from '../../../lib/api-client';
import { showFileParsingToast, showInvalidFileToast } from '../../../lib/file-toasts';
import { rowProblemsFrom } from '../../../lib/payroll-file';
import {
  billCreatedMessage,
  calculateBulkWht,
  calculateCharge,
  calculateSingleWht,
  generateBill,
  useBillCreated,
  useBillTypes,
  useWhtCalcItems,
  useWhtTypes,
  WHT_PROCESSING_TOAST_MS,
} from '../api/bills-api';
import { billFlow, startFlow } from '../model/bill-flow';
import { checkWhtFile, singlePayeeFile, whtPayeesFingerprint, type CheckedBillFile } from '../model/bill-files';
import { lastDayOfPeriod, toPeriod } from '../model/bill-period';
import type { BillDialogProps } from '../model/bill-routes';
import {
  initialWhtValues,
  payErrorOf,
  prefillWantsAuto,
  stepBefore,
  stepErrors,
  summaryPayees,
  type WhtStep,
  type WhtSummary,
  type WhtValues,
} from '../model/wht-bill-form';
import { useRegistrationPrefill } from './bill-form-parts';
import { usePaymentChecks } from './payment-checks';
import { useLiveWhtTax } from './use-live-wht-tax';

/** The Withholding Tax form's values, steps and calls (docs/product.md §4). */
export function useWhtBill({ prefill, onClose, onCreated }: BillDialogProps) {
  const types = useBillTypes();
  const billCreated = useBillCreated();
  const [flow, dispatch] = useReducer(billFlow<WhtStep, WhtSummary>, 'details', startFlow<WhtStep, WhtSummary>);
  const wantsAuto = prefillWantsAuto(prefill);
  const form = useForm<WhtValues>({
    initialValues: initialWhtValues(prefill),
    clearInputErrorOnChange: false,
    validate: (values: WhtValues): FormErrors => stepErrors(flow.step, values, collector),
  });
  const { values } = form;
  // What was last typed in the Tax ID or name: known vendors matching it are suggested.
  const [payeeTyped, setPayeeTyped] = useState('');
  const [checked, setChecked] = useState<CheckedBillFile | null>(null);
  const [bulk, setBulk] = useState<{ id: string; reference: string } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const registrations = useCorporationStates(values.corporation ?? undefined);
  const registration = registrations.data?.find((candidate) => candidate.state.code === values.state) ?? null;
  useRegistrationPrefill(prefill?.corporationId ?? null, prefill?.stateCode, (match) =>
    form.setFieldValue('state', match.state.code),
  );

  const period = values.month ? toPeriod(values.month) : null;
  const { summary } = flow;
  const { supplementary, precheck, repeat } = usePaymentChecks(
    flow.step === 'summary' && summary && registration && values.corporation && period
      ? {
          corporationId: values.corporation,
          stateCode: registration.state.code,
          type: 'wht',
          month: period,
          total: summary.charge.total,
          amountDue: summary.charge.amount_due,
          payeesFingerprint: summary.payeesFingerprint,
          calcRecordReference: summary.payeesFingerprint ? undefined : bulk?.reference,
        }
      : null,
  );
  const whtTypes = useWhtTypes(registration?.state.id ?? null, period);
  // The NRS takes WHT on payments to companies, at the company rates (docs/tax-rules.md §3).
  const collector = registration?.state.collector ?? 'state';
  const chosenType = whtTypes.data?.find((type) => type.id === values.wht_type) ?? null;

  const liveTax = useLiveWhtTax(values, period, collector);
  const bulkItems = useWhtCalcItems(bulk ? bulk.id : null, 1);

  /** Changing the type, the method or the WHT type starts the amounts and files again (docs/product.md §4). */
  const resetAmounts = (changed: Partial<WhtValues> = {}) => {
    form.setValues({ amount: '', file: null, ...changed });
    setChecked(null);
    setBulk(null);
    setProblems([]);
    dispatch({ type: 'forget' });
    form.clearErrors();
  };

  /** Where the bill is paid or its month changed: the WHT type is chosen again, unless a prefilled form keeps its own. */
  const changePlace = (changed: Partial<WhtValues>) => {
    const keepsPrefill = wantsAuto && values.kind === 'single' && values.method === 'auto';
    resetAmounts({
      ...changed,
      wht_type: keepsPrefill ? (prefill?.whtType ?? null) : null,
      amount: keepsPrefill ? (prefill?.amount ?? '') : '',
    });
  };

  const chooseWhtType = (whtType: string | null) => {
    form.setFieldValue('wht_type', whtType);
    setBulk(null);
    dispatch({ type: 'forget' });
  };

  const chooseFile = (file: File | null) => {
    form.setFieldValue('file', file);
    setChecked(null);
    setBulk(null);
    setProblems([]);
    form.clearErrors();
  };

  const goTo = (step: WhtStep) => {
    form.clearErrors();
    dispatch({ type: 'go', step });
  };

  const toSummary = async (amountDue: string, recipientCount: number) => {
    const whtBillType = (types.data ?? (await types.refetch()).data)?.find((type) => type.code === 'wht');
    if (!whtBillType || !period) return;
    const charge = await calculateCharge({
      type_id: whtBillType.id,
      amount_due: amountDue,
      recipient_count: recipientCount,
      period,
    });
    const payees = summaryPayees(values, checked, amountDue);
    const idempotencyKey = crypto.randomUUID();
    const payeesFingerprint = payees ? await whtPayeesFingerprint(payees) : undefined;
    form.clearErrors();
    dispatch({
      type: 'summarise',
      step: 'summary',
      summary: { charge, recipientCount, idempotencyKey, payeesFingerprint },
    });
  };

  const next = () => {
    if (form.validate().hasErrors) return;
    if (flow.step === 'details') goTo('method');
    else if (flow.step === 'method') goTo('amount');
    else if (flow.step === 'amount') void amountToNext();
    else if (flow.step === 'preview') void previewToSummary();
  };

  const amountToNext = async () => {
    const { wht_type: whtType, method, amount, file } = values;
    dispatch({ type: 'check' });
    try {
      if (values.kind === 'single') {
        if (method === 'manual') {
          await toSummary(amount, 1);
          return;
        }
        const tax = liveTax.isCurrent
          ? liveTax.query.data!
          : await calculateSingleWht({ wht_type: whtType!, amount, period: period!, collector });
        await toSummary(tax.tax_payable, 1);
        return;
      }
      const result = await checkWhtFile(file!, method!);
      if (!result.ok) {
        form.setErrors({ file: result.message });
        setProblems(result.problems);
        if (result.kind === 'invalid-file') showInvalidFileToast(result.message);
        else showFileParsingToast(result.message);
        return;
      }
      setChecked(result);
      if (method === 'auto' && !bulk) {
        dispatch({ type: 'progress', percent: 0 });
        const record = await calculateBulkWht({
          wht_type: whtType!,
          period: period!,
          collector,
          file: file!,
          onProgress: (percent) => dispatch({ type: 'progress', percent }),
        });
        setBulk(record);
      }
      goTo('preview');
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = error.fieldErrors;
        form.setErrors({ amount: fields.amount, wht_type: fields.wht_type, file: fields.file });
        setProblems(rowProblemsFrom(fields));
      }
    } finally {
      dispatch({ type: 'settle' });
    }
  };

  const previewToSummary = async () => {
    dispatch({ type: 'check' });
    try {
      if (values.method === 'manual' && checked)
        await toSummary(koboToNairaString(checked.amountDue), checked.recipientCount);
      else if (bulkItems.data) await toSummary(bulkItems.data.aggs.sum_tax_payable, bulkItems.data.aggs.count);
    } catch {
      // Toasted by the call; the preview stays.
    } finally {
      dispatch({ type: 'settle' });
    }
  };

  const pay = async () => {
    const { corporation, wht_type: whtType, method, kind } = values;
    if (
      !summary ||
      !registration ||
      !corporation ||
      !period ||
      !whtType ||
      !method ||
      flow.work === 'paying' ||
      !supplementary.check(repeat)
    )
      return;
    dispatch({ type: 'pay' });
    try {
      const recipients =
        kind === 'single'
          ? singlePayeeFile(method, values, values.amount)
          : method === 'manual'
            ? values.file!
            : undefined;
      const bill = await generateBill({
        corporationId: corporation,
        stateCode: registration.state.code,
        type: 'wht',
        fields: {
          payload_type: method,
          wht_type: whtType,
          start_date: period,
          end_date: lastDayOfPeriod(period),
          calc_record_reference: kind === 'multiple' && method === 'auto' ? bulk?.reference : undefined,
          ...supplementary.fields(repeat),
        },
        recipients,
        idempotencyKey: summary.idempotencyKey,
        onProgress: (percent) => dispatch({ type: 'progress', percent }),
      });
      await billCreated(bill, billCreatedMessage(bill), WHT_PROCESSING_TOAST_MS);
      onCreated(bill);
      onClose();
    } catch (error) {
      // A refused Pay keeps everything entered; the wallet and the month are read again for the next try.
      void precheck.refetch();
      dispatch({ type: 'refused', payError: supplementary.takeRefusal(error) ? null : payErrorOf(error) });
    }
  };

  const back = () => goTo(stepBefore(flow.step, values.kind));

  return {
    form,
    flow,
    registration,
    collector,
    period,
    whtTypes,
    chosenType,
    liveTax,
    payeeTyped,
    setPayeeTyped,
    checked,
    bulk,
    bulkItems,
    problems,
    supplementary,
    precheck,
    repeat,
    resetAmounts,
    changePlace,
    next,
    back,
    pay,
    chooseWhtType,
    chooseFile,
  };
}

export type WhtBill = ReturnType<typeof useWhtBill>;
