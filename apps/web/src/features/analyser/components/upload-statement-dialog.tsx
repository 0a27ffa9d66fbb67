import { BANK_MESSAGES, STATEMENT_FILE_LIMITS, statementRejection, type Statement } from '@levy/contracts';
import { Alert, Button, Group, Modal, PasswordInput, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FileSelect } from '../../../components/file-select';
import { ApiError, showSuccessToast } from '../../../lib/api-client';
import { analyserKeys, uploadStatementFile } from '../api/analyser-api';

export const STATEMENT_ACCEPT =
  '.pdf,.csv,.xlsx,application/pdf,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The size limit for a file by its extension (the server checks the content too). */
export function checkStatementFile(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase();
  const limit =
    extension === 'csv' || extension === 'xlsx' ? STATEMENT_FILE_LIMITS[extension] : STATEMENT_FILE_LIMITS.pdf;
  return file.size > limit ? BANK_MESSAGES.fileTooLarge : null;
}

/** Why the server refused the file, when it says: PASSWORD_REQUIRED, WRONG_PASSWORD … */
export function rejectionOf(error: unknown) {
  if (!(error instanceof ApiError)) return null;
  const parsed = statementRejection.safeParse(error.data);
  return parsed.success ? { ...parsed.data, message: error.message } : null;
}

/**
 * Upload a statement (PDF, CSV or XLSX) with the upload's progress. When the server says the PDF
 * is encrypted, the dialog asks for its password and sends the file again with it.
 */
export function UploadStatementDialog({
  recordId,
  onClose,
  onUploaded,
}: {
  recordId: string;
  onClose: () => void;
  onUploaded?: (statement: Statement) => void;
}) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [needsPassword, setNeedsPassword] = useState(false);
  const [errors, setErrors] = useState<{ file?: string | null; password?: string | null }>({});
  const [percent, setPercent] = useState<number | null>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setNeedsPassword(false);
    setPassword('');
    setErrors({ file: chosen ? checkStatementFile(chosen) : null });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return setErrors({ file: BANK_MESSAGES.fileRequired });
    const tooLarge = checkStatementFile(file);
    if (tooLarge) return setErrors({ file: tooLarge });
    if (needsPassword && !password)
      return setErrors({ password: 'Enter the password the bank gave with the statement' });
    setErrors({});
    setPercent(0);
    try {
      const statement = await uploadStatementFile({
        recordId,
        file,
        password: needsPassword ? password : undefined,
        onProgress: setPercent,
      });
      if (statement.duplicate_of) {
        notifications.show({
          title: 'Already on this record',
          message: BANK_MESSAGES.uploadedAgain(statement.duplicate_of.file_name),
          color: 'yellow',
          autoClose: false,
          withCloseButton: true,
        });
      } else {
        showSuccessToast(BANK_MESSAGES.uploaded);
      }
      await queryClient.invalidateQueries({ queryKey: analyserKeys.all });
      onClose();
      onUploaded?.(statement);
    } catch (error) {
      setPercent(null);
      const rejection = rejectionOf(error);
      if (rejection?.reason === 'PASSWORD_REQUIRED' || rejection?.reason === 'WRONG_PASSWORD') {
        setNeedsPassword(true);
        setErrors({ password: rejection.reason === 'WRONG_PASSWORD' ? rejection.message : null });
      } else if (error instanceof ApiError) {
        setErrors({ file: error.message });
      }
    }
  };

  const uploading = percent !== null;
  return (
    <Modal
      opened
      onClose={uploading ? () => undefined : onClose}
      title="Upload statement"
      centered
      size="md"
      closeOnClickOutside={!uploading}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <FileSelect
            label="Statement file"
            description="PDF up to 20 MB, CSV or XLSX up to 10 MB, as downloaded from the bank"
            accept={STATEMENT_ACCEPT}
            value={file}
            onChange={choose}
            error={errors.file}
            required
          />
          {needsPassword && (
            <Stack gap="xs">
              <Alert color="blue" variant="light" icon={<IconLock size={18} />} title="This PDF is password protected">
                Banks often protect e-statements with a password sent with them (frequently part of the account number
                or date of birth).
              </Alert>
              <PasswordInput
                label="PDF password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={errors.password}
                required
                data-autofocus
                autoComplete="off"
              />
            </Stack>
          )}
          {uploading && (
            <Stack gap={4}>
              <Progress value={percent} animated={percent < 100} aria-label="Upload progress" />
              <Text fz="xs" c="dimmed">
                {percent < 100 ? `Uploading… ${percent}%` : 'Uploaded: starting the analysis…'}
              </Text>
            </Stack>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={uploading}>
              Cancel
            </Button>
            <Button type="submit" loading={uploading}>
              Upload
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
