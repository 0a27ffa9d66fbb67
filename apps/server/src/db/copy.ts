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
 * row), so INSERT costs little; an INSERT takes about a megabyte of text at most.
 *
 * `rows` may still be arriving (an async iterable: the pages a file worker is still writing); they
 * are sent as they come, so the database stores the first while the last are made.
 */
export async function copyRows<T>(
  tx: Db,
  table: Table,
  rows: Iterable<T> | AsyncIterable<T>,
  columns: CopyColumns<T>,
): Promise<void> {
  const { client, kind } = connectionOf(tx);
  if (client instanceof pg.Pool) throw new Error('copyRows needs a transaction, not the database');
  const names = Object.keys(columns);
  const target = `${quoteIdentifier(getTableName(table))} (${names.map(quoteIdentifier).join(', ')})`;
  const pickers = Object.values(columns);
  if (kind === 'postgres') {
    await pipeline(Readable.from(chunksOf(rows, pickers)), client.query(copyFrom(`copy ${target} from stdin`)));
    return;
  }
  let values: CopyValue[] = [];
  let tuples: string[] = [];
  let characters = 0;
  const insert = async () => {
    if (tuples.length > 0) await client.query(`insert into ${target} values ${tuples.join(', ')}`, values);
    values = [];
    tuples = [];
    characters = 0;
  };
  const add = (row: T) => {
    tuples.push(`(${pickers.map((pick) => `$${values.push(pick(row))}`).join(', ')})`);
    for (let index = values.length - pickers.length; index < values.length; index++)
      characters += typeof values[index] === 'string' ? (values[index] as string).length : 8;
    return tuples.length >= ROWS_PER_INSERT || characters >= CHUNK_CHARACTERS;
  };
  if (isAsync(rows)) {
    for await (const row of rows) if (add(row)) await insert();
  } else {
    for (const row of rows) if (add(row)) await insert();
  }
  await insert();
}

function isAsync<T>(rows: Iterable<T> | AsyncIterable<T>): rows is AsyncIterable<T> {
  return Symbol.asyncIterator in rows;
}

/** COPY's text, about CHUNK_CHARACTERS at a time: rows in hand are written without a pause per row. */
function chunksOf<T>(
  rows: Iterable<T> | AsyncIterable<T>,
  pickers: Array<(row: T) => CopyValue>,
): Iterable<string> | AsyncIterable<string> {
  const cells = new Array<string>(pickers.length);
  let lines: string[] = [];
  let characters = 0;
  /** Adds a row's line; the chunk when it is full. */
  const add = (row: T): string | null => {
    for (let column = 0; column < pickers.length; column++) cells[column] = copyText(pickers[column](row));
    const line = cells.join('\t');
    lines.push(line);
    characters += line.length;
    return characters >= CHUNK_CHARACTERS ? rest() : null;
  };
  const rest = (): string | null => {
    const chunk = lines.length > 0 ? `${lines.join('\n')}\n` : null;
    lines = [];
    characters = 0;
    return chunk;
  };
  if (isAsync(rows)) {
    return (async function* () {
      for await (const row of rows) {
        const chunk = add(row);
        if (chunk !== null) yield chunk;
      }
      const last = rest();
      if (last !== null) yield last;
    })();
  }
  return (function* () {
    for (const row of rows) {
      const chunk = add(row);
      if (chunk !== null) yield chunk;
    }
    const last = rest();
    if (last !== null) yield last;
  })();
}

/** One value in COPY's text format: `\N` for null, and text with its backslash escapes. */
function copyText(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'string')
    return NEEDS_ESCAPE.test(value) ? value.replace(/[\\\t\n\r]/g, (character) => ESCAPES[character]) : value;
  return String(value);
}

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
