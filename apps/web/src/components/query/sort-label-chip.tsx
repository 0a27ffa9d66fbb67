import { CloseButton, Group, Paper, Text } from '@mantine/core';
import { sortLabel, type QueryState } from './query-state';

/** Shows the sort in force with a control that puts the default back. */
export function SortLabelChip({ sort, onReset }: { sort: QueryState['sort']; onReset: () => void }) {
  const label = sortLabel(sort);
  return (
    <Paper withBorder radius="xl" px="sm" py={2} w="fit-content">
      <Group gap={4} wrap="nowrap">
        <Text fz="sm">Sorted by {label}</Text>
        <CloseButton size="sm" aria-label="Reset sort" onClick={onReset} />
      </Group>
    </Paper>
  );
}
