import { isCalendarDate, type ListFilter } from '@levy/contracts';
import { gte, inArray, lte, type AnyColumn, type SQL } from 'drizzle-orm';
import { invalidInput } from '../errors';

/** How a list call may be filtered on one field (docs/product.md §3: field, value, cond_op). */
export type FilterField =
  | { kind: 'in'; column: AnyColumn; values: readonly string[] }
  | { kind: 'date'; column: AnyColumn }
  | { kind: 'custom'; condition(values: string[]): SQL | undefined };

/** SQL conditions for a list call's filters; an unknown field or bad value is INVALID_INPUT. */
export function filterConditions(
  filters: ListFilter[] | undefined,
  fields: Record<string, FilterField>,
): Array<SQL | undefined> {
  return (filters ?? []).map((filter) => {
    const field = Object.hasOwn(fields, filter.field) ? fields[filter.field] : undefined;
    if (!field) throw invalidInput({ filters: `Cannot filter by ${filter.field}` });
    const values = (Array.isArray(filter.value) ? filter.value : [filter.value]).map(String);
    switch (field.kind) {
      case 'in': {
        const unknown = values.find((value) => !field.values.includes(value));
        if (unknown !== undefined) throw invalidInput({ filters: `${filter.field} cannot be ${unknown}` });
        return inArray(field.column, values);
      }
      case 'date': {
        const at = dateFilterValue(values[0]);
        if (!at) throw invalidInput({ filters: `${filter.field} must be a real date, YYYY-MM-DD or an ISO time` });
        if (filter.cond_op === '>=') return gte(field.column, at);
        if (filter.cond_op === '<=') return lte(field.column, at);
        throw invalidInput({ filters: `${filter.field} takes >= or <=` });
      }
      case 'custom':
        return field.condition(values);
    }
  });
}

const TIME_OF_DAY = /^(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * A date (`YYYY-MM-DD`) or an ISO time on a real date. `new Date` alone would read 2026-11-31 as
 * 1 December: the calendar date is checked first so a wrong day is refused, not moved.
 */
function dateFilterValue(text: string): Date | null {
  if (!isCalendarDate(text.slice(0, 10)) || !TIME_OF_DAY.test(text.slice(10))) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}
