import { markReferenceReviewedBody, type ReferenceTable } from '@levy/contracts';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { MountedModal } from '../../../components/mounted-modal';
import { ApiError } from '../../../lib/api-client';
import { useMarkReviewed } from '../api/reference-data-api';

const CHECKED = {
  mpr: 'the CBN’s latest MPC communiqué',
  holidays: 'the Federal Ministry of Interior’s latest holiday announcements',
  charges: 'Levy’s latest pricing decision and the VAT rate in law',
  wht: 'the withholding regulations and any amendment gazetted since',
};

/** "Mark as reviewed": the table was checked against its source and nothing changed. */
export function ReviewDialog({ table, onClose }: { table: ReferenceTable; onClose: () => void }) {
  const review = useMarkReviewed();
  const form = useForm({
    initialValues: { source: '' },
    validate: schemaResolver(markReferenceReviewedBody, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await review.mutateAsync({ table: table.code, source: values.source });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fieldErrors);
    }
  });
  return (
    <MountedModal onClose={onClose} title={`Mark ${table.title} as reviewed`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Check {CHECKED[table.code]}. If it changes nothing here, name what you checked; if it does, add a row
            instead.
          </Text>
          <Textarea label="Source checked" required rows={2} data-autofocus {...form.getInputProps('source')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={review.isPending}>
              Mark as reviewed
            </Button>
          </Group>
        </Stack>
      </form>
    </MountedModal>
  );
}
