import { NO_NEW_FILE_SELECTED } from '@levy/contracts';
import { CSV_TEMPLATE_PATHS, formatNaira } from '@levy/tax';
import { Alert, Anchor, Button, Group, List, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { AmountCell } from '../../../components/amount-cell';
import { FileSelect } from '../../../components/file-select';
import { PhoneDetails } from '../../../components/phone-table';
import { ApiError, showErrorToast } from '../../../lib/api-client';
import { showInvalidFileToast } from '../../../lib/file-toasts';
import { formatAmount, formatDate } from '../../../lib/format';
import { useUploadPayroll, type CorporationState, type PayrollUpload as UploadResult } from '../../../api/corporations-api';
import { checkPayrollFile, MAX_LISTED_PROBLEMS, PAYROLL_FILE_ACCEPT, rowProblemsFrom, type PayrollPreviewRow } from '../model/payroll-file';

/** The preview table's height (product-spec §9). */
export const PREVIEW_HEIGHT = 200;

function PreviewTable({ rows }: { rows: PayrollPreviewRow[] }) {
  return (
    // Scrolled by the keyboard too (its rows take two lines on a phone, so it scrolls there sooner).
    <ScrollArea h={PREVIEW_HEIGHT} type="auto" offsetScrollbars data-testid="payroll-preview" viewportProps={{ tabIndex: 0 }}>
      {/* On a phone the row, Tax ID, designation and gross income go under the name. */}
      <Table stickyHeader verticalSpacing={6} fz="sm" aria-label="Payroll preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56} visibleFrom="sm">
              Row
            </Table.Th>
            <Table.Th visibleFrom="sm">Tax ID</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th visibleFrom="sm">Designation</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              Gross income
            </Table.Th>
            <Table.Th ta="right">Tax payable</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.row}>
              <Table.Td c="dimmed" visibleFrom="sm">
                {row.row}
              </Table.Td>
              <Table.Td visibleFrom="sm">{row.taxPayerNumber}</Table.Td>
              <Table.Td>
                {row.name}
                <PhoneDetails>
                  Row {row.row} · <span style={{ whiteSpace: 'nowrap' }}>{row.taxPayerNumber}</span>
                  {row.designation ? ` · ${row.designation}` : ''} · gross {formatAmount(row.grossIncome)}
                </PhoneDetails>
              </Table.Td>
              <Table.Td visibleFrom="sm">{row.designation}</Table.Td>
              <AmountCell visibleFrom="sm">{formatAmount(row.grossIncome)}</AmountCell>
              <AmountCell>{formatNaira(row.taxPayable)}</AmountCell>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

type Preview = Extract<Awaited<ReturnType<typeof checkPayrollFile>>, { ok: true }>;

/**
 * The upload view of Manage Payroll: choose the PAYE template CSV, see it checked and previewed
 * in the browser, upload it with progress. The file replaces the state's employee list.
 */
export function PayrollUpload({ corporationId, registration, canUpload }: { corporationId: string; registration: CorporationState; canUpload: boolean }) {
  const upload = useUploadPayroll(corporationId, registration);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState<UploadResult | null>(null);

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
        <FileSelect
          label="Payroll file"
          description="The PAYE template as CSV: one row per employee"
          accept={PAYROLL_FILE_ACCEPT}
          value={file}
          onChange={(chosen) => void choose(chosen)}
          error={fileError}
        />
        <Anchor href={CSV_TEMPLATE_PATHS.paye} download fz="sm">
          <Group gap={4} wrap="nowrap">
            <IconDownload size={16} aria-hidden="true" />
            Download the payroll template
          </Group>
        </Anchor>
      </Group>

      {problems.length > 0 && (
        <Alert color="red" title="What to fix in the file">
          <List size="sm" spacing={2}>
            {problems.slice(0, MAX_LISTED_PROBLEMS).map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
          {problems.length > MAX_LISTED_PROBLEMS && (
            <Text fz="sm" mt={4}>
              and {problems.length - MAX_LISTED_PROBLEMS} more.
            </Text>
          )}
        </Alert>
      )}

      {preview && (
        <div>
          <Group justify="space-between" mb={6}>
            <Text fz="sm" fw={600}>
              Preview
            </Text>
            <Text fz="sm" c="dimmed" data-testid="payroll-preview-summary">
              {preview.employeeCount.toLocaleString('en-NG')} {preview.employeeCount === 1 ? 'employee' : 'employees'} · total tax payable {formatNaira(preview.totalTaxPayable)}
            </Text>
          </Group>
          <PreviewTable rows={preview.rows} />
        </div>
      )}

      {uploaded && (
        <Alert color="green" icon={<IconCircleCheck size={18} />} title={`${uploaded.employee_count.toLocaleString('en-NG')} ${uploaded.employee_count === 1 ? 'employee' : 'employees'} registered with ${registration.state.revenue_service}`}>
          Total tax payable {formatAmount(uploaded.total_tax_payable)} · agency reference <strong>{uploaded.agency_reference}</strong> · {formatDate(uploaded.uploaded_at)}
        </Alert>
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
        <Button leftSection={<IconUpload size={16} />} onClick={() => void send()} loading={percent !== null} disabled={!canUpload}>
          Upload payroll
        </Button>
      </Group>
    </Stack>
  );
}
