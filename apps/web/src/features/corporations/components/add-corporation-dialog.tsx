import { createCorporation } from '@levy/contracts';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { MountedModal } from '../../../components/mounted-modal';
import { ApiError } from '../../../lib/api-client';
import { useCreateCorporation, type Corporation } from '../../../api/corporations-api';

/** Add New Corporation (docs/product.md §2): a name, unique in the organisation. */
/** Mounted while open, so each opening starts empty. */
export function AddCorporationDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded?: (corporation: Corporation) => void;
}) {
  const create = useCreateCorporation();
  const form = useForm({
    initialValues: { name: '' },
    validate: schemaResolver(createCorporation.body, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const corporation = await create.mutateAsync({ name: values.name.trim() });
      onClose();
      onAdded?.(corporation);
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fieldErrors);
    }
  });

  return (
    <MountedModal onClose={onClose} title="Add New Corporation" centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            description="The company's registered name, as on its CAC certificate"
            placeholder="Acme Industries Limited"
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add corporation
            </Button>
          </Group>
        </Stack>
      </form>
    </MountedModal>
  );
}
