import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { getTableName, type Table } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './client';

/** A value COPY can carry: text, an integer (kobo included), or null. */
export type CopyValue = string | number | bigint | null;

/** About this much text is built at a time, while PostgreSQL stores what came before. */
const CHUNK_CHARACTERS = 1_000_000;

/** The table's columns, each with how to read its value from a row, in COPY's column order. */
export type CopyColumns<T> = Record<string, (row: T) => CopyValue>;

/**
 * Appends many rows to a table with COPY … FROM STDIN, PostgreSQL's bulk path: one statement and
 * no per-row parameters, several times faster than INSERT for the 100,000-row files a bill may
 * carry (decision 0008). Each row is written straight from the caller's objects, with no copy of
 * them in between. It runs inside the caller's transaction, so a rollback removes the rows.
 * PGlite takes the same COPY text from a Blob (its `/dev/blob` device).
 */
export async function copyRows<T>(tx: Db, table: Table, rows: readonly T[], columns: CopyColumns<T>): Promise<void> {
  const names = Object.keys(columns);
  const statement = `copy ${quoteIdentifier(getTableName(table))} (${names.map(quoteIdentifier).join(', ')}) from`;
  const text = chunksOf(rows, Object.values(columns));
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Client) {
    await pipeline(Readable.from(text), client.query(copyFrom(`${statement} stdin`)));
    return;
  }
  if (isPgliteTransaction(client)) {
    await client.query(`${statement} '/dev/blob'`, [], { blob: new Blob([...text]) });
    return;
  }
  throw new Error('copyRows needs a transaction (a pooled PostgreSQL client or a PGlite transaction)');
}

function isPgliteTransaction(client: unknown): client is { query(text: string, params: unknown[], options: { blob: Blob }): Promise<unknown> } {
  return typeof client === 'object' && client !== null && typeof (client as { rollback?: unknown }).rollback === 'function' && typeof (client as { query?: unknown }).query === 'function';
}

function* chunksOf<T>(rows: readonly T[], pickers: Array<(row: T) => CopyValue>): Generator<string> {
  const cells = new Array<string>(pickers.length);
  let lines: string[] = [];
  let characters = 0;
  for (const row of rows) {
    for (let column = 0; column < pickers.length; column++) cells[column] = copyText(pickers[column](row));
    const line = cells.join('\t');
    lines.push(line);
    characters += line.length;
    if (characters >= CHUNK_CHARACTERS) {
      yield `${lines.join('\n')}\n`;
      lines = [];
      characters = 0;
    }
  }
  if (lines.length > 0) yield `${lines.join('\n')}\n`;
}

/** One value in COPY's text format: `\N` for null, and text with its backslash escapes. */
function copyText(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'string') return NEEDS_ESCAPE.test(value) ? value.replace(/[\\\t\n\r]/g, (character) => ESCAPES[character]) : value;
  return String(value);
}

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
