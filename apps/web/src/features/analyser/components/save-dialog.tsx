import { Button, Group, Modal, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';

/**
 * The analyser's create-or-edit dialogs (a folder, a bank account): the form's fields, Cancel
 * and the save button. Once saved the dialog closes; the server's field errors land on the fields.
 */
export function SaveDialog<Values extends Record<string, unknown>, Saved>({
  title,
  submitLabel,
  form,
  saving,
  save,
  onClose,
  onSaved,
  children,
}: {
  title: string;
  submitLabel: string;
  form: UseFormReturnType<Values>;
  saving: boolean;
  save: (values: Values) => Promise<Saved>;
  onClose: () => void;
  onSaved?: (saved: Saved) => void;
  children: ReactNode;
}) {
  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save(values);
      onClose();
      onSaved?.(saved);
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fieldErrors);
    }
  });

  return (
    <Modal opened onClose={onClose} title={title} centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
