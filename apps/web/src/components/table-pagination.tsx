import { formatPaginationRange, type Pagination as PaginationData } from '@levy/contracts';
import { Group, Pagination, Text } from '@mantine/core';

/** 'x - y of total' and page buttons under a table (docs/product.md §3). */
export function TablePagination({
  pagination,
  onPageChange,
}: {
  pagination: PaginationData;
  onPageChange: (page: number) => void;
}) {
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text fz="sm" c="dimmed" data-testid="pagination-range">
        {formatPaginationRange(pagination)}
      </Text>
      {pagination.total_pages > 1 && (
        <Pagination
          size="sm"
          total={pagination.total_pages}
          value={pagination.current_page}
          onChange={onPageChange}
          getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
          getControlProps={(control) => ({
            'aria-label': `${control.charAt(0).toUpperCase()}${control.slice(1)} page`,
          })}
        />
      )}
    </Group>
  );
}
