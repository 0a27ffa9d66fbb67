import type { BillDetail, ChargeCalculation } from '@levy/contracts';
import { CSV_TEMPLATE_PATHS, koboToNairaString } from '@levy/tax';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MountedModal } from '../../../components/mounted-modal';
import { FileSelect } from '../../../components/file-select';
import { ApiError, showErrorToast } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { showFileParsingToast, showInvalidFileToast } from '../../../lib/file-toasts';
import type { CorporationState } from '../../corporations/api/corporations-api';
import { PAYROLL_FILE_ACCEPT, rowProblemsFrom } from '../../corporations/model/payroll-file';
import { billCreatedMessage, calculateCharge, generateBill, useBillCreated, useBillTypes, usePrecheck } from '../api/bills-api';
import type { BillPrefill } from '../model/bill-routes';
import { checkPayeBillFile, type CheckedBillFile } from '../model/bill-files';
import { initialMonthValue, formatPeriod, monthError, toPeriod } from '../model/bill-period';
import { PaymentChecks, payLabel, RepeatWarning, useSupplementary } from './payment-checks';
import { BillSummaryTable, CorporationStateFields, FileProblems, MonthField, PaymentError, useRegistrationPrefill, RowWarnings, TemplateLink, useCorporationName } from './bill-form-parts';

interface Summary {
  file: CheckedBillFile;
  charge: ChargeCalculation;
  /** One per summary shown: a double-click or a retry of Generate makes one bill. */
  idempotencyKey: string;
}

/**
 * PAYE Generate Bill (product-spec §4): step 1 the corporation, its state, the month and the
 * payroll file; Proceed reads the file and asks the charge; step 2 the summary with the rows whose
 * tax differs from the engine's; Generate pays the bill from the wallet at once.
 */
export function PayeBillDialog({ prefill, onClose, onCreated }: { prefill?: BillPrefill; onClose: () => void; onCreated: (bill: BillDetail) => void }) {
  const types = useBillTypes();
  const billCreated = useBillCreated();
  const [corporationId, setCorporationId] = useState<string | null>(prefill?.corporationId ?? null);
  const [registration, setRegistration] = useState<CorporationState | null>(null);
  const [month, setMonth] = useState<string | null>(() => initialMonthValue(prefill?.month));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [proceeding, setProceeding] = useState(false);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const corporationName = useCorporationName(corporationId);
  useRegistrationPrefill(prefill?.corporationId ?? null, prefill?.stateCode, setRegistration);
  const supplementary = useSupplementary();
  const precheck = usePrecheck(summary && registration && corporationId && month ? { corporationId, stateCode: registration.state.code, type: 'paye', month: toPeriod(month), total: summary.charge.total } : null);
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
      file: file ? null : 'No new file selected',
    };
    setErrors(found);
    if (Object.values(found).some(Boolean) || !file || !month || !registration) return;
    setProceeding(true);
    try {
      const payeType = (types.data ?? (await types.refetch()).data)?.find((type) => type.code === 'paye');
      if (!payeType) return;
      const checked = await checkPayeBillFile(file, toPeriod(month));
      if (!checked.ok) {
        setErrors((current) => ({ ...current, file: checked.message }));
        setProblems(checked.problems);
        if (checked.kind === 'invalid-file') showInvalidFileToast(checked.message);
        else showFileParsingToast(checked.message);
        return;
      }
      const charge = await calculateCharge({ type_id: payeType.id, amount_due: koboToNairaString(checked.amountDue), recipient_count: checked.recipientCount });
      setPayError(null);
      setSummary({ file: checked, charge, idempotencyKey: crypto.randomUUID() });
    } catch {
      // The call's failure was toasted; the form stays as it is.
    } finally {
      setProceeding(false);
    }
  };

  const generate = async () => {
    if (!summary || !file || !registration || !corporationId || !month || percent !== null || !supplementary.check(repeat)) return;
    setPayError(null);
    setPercent(0);
    try {
      const bill = await generateBill({
        corporationId,
        stateCode: registration.state.code,
        type: 'paye',
        fields: { start_date: toPeriod(month), ...supplementary.fields(repeat) },
        recipients: file,
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
        setPayError(fields.recipients ?? fields.start_date ?? error.message);
        setProblems(rowProblemsFrom(fields));
      } else {
        showErrorToast(String(error));
      }
    } finally {
      setPercent(null);
    }
  };

  return (
    <MountedModal onClose={onClose} title={summary ? 'PAYE Generate Bill · Summary' : 'PAYE Generate Bill'} centered size="lg">
      {!summary ? (
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            Pay a month&apos;s PAYE for a corporation&apos;s employees to the state&apos;s revenue service, from your wallet.
          </Text>
          <CorporationStateFields
            corporationId={corporationId}
            stateCode={registration?.state.code ?? null}
            onCorporationChange={setCorporationId}
            onStateChange={setRegistration}
            errors={{ corporation: errors.corporation, state: errors.state }}
          />
          <MonthField value={month} onChange={setMonth} error={errors.month} />
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <FileSelect label="Payroll file" description="The PAYE template as CSV: one row per employee" accept={PAYROLL_FILE_ACCEPT} value={file} onChange={chooseFile} error={errors.file} required />
            <TemplateLink href={CSV_TEMPLATE_PATHS.paye}>Download the payroll template</TemplateLink>
          </Group>
          <FileProblems problems={problems} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void proceed()} loading={proceeding}>
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
              { label: 'Employees', value: summary.file.recipientCount.toLocaleString('en-NG') },
            ]}
            amountDue={summary.charge.amount_due}
            charge={summary.charge.charge}
            chargeDetail={`fee ${formatAmount(summary.charge.fee)} + VAT ${formatAmount(summary.charge.vat)}`}
            total={summary.charge.total}
          />
          <RowWarnings warnings={summary.file.warnings} />
          <PaymentChecks precheck={precheck.data} total={summary.charge.total} repeat={repeat} />
          <PaymentError message={payError} />
          <FileProblems problems={problems} />
          {percent !== null && <Progress value={percent} animated aria-label="Upload progress" />}
          <Text fz="xs" c="dimmed">
            {precheck.data?.approval.required ? 'Submit stores the bill for an admin to approve; nothing is paid until then.' : 'Generate pays the total from your wallet now and sends the bill to the revenue service.'}
          </Text>
          <Group justify="space-between" gap="sm">
            <Button variant="default" onClick={() => setSummary(null)} disabled={percent !== null}>
              Back
            </Button>
            <Button onClick={() => void generate()} loading={percent !== null} disabled={Boolean(repeat) && !supplementary.value.confirmed}>
              {payLabel(precheck.data, 'Generate')}
            </Button>
          </Group>
        </Stack>
      )}
    </MountedModal>
  );
}
