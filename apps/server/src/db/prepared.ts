import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client';

interface Prepared<TParams, TResult> {
  execute(params: TParams): Promise<TResult>;
}

/**
 * A query every request runs, built by drizzle once per database instead of on every call, and
 * sent as a named prepared statement so PostgreSQL plans it once per connection (decision 0011:
 * building a select with its column list was the largest share of a request's CPU). `build`
 * takes the executor and uses `sql.placeholder(name)` for each parameter. A transaction gets its
 * own copy, built on its first use and dropped with it.
 */
export function preparedQuery<TParams extends Record<string, unknown>, TResult>(
  build: (executor: Db) => Prepared<TParams, TResult>,
): (executor: Db, params: TParams) => Promise<TResult> {
  const built = new WeakMap<Db, Prepared<TParams, TResult>>();
  return (executor, params) => {
    let query = built.get(executor);
    if (!query) {
      query = build(executor);
      built.set(executor, query);
    }
    return query.execute(params);
  };
}

/** `column = any(:name)`: a list (of ids, by default) as one array parameter, so one prepared statement serves a list of any length. */
export function isAnyOf(column: AnyPgColumn, name: string, type: 'uuid' | 'text' = 'uuid'): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::${sql.raw(type)}[])`;
}

/** A list's sort column and direction as the name of a prepared variant: `created_at_desc`. */
export type SortVariant<TColumn extends string> = `${TColumn}_${'asc' | 'desc'}`;

export function sortVariant<TColumn extends string>(orderBy: TColumn, isAsc: boolean): SortVariant<TColumn> {
  return `${orderBy}_${isAsc ? 'asc' : 'desc'}`;
}

/** The column and direction a sort variant names. */
export function sortOfVariant<TColumn extends string>(
  variant: SortVariant<TColumn>,
): { orderBy: TColumn; isAsc: boolean } {
  const cut = variant.lastIndexOf('_');
  return { orderBy: variant.slice(0, cut) as TColumn, isAsc: variant.slice(cut + 1) === 'asc' };
}

/**
 * A query with a few fixed variants (a list's sort column and direction), each built and prepared
 * once per database as `preparedQuery` does; `variant` names it, in a handful of known values.
 */
export function preparedVariants<TVariant extends string, TParams extends Record<string, unknown>, TResult>(
  build: (executor: Db, variant: TVariant) => Prepared<TParams, TResult>,
): (executor: Db, variant: TVariant, params: TParams) => Promise<TResult> {
  const variants = new Map<TVariant, (executor: Db, params: TParams) => Promise<TResult>>();
  return (executor, variant, params) => {
    let query = variants.get(variant);
    if (!query) {
      query = preparedQuery((db) => build(db, variant));
      variants.set(variant, query);
    }
    return query(executor, params);
  };
}
