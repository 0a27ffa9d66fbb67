import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ApiError, FALLBACK_ERROR_MESSAGE } from '../../../lib/api-client';

/** Where a section could not load: the server's message and a way to try again. */
export function LoadError({
  error,
  title = 'This could not be loaded',
  onRetry,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
}) {
  const message = error instanceof ApiError || error instanceof Error ? error.message : FALLBACK_ERROR_MESSAGE;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={title} role="alert">
      <Group justify="space-between" align="center" gap="sm">
        <Text fz="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Group>
    </Alert>
  );
}
