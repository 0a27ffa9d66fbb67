import type { Statement } from '@levy/contracts';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useRerunStatement } from '../api/analyser-api';
import { rejectionOf } from './upload-statement-dialog';

const PASSWORD_REASONS = ['PASSWORD_REQUIRED', 'WRONG_PASSWORD'];

/** Reads a kept statement again; asks for the PDF's password when that is why it failed. */
export function RerunStatementDialog({ statement, onClose }: { statement: Statement; onClose: () => void }) {
  const rerun = useRerunStatement();
  const [needsPassword, setNeedsPassword] = useState(PASSWORD_REASONS.includes(statement.error_code ?? ''));
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (needsPassword && !password) return setError('Enter the password the bank gave with the statement');
    rerun.mutate(
      { id: statement.id, password: needsPassword ? password : undefined },
      {
        onSuccess: onClose,
        onError: (failure) => {
          const rejection = rejectionOf(failure);
          if (rejection && PASSWORD_REASONS.includes(rejection.reason)) {
            setNeedsPassword(true);
            setError(rejection.reason === 'WRONG_PASSWORD' ? rejection.message : null);
          }
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Analyse again" centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm">
            Reads <strong>{statement.file_name}</strong> again with its column mapping and corrections, and replaces its
            analysis.
          </Text>
          {needsPassword && (
            <PasswordInput
              label="PDF password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={error}
              required
              data-autofocus
              autoComplete="off"
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rerun.isPending}>
              Analyse again
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
