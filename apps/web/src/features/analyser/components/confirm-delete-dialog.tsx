import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Asks before deleting a folder, a record or a statement, naming what goes with it. */
export function ConfirmDeleteDialog({
  title,
  name,
  consequence,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  name: string;
  /** What else is deleted, e.g. 'its 3 records and their 7 statements'. */
  consequence: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={title} centered size="md">
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="This cannot be undone">
          Deleting <strong>{name}</strong> also deletes {consequence}.
        </Alert>
        <Text fz="sm" c="dimmed">
          Uploaded files and their analysis are removed for everyone in your organisation.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** '1 record' / '3 records'. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-NG')} ${count === 1 ? singular : plural}`;
}
