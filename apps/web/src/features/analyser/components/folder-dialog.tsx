import { folderBody, type StatementFolder } from '@levy/contracts';
import { TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSaveFolder } from '../api/analyser-api';
import { SaveDialog } from './save-dialog';

/** New folder, or rename one; names are unique in the organisation (the server says 'The provided name already exist'). */
export function FolderDialog({
  folder,
  onClose,
  onSaved,
}: {
  folder?: StatementFolder;
  onClose: () => void;
  onSaved?: (folder: StatementFolder) => void;
}) {
  const save = useSaveFolder();
  const form = useForm({
    initialValues: { name: folder?.name ?? '' },
    validate: schemaResolver(folderBody, { sync: true }),
  });

  return (
    <SaveDialog
      title={folder ? 'Rename folder' : 'New folder'}
      submitLabel={folder ? 'Save' : 'Create folder'}
      form={form}
      saving={save.isPending}
      save={(values) => save.mutateAsync({ id: folder?.id, name: values.name.trim() })}
      onClose={onClose}
      onSaved={onSaved}
    >
      <TextInput
        label="Folder name"
        description="For example a client, a loan application or a financial year"
        placeholder="Okafor Foods — 2026 loan review"
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
    </SaveDialog>
  );
}
