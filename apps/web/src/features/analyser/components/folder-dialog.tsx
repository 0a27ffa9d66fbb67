import { folderBody, type StatementFolder } from '@levy/contracts';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ApiError } from '../../../lib/api-client';
import { useSaveFolder } from '../api/analyser-api';

/** New folder, or rename one; names are unique in the organisation (the server says 'The provided name already exist'). */
export function FolderDialog({ folder, onClose, onSaved }: { folder?: StatementFolder; onClose: () => void; onSaved?: (folder: StatementFolder) => void }) {
  const save = useSaveFolder();
  const form = useForm({ initialValues: { name: folder?.name ?? '' }, validate: schemaResolver(folderBody, { sync: true }) });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: folder?.id, name: values.name.trim() });
      onClose();
      onSaved?.(saved);
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fieldErrors);
    }
  });

  return (
    <Modal opened onClose={onClose} title={folder ? 'Rename folder' : 'New folder'} centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Folder name" description="For example a client, a loan application or a financial year" placeholder="Okafor Foods — 2026 loan review" required data-autofocus {...form.getInputProps('name')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {folder ? 'Save' : 'Create folder'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
