import { singlePayee, type BillDetail, type ChargeCalculation } from '@levy/contracts';
import { CSV_TEMPLATE_PATHS, formatNaira, koboToNairaString, parseNaira, toKobo } from '@levy/tax';
import {
  Alert,
  Button,
  Group,
  Pagination,
  Progress,
  SegmentedControl,
  Input,
  Select,
  Stack,
  Stepper,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MountedModal } from '../../../components/mounted-modal';
import { AmountInput } from '../../../components/amount-input';
import { FileProblems } from '../../../components/file-problems';
import { FileSelect } from '../../../components/file-select';
import { PayeePreview } from '../../../components/payee-table';
import { ApiError } from '../../../lib/api-client';
import { showFileParsingToast, showInvalidFileToast } from '../../../lib/file-toasts';
import { formatAmount } from '../../../lib/format';
import type { CorporationState } from '../../../api/corporations-api';
import { PAYROLL_FILE_ACCEPT, rowProblemsFrom } from '../../../lib/payroll-file';
import {
  billCreatedMessage,
  calculateBulkWht,
  calculateCharge,
  calculateSingleWht,
  generateBill,
  useBillCreated,
  useBillTypes,
  usePrecheck,
  useWhtCalcItems,
  useWhtTypes,
  WHT_PROCESSING_TOAST_MS,
} from '../api/bills-api';
import { isPayBlocked, PaymentChecks, payLabel, RepeatWarning, useSupplementary } from './payment-checks';
import type { BillPrefill } from '../model/bill-routes';
import { VendorSuggestions } from './vendor-suggestions';
import {
  checkWhtFile,
  singlePayeeFile,
  whtPayeesFingerprint,
  type CheckedBillFile,
  type WhtMethod,
} from '../model/bill-files';
import { initialMonthValue, formatPeriod, lastDayOfPeriod, monthError, toPeriod } from '../model/bill-period';
import {
  BillSummaryTable,
  CorporationStateFields,
  MonthField,
  PaymentError,
  useRegistrationPrefill,
  TemplateLink,
  useCorporationName,
} from './bill-form-parts';

/** The WHT calculation is asked 700 ms after the amount stops changing (docs/product.md §9). */
export const WHT_CALC_DEBOUNCE_MS = 700;

/** The spec's WHT pay failure words (docs/product.md §8). */
export const WHT_PAY_FAILURE = 'Form data error';

type Kind = 'single' | 'multiple';
/** The spec's five steps (docs/product.md §4); step 4 is skipped for a single payee. */
type Step = 1 | 2 | 3 | 4 | 5;

interface Summary {
  charge: ChargeCalculation;
  recipientCount: number;
  idempotencyKey: string;
  /** Typed or manual payees, fingerprinted for the precheck; a bulk calculation is named by its reference instead. */
  payeesFingerprint?: string;
}

const NRS_PAYEE_INDIVIDUAL =
  "The Nigeria Revenue Service takes WHT on payments to companies: use the company's C- or 13-digit Tax ID. Pay an individual's WHT to the State IRS where they live.";

const STEP_LABELS: Record<Step, string> = { 1: 'Details', 2: 'Method', 3: 'Amount', 4: 'Preview', 5: 'Summary' };

function isPositive(amount: string): boolean {
  const kobo = parseNaira(amount);
  return kobo !== null && kobo > 0;
}

/** Step 4 for an auto file: the server's calculation, page by page, with the count and the sum. */
function BulkPreview({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const items = useWhtCalcItems(id, page);
  if (!items.data) return <Text c="dimmed">Loading the calculation…</Text>;
  const { aggs, pagination } = items.data;
  return (
    <Stack gap={6}>
      <Text fz="sm" c="dimmed" data-testid="preview-summary">
        {aggs.count.toLocaleString('en-NG')} {aggs.count === 1 ? 'payee' : 'payees'} · amounts{' '}
        {formatAmount(aggs.sum_amount)} · tax payable {formatAmount(aggs.sum_tax_payable)}
      </Text>
      <PayeePreview
        label="File preview"
        lines={items.data.items.map((item) => ({
          row: item.row,
          taxPayerNumber: item.tax_payer_number,
          name: item.name,
          amount: item.amount,
          taxPayable: item.tax_payable,
        }))}
        columns={[
          { header: 'Amount', cell: (line) => formatAmount(line.amount), isAmount: true },
          { header: 'Tax payable', cell: (line) => formatAmount(line.taxPayable), isAmount: true },
        ]}
      />
      {pagination.total_pages > 1 && (
        <Pagination
          size="sm"
          total={pagination.total_pages}
          value={page}
          onChange={setPage}
          getItemProps={(value) => ({ 'aria-label': `Page ${value}` })}
        />
      )}
    </Stack>
  );
}

/**
 * The multi-step Withholding Tax form (docs/product.md §4): (1) single or multiple, corporation,
 * agency, month, and a single beneficiary's Tax ID and name; (2) auto calculation or manual;
 * (3) the WHT type with the amount or the file; (4) the file's preview (multiple only); (5) the
 * summary with Pay. The bill is paid from the wallet and settled with the agency in the background.
 */
export function WhtBillDialog({
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
  const [step, setStep] = useState<Step>(1);
  const [kind, setKind] = useState<Kind>('single');
  const [corporationId, setCorporationId] = useState<string | null>(prefill?.corporationId ?? null);
  const [registration, setRegistration] = useState<CorporationState | null>(null);
  const [month, setMonth] = useState<string | null>(() => initialMonthValue(prefill?.month));
  // The bank analyser's link names a WHT type and an amount: one payee, calculated automatically.
  const wantsAuto = Boolean(prefill?.whtType || prefill?.amount);
  const [payee, setPayee] = useState({ tax_payer_number: '', name: prefill?.beneficiaryName ?? '' });
  // What was last typed in the Tax ID or name: known vendors matching it are suggested.
  const [payeeTyped, setPayeeTyped] = useState('');
  const [method, setMethod] = useState<WhtMethod | null>(wantsAuto ? 'auto' : null);
  const [whtType, setWhtType] = useState<string | null>(prefill?.whtType ?? null);
  const [amount, setAmount] = useState(prefill?.amount ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<CheckedBillFile | null>(null);
  const [bulk, setBulk] = useState<{ id: string; reference: string } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string | null | undefined>>({});
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const corporationName = useCorporationName(corporationId);
  useRegistrationPrefill(prefill?.corporationId ?? null, prefill?.stateCode, setRegistration);

  const period = month ? toPeriod(month) : null;
  const supplementary = useSupplementary();
  const precheck = usePrecheck(
    step === 5 && summary && registration && corporationId && period
      ? {
          corporationId,
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
  // A repeat of the month (the same payees and amounts) is named before Pay, and again by Pay's refusal.
  const repeat = precheck.data?.duplicate ?? supplementary.refusedRepeat;
  const whtTypes = useWhtTypes(registration?.state.id ?? null, period);
  // The NRS takes WHT on payments to companies, at the company rates (docs/tax-rules.md §3).
  const collector = registration?.state.collector ?? 'state';
  const chosenType = whtTypes.data?.find((type) => type.id === whtType) ?? null;

  // Single payee, auto: the tax on the amount, shown live (debounced 700 ms).
  const [debouncedAmount] = useDebouncedValue(amount, WHT_CALC_DEBOUNCE_MS);
  const liveTax = useQuery({
    queryKey: ['bills', 'wht-tax', whtType, debouncedAmount, period, collector],
    queryFn: () => calculateSingleWht({ wht_type: whtType!, amount: debouncedAmount, period: period!, collector }),
    enabled:
      kind === 'single' && method === 'auto' && whtType !== null && period !== null && isPositive(debouncedAmount),
    staleTime: Infinity,
  });
  const liveTaxIsCurrent = liveTax.data !== undefined && debouncedAmount === amount && !liveTax.isFetching;

  /** Changing the type, the method or the WHT type starts the amounts and files again (docs/product.md §4). */
  const resetAmounts = () => {
    setAmount('');
    setFile(null);
    setChecked(null);
    setBulk(null);
    setProblems([]);
    setSummary(null);
    setErrors({});
  };

  /** A prefilled form (from the bank analyser's tax insight) keeps its WHT type and amount while agency and month are chosen. */
  const restorePrefill = () => {
    if (!wantsAuto || kind !== 'single' || method !== 'auto') return;
    setWhtType(prefill?.whtType ?? null);
    setAmount(prefill?.amount ?? '');
  };

  const goTo = (next: Step) => {
    setErrors({});
    setStep(next);
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
    // The payees the bill would pay, as Pay will send them: one typed payee, or a manual file's rows.
    const payees =
      kind === 'single'
        ? [{ taxPayerNumber: payee.tax_payer_number, taxPayableKobo: toKobo(amountDue) }]
        : method === 'manual' && checked
          ? checked.rows.map((row) => ({ taxPayerNumber: row.taxPayerNumber, taxPayableKobo: row.amount }))
          : null;
    setPayError(null);
    setSummary({
      charge,
      recipientCount,
      idempotencyKey: crypto.randomUUID(),
      payeesFingerprint: payees ? await whtPayeesFingerprint(payees) : undefined,
    });
    goTo(5);
  };

  const nextFromDetails = () => {
    const found: Record<string, string | null> = {
      corporation: corporationId ? null : 'Corporation is required',
      state: registration ? null : 'Agency is required',
      month: monthError(month),
    };
    if (kind === 'single') {
      const parsed = singlePayee.safeParse(payee);
      if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      else if (collector === 'federal' && /^N/i.test(payee.tax_payer_number.trim()))
        found.tax_payer_number = NRS_PAYEE_INDIVIDUAL;
    }
    setErrors(found);
    if (!Object.values(found).some(Boolean)) goTo(2);
  };

  const nextFromMethod = () => {
    if (!method) {
      setErrors({ method: 'Choose how the tax is worked out' });
      return;
    }
    goTo(3);
  };

  const rejectFile = (result: { kind: 'invalid-file' | 'parsing'; message: string; problems: string[] }) => {
    setErrors({ file: result.message });
    setProblems(result.problems);
    if (result.kind === 'invalid-file') showInvalidFileToast(result.message);
    else showFileParsingToast(result.message);
  };

  const nextFromAmount = async () => {
    if (!whtType) {
      setErrors({ wht_type: 'WHT type is required' });
      return;
    }
    setBusy(true);
    try {
      if (kind === 'single') {
        if (!isPositive(amount)) {
          setErrors({
            amount: method === 'auto' ? 'Amount must be more than ₦0.00' : 'Tax payable must be more than ₦0.00',
          });
          return;
        }
        if (method === 'manual') {
          await toSummary(amount, 1);
          return;
        }
        const tax = liveTaxIsCurrent
          ? liveTax.data
          : await calculateSingleWht({ wht_type: whtType, amount, period: period!, collector });
        await toSummary(tax.tax_payable, 1);
        return;
      }
      if (!file) {
        setErrors({ file: 'No new file selected' });
        return;
      }
      const result = await checkWhtFile(file, method!);
      if (!result.ok) {
        rejectFile(result);
        return;
      }
      setChecked(result);
      if (method === 'auto' && !bulk) {
        setPercent(0);
        const record = await calculateBulkWht({
          wht_type: whtType,
          period: period!,
          collector,
          file,
          onProgress: setPercent,
        });
        setBulk(record);
      }
      goTo(4);
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = error.fieldErrors;
        setErrors({ amount: fields.amount, wht_type: fields.wht_type, file: fields.file });
        setProblems(rowProblemsFrom(fields));
      }
    } finally {
      setBusy(false);
      setPercent(null);
    }
  };

  const bulkItems = useWhtCalcItems(bulk ? bulk.id : null, 1);

  const nextFromPreview = async () => {
    setBusy(true);
    try {
      if (method === 'manual' && checked) await toSummary(koboToNairaString(checked.amountDue), checked.recipientCount);
      else if (bulkItems.data) await toSummary(bulkItems.data.aggs.sum_tax_payable, bulkItems.data.aggs.count);
    } catch {
      // Toasted by the call; the preview stays.
    } finally {
      setBusy(false);
    }
  };

  const pay = async () => {
    if (
      !summary ||
      !registration ||
      !corporationId ||
      !period ||
      !whtType ||
      !method ||
      percent !== null ||
      !supplementary.check(repeat)
    )
      return;
    setPayError(null);
    setPercent(0);
    try {
      const recipients =
        kind === 'single' ? singlePayeeFile(method, payee, amount) : method === 'manual' ? file! : undefined;
      const bill = await generateBill({
        corporationId,
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
        onProgress: setPercent,
      });
      await billCreated(bill, billCreatedMessage(bill), WHT_PROCESSING_TOAST_MS);
      onCreated(bill);
      onClose();
    } catch (error) {
      // A refused Pay keeps everything entered; the wallet and the month are read again for the next try.
      void precheck.refetch();
      if (supplementary.takeRefusal(error)) return;
      if (error instanceof ApiError) {
        const fields = error.fieldErrors;
        setPayError(Object.keys(fields).length > 0 ? Object.values(fields).join(' ') : error.message);
      }
    } finally {
      setPercent(null);
    }
  };

  const visibleSteps: Step[] = kind === 'single' ? [1, 2, 3, 5] : [1, 2, 3, 4, 5];
  const back = () => goTo(step === 5 ? (kind === 'single' ? 3 : 4) : ((step - 1) as Step));

  return (
    <MountedModal onClose={onClose} title="Withholding Tax" centered size="xl">
      <Stepper active={visibleSteps.indexOf(step)} size="sm" mb="lg" allowNextStepsSelect={false}>
        {visibleSteps.map((value) => (
          <Stepper.Step key={value} label={STEP_LABELS[value]} />
        ))}
      </Stepper>

      {step === 1 && (
        <Stack gap="md">
          <Input.Wrapper label="Beneficiaries">
            <SegmentedControl
              mt={4}
              fullWidth
              aria-label="Beneficiaries"
              value={kind}
              onChange={(value) => {
                setKind(value);
                resetAmounts();
              }}
              data={[
                { value: 'single', label: 'Single beneficiary' },
                { value: 'multiple', label: 'Multiple beneficiaries (file)' },
              ]}
            />
          </Input.Wrapper>
          <CorporationStateFields
            corporationId={corporationId}
            stateCode={registration?.state.code ?? null}
            onCorporationChange={setCorporationId}
            onStateChange={(next) => {
              setRegistration(next);
              setWhtType(null);
              resetAmounts();
              restorePrefill();
            }}
            errors={{ corporation: errors.corporation, state: errors.state }}
            tax="wht"
          />
          <MonthField
            value={month}
            onChange={(value) => {
              setMonth(value);
              setWhtType(null);
              resetAmounts();
              restorePrefill();
            }}
            error={errors.month}
          />
          {kind === 'single' && (
            <Stack gap="xs">
              <Group grow align="flex-start">
                <TextInput
                  label="Beneficiary Tax ID"
                  description={
                    collector === 'federal' ? 'A company: C then digits, or the 13-digit national Tax ID' : undefined
                  }
                  placeholder={collector === 'federal' ? 'C-0012345' : 'N-1234567'}
                  required
                  value={payee.tax_payer_number}
                  onChange={(event) => {
                    setPayee({ ...payee, tax_payer_number: event.currentTarget.value });
                    setPayeeTyped(event.currentTarget.value);
                  }}
                  error={errors.tax_payer_number}
                />
                <TextInput
                  label="Beneficiary name"
                  placeholder="Chinedu Properties Ltd"
                  required
                  value={payee.name}
                  onChange={(event) => {
                    setPayee({ ...payee, name: event.currentTarget.value });
                    setPayeeTyped(event.currentTarget.value);
                  }}
                  error={errors.name}
                />
              </Group>
              <VendorSuggestions
                text={payeeTyped}
                payee={payee}
                onPick={(vendor) => {
                  setPayee({ tax_payer_number: vendor.tax_payer_number, name: vendor.name });
                  setPayeeTyped('');
                  setWhtType(vendor.usual_wht_type.code);
                }}
              />
            </Stack>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={nextFromDetails}>Next</Button>
          </Group>
        </Stack>
      )}

      {step === 2 && (
        <Stack gap="md">
          <Input.Wrapper label="How is the tax worked out?" error={errors.method} required>
            <SegmentedControl
              mt={4}
              fullWidth
              aria-label="How is the tax worked out?"
              value={method ?? ''}
              onChange={(value) => {
                setMethod(value as WhtMethod);
                resetAmounts();
              }}
              data={[
                { value: 'auto', label: 'Auto calculate' },
                { value: 'manual', label: 'Manual' },
              ]}
            />
          </Input.Wrapper>
          <Text fz="sm" c="dimmed">
            {method === 'auto'
              ? 'Give the amount paid to each beneficiary; Levy works out the tax at the WHT type’s rate.'
              : method === 'manual'
                ? 'Give the tax payable you have worked out for each beneficiary.'
                : 'Auto calculate works the tax out from the amounts paid; Manual takes the tax you give.'}
          </Text>
          <Group justify="space-between" gap="sm">
            <Button variant="default" onClick={back}>
              Back
            </Button>
            <Button onClick={nextFromMethod}>Next</Button>
          </Group>
        </Stack>
      )}

      {step === 3 && (
        <Stack gap="md">
          <Select
            label="WHT type"
            placeholder={whtTypes.isPending ? 'Loading WHT types…' : 'Choose a WHT type'}
            data={(whtTypes.data ?? []).map((type) => ({
              value: type.id,
              label: `${type.name} (${type.percentage}%)`,
            }))}
            value={whtType}
            onChange={(value) => {
              setWhtType(value);
              setBulk(null);
              setSummary(null);
            }}
            description={chosenType?.description}
            required
            searchable
            allowDeselect={false}
            error={errors.wht_type}
            comboboxProps={{ withinPortal: true }}
          />
          {kind === 'single' ? (
            <>
              <AmountInput
                label={method === 'auto' ? 'Amount paid' : 'Tax payable'}
                description={
                  method === 'auto'
                    ? `The payment to ${payee.name.trim() || 'the beneficiary'} the tax is withheld from`
                    : `The tax withheld from the payment to ${payee.name.trim() || 'the beneficiary'}`
                }
                value={amount}
                onChange={setAmount}
                required
                error={errors.amount}
              />
              {method === 'auto' && (
                <Group justify="space-between" bg="gray.0" p="sm" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
                  <Text fz="sm">Tax payable{chosenType ? ` at ${chosenType.percentage}%` : ''}</Text>
                  <Text fw={700} aria-live="polite" data-testid="live-tax">
                    {!isPositive(amount) || !whtType
                      ? formatNaira(null)
                      : liveTax.isError
                        ? 'Could not work out the tax'
                        : liveTaxIsCurrent
                          ? formatAmount(liveTax.data.tax_payable)
                          : 'Working out…'}
                  </Text>
                </Group>
              )}
            </>
          ) : (
            <>
              <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
                <FileSelect
                  label="Beneficiaries file"
                  description={
                    method === 'auto'
                      ? 'CSV: tax_payer_number, name, amount'
                      : 'CSV: tax_payer_number, name, tax_payable'
                  }
                  accept={PAYROLL_FILE_ACCEPT}
                  value={file}
                  onChange={(chosen) => {
                    setFile(chosen);
                    setChecked(null);
                    setBulk(null);
                    setProblems([]);
                    setErrors({});
                  }}
                  error={errors.file}
                  required
                />
                <TemplateLink href={method === 'auto' ? CSV_TEMPLATE_PATHS.whtAuto : CSV_TEMPLATE_PATHS.whtManual}>
                  Download the {method === 'auto' ? 'auto' : 'manual'} template
                </TemplateLink>
              </Group>
              <FileProblems problems={problems} />
              {percent !== null && <Progress value={percent} animated aria-label="Upload progress" />}
            </>
          )}
          <Group justify="space-between" gap="sm">
            <Button variant="default" onClick={back} disabled={busy}>
              Back
            </Button>
            <Button onClick={() => void nextFromAmount()} loading={busy}>
              Next
            </Button>
          </Group>
        </Stack>
      )}

      {step === 4 && (
        <Stack gap="md">
          {method === 'manual' && checked ? (
            <Stack gap={6}>
              <Text fz="sm" c="dimmed" data-testid="preview-summary">
                {checked.recipientCount.toLocaleString('en-NG')} {checked.recipientCount === 1 ? 'payee' : 'payees'} ·
                tax payable {formatNaira(checked.amountDue)}
              </Text>
              <PayeePreview
                label="File preview"
                lines={checked.rows}
                columns={[{ header: 'Tax payable', cell: (row) => formatNaira(row.amount), isAmount: true }]}
              />
            </Stack>
          ) : (
            bulk && <BulkPreview id={bulk.id} />
          )}
          <Group justify="space-between" gap="sm">
            <Button variant="default" onClick={back} disabled={busy}>
              Back
            </Button>
            <Button
              onClick={() => void nextFromPreview()}
              loading={busy}
              disabled={method === 'auto' && !bulkItems.data}
            >
              Next
            </Button>
          </Group>
        </Stack>
      )}

      {step === 5 && summary && (
        <Stack gap="md">
          <RepeatWarning supplementary={supplementary} repeat={repeat} />
          <BillSummaryTable
            lines={[
              { label: 'Corporation', value: corporationName },
              // The NRS is its own revenue service: its name once.
              {
                label: 'Agency',
                value:
                  registration!.state.name === registration!.state.revenue_service
                    ? registration!.state.name
                    : `${registration!.state.name} (${registration!.state.revenue_service})`,
              },
              { label: 'Month', value: formatPeriod(period!) },
              { label: 'WHT type', value: chosenType ? `${chosenType.name} (${chosenType.percentage}%)` : whtType },
              {
                label: kind === 'single' ? 'Beneficiary' : 'Beneficiaries',
                value:
                  kind === 'single'
                    ? `${payee.name.trim()} · ${payee.tax_payer_number.trim().toUpperCase()}`
                    : summary.recipientCount.toLocaleString('en-NG'),
              },
              ...(kind === 'single' && method === 'auto'
                ? [{ label: 'Amount paid', value: formatAmount(amount) }]
                : []),
              ...(kind === 'multiple' && method === 'auto' && bulkItems.data
                ? [{ label: 'Payments', value: formatAmount(bulkItems.data.aggs.sum_amount) }]
                : []),
            ]}
            amountDue={summary.charge.amount_due}
            charge={summary.charge.charge}
            chargeDetail={`fee ${formatAmount(summary.charge.fee)} + VAT ${formatAmount(summary.charge.vat)}`}
            total={summary.charge.total}
          />
          <PaymentChecks precheck={precheck.data} total={summary.charge.total} repeat={repeat} />
          <PaymentError title={WHT_PAY_FAILURE} message={payError} />
          {percent !== null && <Progress value={percent} animated aria-label="Upload progress" />}
          {!precheck.data?.approval.required && (
            <Alert color="blue" variant="light">
              Pay takes the total from your wallet now; the revenue service confirms the payment shortly after.
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            <Button variant="default" onClick={back} disabled={percent !== null}>
              Back
            </Button>
            <Button
              onClick={() => void pay()}
              loading={percent !== null}
              disabled={(Boolean(repeat) && !supplementary.value.confirmed) || isPayBlocked(precheck.data)}
            >
              {payLabel(precheck.data, 'Pay')}
            </Button>
          </Group>
        </Stack>
      )}
    </MountedModal>
  );
}
