import { ActionIcon, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

export const REFRESH_LABEL = 'Refresh data';

export function RefreshButton({ onRefresh, loading = false }: { onRefresh: () => void; loading?: boolean }) {
  return (
    <Tooltip label={REFRESH_LABEL}>
      <ActionIcon variant="default" size="lg" aria-label={REFRESH_LABEL} onClick={onRefresh} loading={loading}>
        <IconRefresh size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
