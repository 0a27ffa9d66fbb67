import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { getTableName, type Table } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { connectionOf, type Db } from './client';

/** A value COPY can carry: text, an integer (kobo included), or null. */
export type CopyValue = string | number | bigint | null;

/** About this much text is built at a time, while PostgreSQL stores what came before. */
const CHUNK_CHARACTERS = 1_000_000;

/** The table's columns, each with how to read its value from a row, in COPY's column order. */
export type CopyColumns<T> = Record<string, (row: T) => CopyValue>;

/** Rows per INSERT on PGlite: a thousand keep a table of up to 65 columns within PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 1_000;

/**
 * Appends many rows to a table with COPY … FROM STDIN, PostgreSQL's bulk path: one statement and
 * no per-row parameters, several times faster than INSERT for the 100,000-row files a bill may
 * carry (decision 0008). Each row is written straight from the caller's objects, with no copy of
 * them in between. It runs inside the caller's transaction, so a rollback removes the rows.
 *
 * On PGlite the rows go in as multi-row INSERTs instead: COPY FROM STDIN through node-postgres
 * stops PGlite (its call waits for CopyData that can only come in a later call, holding the event
 * loop; decision 0018), and the rows written here are few (a bill's items are a thousand to a
 * row), so INSERT costs little.
 */
export async function copyRows<T>(tx: Db, table: Table, rows: readonly T[], columns: CopyColumns<T>): Promise<void> {
  const { client, kind } = connectionOf(tx);
  if (client instanceof pg.Pool) throw new Error('copyRows needs a transaction, not the database');
  const names = Object.keys(columns);
  const target = `${quoteIdentifier(getTableName(table))} (${names.map(quoteIdentifier).join(', ')})`;
  const pickers = Object.values(columns);
  if (kind === 'postgres') {
    await pipeline(Readable.from(chunksOf(rows, pickers)), client.query(copyFrom(`copy ${target} from stdin`)));
    return;
  }
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const values: CopyValue[] = [];
    const tuples = rows.slice(start, start + ROWS_PER_INSERT).map((row) => `(${pickers.map((pick) => `$${values.push(pick(row))}`).join(', ')})`);
    await client.query(`insert into ${target} values ${tuples.join(', ')}`, values);
  }
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
