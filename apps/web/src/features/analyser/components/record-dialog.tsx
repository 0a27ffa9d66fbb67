import { recordBody, type StatementRecord } from '@levy/contracts';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ApiError } from '../../../lib/api-client';
import { useSaveRecord } from '../api/analyser-api';

/** New record (one bank account: account name, number and bank), or edit one. */
export function RecordDialog({ folderId, record, onClose, onSaved }: { folderId: string; record?: StatementRecord; onClose: () => void; onSaved?: (record: StatementRecord) => void }) {
  const save = useSaveRecord(folderId);
  const form = useForm({
    initialValues: { name: record?.name ?? '', account_number: record?.account_number ?? '', bank_name: record?.bank_name ?? '' },
    validate: schemaResolver(recordBody, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: record?.id, fields: { name: values.name.trim(), account_number: values.account_number.trim(), bank_name: values.bank_name.trim() } });
      onClose();
      onSaved?.(saved);
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fieldErrors);
    }
  });

  return (
    <Modal opened onClose={onClose} title={record ? 'Edit bank account' : 'New bank account'} centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Account name" description="As printed on the statements" placeholder="Okafor Foods Limited" required data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Account number" description="The 10-digit NUBAN" placeholder="0123456789" inputMode="numeric" maxLength={10} {...form.getInputProps('account_number')} />
          <TextInput label="Bank" placeholder="Guaranty Trust Bank" {...form.getInputProps('bank_name')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {record ? 'Save' : 'Create account'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
