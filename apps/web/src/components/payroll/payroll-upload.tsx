import { NO_NEW_FILE_SELECTED } from '@levy/contracts';
import { CSV_TEMPLATE_PATHS, formatNaira, lagosPeriod, type PayrollDiffEmployee } from '@levy/tax';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { TemplateLink } from '../file-select';
import { FileProblems } from '../file-problems';
import { PayeePreview } from '../payee-table';
import { ApiError, showErrorToast } from '../../lib/api-client';
import { showInvalidFileToast } from '../../lib/file-toasts';
import { formatAmount, formatDate } from '../../lib/format';
import {
  downloadPayrollSchedule,
  usePayrollFiling,
  useRecordPayrollAcknowledgement,
  useUploadPayroll,
  type CorporationState,
  type PayrollUpload as UploadResult,
} from '../../api/corporations-api';
import { ManualFiling } from '../manual-filing';
import { checkPayrollFile, rowProblemsFrom } from '../../lib/payroll-file';
import { PayrollFileSelect } from './payroll-file-select';
import { PayrollWarnings, UploadReview } from './payroll-review';
import { PreviousBillChanges } from './previous-bill-changes';

type Preview = Extract<Awaited<ReturnType<typeof checkPayrollFile>>, { ok: true }>;

/** The latest payroll, when it is filed by hand on the portal (manual mode): its schedule and acknowledgement. */
function PayrollManualFiling({
  corporationId,
  registration,
  canRecord,
}: {
  corporationId: string;
  registration: CorporationState;
  canRecord: boolean;
}) {
  const code = registration.state.code;
  const filing = usePayrollFiling(corporationId, code);
  const record = useRecordPayrollAcknowledgement(corporationId, code);
  if (!filing.data?.filed_manually) return null;
  return (
    <ManualFiling
      what="payroll"
      revenueService={registration.state.revenue_service}
      reference={filing.data.agency_reference}
      canRecord={canRecord}
      onDownload={() => downloadPayrollSchedule(corporationId, code)}
      onRecord={(reference) => record.mutateAsync(reference)}
    />
  );
}

/**
 * The upload view of Manage Payroll: choose the PAYE template CSV, see it checked and previewed
 * in the browser, upload it with progress. The file replaces the state's employee list.
 */
export function PayrollUpload({
  corporationId,
  registration,
  canUpload,
}: {
  corporationId: string;
  registration: CorporationState;
  canUpload: boolean;
}) {
  const upload = useUploadPayroll(corporationId, registration);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState<UploadResult | null>(null);
  // The uploaded file's employees, compared with the last month's PAYE bill once the upload is kept.
  const [uploadedEmployees, setUploadedEmployees] = useState<PayrollDiffEmployee[]>([]);

  const reject = (message: string, rowProblems: string[]) => {
    setFile(null);
    setPreview(null);
    setFileError(message);
    setProblems(rowProblems);
    showInvalidFileToast(message);
  };

  const choose = async (chosen: File | null) => {
    setUploaded(null);
    setFileError(null);
    setProblems([]);
    setPreview(null);
    setFile(chosen);
    if (!chosen) return;
    const checked = await checkPayrollFile(chosen);
    if (!checked.ok) reject(checked.message, checked.problems);
    else setPreview(checked);
  };

  const send = async () => {
    if (!file || !preview) {
      setFileError(NO_NEW_FILE_SELECTED);
      showErrorToast(NO_NEW_FILE_SELECTED);
      return;
    }
    setPercent(0);
    try {
      setUploaded(await upload.mutateAsync({ file, onProgress: setPercent }));
      setUploadedEmployees(
        preview.rows.map((row) => ({
          taxPayerNumber: row.taxPayerNumber,
          name: row.name,
          grossIncomeKobo: row.grossIncome,
          taxPayableKobo: row.taxPayable,
        })),
      );
      setFile(null);
      setPreview(null);
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = error.fieldErrors;
        setFileError(fields.file ?? fields.tax_payer_number ?? null);
        setProblems(rowProblemsFrom(fields));
      }
    } finally {
      setPercent(null);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <PayrollFileSelect value={file} onChange={(chosen) => void choose(chosen)} error={fileError} />
        <Stack gap={2}>
          <TemplateLink href={CSV_TEMPLATE_PATHS.paye}>Download the payroll template</TemplateLink>
          <TemplateLink href={CSV_TEMPLATE_PATHS.payeWithReliefs}>The template with residence and reliefs</TemplateLink>
        </Stack>
      </Group>

      <FileProblems problems={problems} />

      {preview && (
        <div>
          <Group justify="space-between" mb={6}>
            <Text fz="sm" fw={600}>
              Preview
            </Text>
            <Text fz="sm" c="dimmed" data-testid="payroll-preview-summary">
              {preview.employeeCount.toLocaleString('en-NG')} {preview.employeeCount === 1 ? 'employee' : 'employees'} ·
              total tax payable {formatNaira(preview.totalTaxPayable)}
            </Text>
          </Group>
          <PayeePreview
            label="Payroll preview"
            lines={preview.rows}
            columns={[
              { header: 'Designation', cell: (row) => row.designation, hiddenOnPhone: true },
              {
                header: 'Gross income',
                cell: (row) => formatNaira(row.grossIncome),
                isAmount: true,
                hiddenOnPhone: true,
              },
              { header: 'Tax payable', cell: (row) => formatNaira(row.taxPayable), isAmount: true },
            ]}
            phoneDetails={(row) =>
              `${row.designation ? ` · ${row.designation}` : ''} · gross ${formatNaira(row.grossIncome)}`
            }
          />
        </div>
      )}

      {preview && <PayrollWarnings taxWarnings={preview.taxWarnings} notices={preview.notices} />}

      {uploaded && (
        <Alert
          color="green"
          icon={<IconCircleCheck size={18} />}
          title={
            `${uploaded.employee_count.toLocaleString('en-NG')} ${uploaded.employee_count === 1 ? 'employee' : 'employees'} registered with ` +
            `${registration.state.revenue_service}`
          }
        >
          Total tax payable {formatAmount(uploaded.total_tax_payable)} ·{' '}
          {uploaded.filed_manually ? (
            'to be filed by you on the portal (below)'
          ) : (
            <>
              agency reference <strong>{uploaded.agency_reference}</strong>
            </>
          )}{' '}
          · {formatDate(uploaded.uploaded_at)} · kept as payroll version {uploaded.version.number}
        </Alert>
      )}
      <PayrollManualFiling corporationId={corporationId} registration={registration} canRecord={canUpload} />
      {uploaded && (
        <PayrollWarnings
          taxWarnings={uploaded.warnings.map((warning) => warning.message)}
          notices={uploaded.checks.map((check) => check.message)}
        />
      )}
      {uploaded && (
        <UploadReview uploaded={uploaded} corporationId={corporationId} stateCode={registration.state.code} />
      )}
      {uploaded && (
        <PreviousBillChanges
          corporationId={corporationId}
          stateCode={registration.state.code}
          stateName={registration.state.name}
          month={lagosPeriod(new Date())}
          employees={uploadedEmployees}
        />
      )}

      {percent !== null && (
        <div>
          <Text fz="sm" mb={4}>
            Uploading… {percent}%
          </Text>
          <Progress value={percent} animated aria-label="Upload progress" />
        </div>
      )}

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fz="xs" c="dimmed" maw={420}>
          {canUpload
            ? `Uploading replaces the employee list registered with ${registration.state.revenue_service}.`
            : 'You do not have permission to upload payroll. Ask an administrator of your organisation.'}
        </Text>
        <Button
          leftSection={<IconUpload size={16} />}
          onClick={() => void send()}
          loading={percent !== null}
          disabled={!canUpload}
        >
          Upload payroll
        </Button>
      </Group>
    </Stack>
  );
}
