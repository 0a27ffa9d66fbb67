import { recordBody, type StatementRecord } from '@levy/contracts';
import { TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSaveRecord } from '../api/analyser-api';
import { SaveDialog } from './save-dialog';

/** New record (one bank account: account name, number and bank), or edit one. */
export function RecordDialog({
  folderId,
  record,
  onClose,
  onSaved,
}: {
  folderId: string;
  record?: StatementRecord;
  onClose: () => void;
  onSaved?: (record: StatementRecord) => void;
}) {
  const save = useSaveRecord(folderId);
  const form = useForm({
    initialValues: {
      name: record?.name ?? '',
      account_number: record?.account_number ?? '',
      bank_name: record?.bank_name ?? '',
    },
    validate: schemaResolver(recordBody, { sync: true }),
  });

  return (
    <SaveDialog
      title={record ? 'Edit bank account' : 'New bank account'}
      submitLabel={record ? 'Save' : 'Create account'}
      form={form}
      saving={save.isPending}
      save={(values) =>
        save.mutateAsync({
          id: record?.id,
          fields: {
            name: values.name.trim(),
            account_number: values.account_number.trim(),
            bank_name: values.bank_name.trim(),
          },
        })
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <TextInput
        label="Account name"
        description="As printed on the statements"
        placeholder="Okafor Foods Limited"
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
      <TextInput
        label="Account number"
        description="The 10-digit NUBAN"
        placeholder="0123456789"
        inputMode="numeric"
        maxLength={10}
        {...form.getInputProps('account_number')}
      />
      <TextInput label="Bank" placeholder="Guaranty Trust Bank" {...form.getInputProps('bank_name')} />
    </SaveDialog>
  );
}
