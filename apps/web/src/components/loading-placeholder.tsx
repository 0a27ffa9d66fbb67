import { Center, Loader } from '@mantine/core';

/** Shown while data loads; keeps the space the content will take (default height 120). */
export function LoadingPlaceholder({ height = 120, label = 'Loading' }: { height?: number; label?: string }) {
  return (
    <Center h={height} role="status" aria-live="polite" aria-label={label}>
      <Loader size="sm" />
    </Center>
  );
}
