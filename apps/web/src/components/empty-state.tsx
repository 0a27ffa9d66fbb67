import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export const EMPTY_MESSAGE = 'No data';

/** What a list shows when it has nothing: 'No data' unless the list has better words. */
export function EmptyState({
  message = EMPTY_MESSAGE,
  hint,
  height = 160,
}: {
  message?: string;
  hint?: ReactNode;
  height?: number;
}) {
  return (
    <Stack align="center" justify="center" gap={6} mih={height} ta="center">
      <ThemeIcon variant="light" color="gray" size={44} radius="xl" aria-hidden="true">
        <IconInbox size={22} />
      </ThemeIcon>
      <Text fw={600}>{message}</Text>
      {hint && (
        <Text fz="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
