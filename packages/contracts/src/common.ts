import { z } from './zod';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** JSON-encoded in a query string, an object or array in the gateway body: accept both. */
function jsonParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);
}

const flag = z.preprocess(
  (value) =>
    value === 'true' || value === '1' || value === 1
      ? true
      : value === 'false' || value === '0' || value === 0
        ? false
        : value,
  z.boolean(),
);

/** One list filter (docs/product.md §3): equality when cond_op is absent. */
export const listFilter = z.object({
  field: z.string().min(1),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]),
  cond_op: z.enum(['like', '>=', '<=', 'in']).optional(),
});
export type ListFilter = z.infer<typeof listFilter>;

/**
 * Query params every list call takes: page (1-based), count (page size), no_pages (everything in
 * one page), order_by with is_asc, search on search_key, and filters.
 */
export const listParams = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  count: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  no_pages: flag.optional(),
  order_by: z.string().optional(),
  is_asc: flag.optional(),
  search: z.string().trim().optional(),
  search_key: z.string().optional(),
  filters: jsonParam(z.array(listFilter)).optional(),
});
export type ListParams = z.infer<typeof listParams>;

export const pagination = z.object({
  count: z.number(),
  current_page: z.number(),
  total_count: z.number(),
  total_pages: z.number(),
});
export type Pagination = z.infer<typeof pagination>;

export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

/** The answer of a list call: a page of items and the pagination under the table. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), pagination });
}

/** The range shown under a table: 'x - y of total' (docs/product.md §3). */
export function paginationRange(p: Pagination): { from: number; to: number; total: number } {
  if (p.total_count === 0) return { from: 0, to: 0, total: 0 };
  return {
    from: p.count * (p.current_page - 1) + 1,
    to: Math.min(p.count * p.current_page, p.total_count),
    total: p.total_count,
  };
}

export function formatPaginationRange(p: Pagination): string {
  const { from, to, total } = paginationRange(p);
  return `${from} - ${to} of ${total}`;
}

export const idParam = z.uuid({ error: 'Not found.' });
