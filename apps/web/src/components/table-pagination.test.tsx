import { formatPaginationRange, paginationRange } from '@levy/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TablePagination } from './table-pagination';
import { renderWithProviders } from '../test/render';

describe('pagination range (docs/product.md §3)', () => {
  it.each([
    [{ count: 10, current_page: 1, total_count: 25, total_pages: 3 }, '1 - 10 of 25'],
    [{ count: 10, current_page: 2, total_count: 25, total_pages: 3 }, '11 - 20 of 25'],
    [{ count: 10, current_page: 3, total_count: 25, total_pages: 3 }, '21 - 25 of 25'],
    [{ count: 10, current_page: 1, total_count: 10, total_pages: 1 }, '1 - 10 of 10'],
    [{ count: 10, current_page: 1, total_count: 1, total_pages: 1 }, '1 - 1 of 1'],
    [{ count: 10, current_page: 1, total_count: 0, total_pages: 1 }, '0 - 0 of 0'],
  ])('%o → %s', (pagination, text) => {
    expect(formatPaginationRange(pagination)).toBe(text);
  });

  it('runs from count*(page-1)+1 to min(count*page, total)', () => {
    expect(paginationRange({ count: 25, current_page: 4, total_count: 90, total_pages: 4 })).toEqual({
      from: 76,
      to: 90,
      total: 90,
    });
  });

  it('shows the range under the table and page buttons only when there is more than one page', () => {
    const { rerender } = renderWithProviders(
      <TablePagination
        pagination={{ count: 10, current_page: 2, total_count: 25, total_pages: 3 }}
        onPageChange={() => undefined}
      />,
    );
    expect(screen.getByTestId('pagination-range')).toHaveTextContent('11 - 20 of 25');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    rerender(
      <TablePagination
        pagination={{ count: 10, current_page: 1, total_count: 4, total_pages: 1 }}
        onPageChange={() => undefined}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Page 2' })).not.toBeInTheDocument();
  });
});
