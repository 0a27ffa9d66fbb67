import { messages, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/** The prepared statements kept at once; the least recently used is closed to make room. */
const STATEMENT_CACHE_SIZE = 200;

/** "cached plan must not change result type": a table changed under a prepared statement. */
const PLAN_CHANGED = '0A000';

interface Field {
  name: string;
  dataTypeID: number;
}

interface Statement {
  name: string;
  parameterTypes: number[];
  fields: Field[];
}

/** What PostgreSQL answered to one exchange (messages up to and including Sync). */
interface Answer {
  parameterTypes: number[];
  fields: Field[];
  rows: Array<Array<string | null>>;
  command: string | undefined;
  affectedRows: number;
}

type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

/** What drizzle and the jobs queue use of PGlite: the query, the simple protocol, transactions. */
export interface PgliteQueries {
  query: Query;
  exec: PGlite['exec'];
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * PGlite with each statement prepared once, as node-postgres's named statements are on PostgreSQL
 * (decision 0011, fifth round). PGlite's own `query` makes six calls into PostgreSQL for every
 * query (Parse, Describe, Bind, Describe, Execute, Sync), parses and plans it each time, and decodes
 * the answer through a general protocol parser: about 0.8 ms for a team list's three statements,
 * all on the server's one thread. Here a statement is parsed once per SQL text, under a name; each
 * later run is one call (Bind, Execute, Sync) whose answer is read straight from PostgreSQL's wire
 * format. Queries that carry a file (COPY from `/dev/blob`) or options of their own go through
 * PGlite's `query` unchanged.
 */
export function withPreparedStatements(client: PGlite): PgliteQueries {
  const statements = new Map<string, Statement>();
  let named = 0;

  /** Sends messages, then Sync, and reads the answer; PostgreSQL's error is thrown as PGlite throws it. */
  async function exchange(message: Uint8Array): Promise<Answer> {
    const chunks: Buffer[] = [];
    // The chunks are views into PostgreSQL's memory, reused by the next write: copied as they come.
    await client.execProtocolRawStream(message, { syncToFs: false, onRawData: (bytes) => chunks.push(Buffer.from(bytes)) });
    return readAnswer(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  }

  /** Runs on PGlite's query lock, which a transaction's queries take too. */
  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: a Map iterates in insertion order.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    const { name, parameterTypes, fields } = statement;
    const values = params.map((value, index) => serialize(value, parameterTypes[index]));
    try {
      const answer = await exchange(bindExecuteSync(name, values));
      return results<T>(answer, fields, options);
    } catch (error) {
      // A migration changed a table under the statement: parse it again next time.
      if ((error as { code?: string }).code === PLAN_CHANGED) await forget(text);
      throw error;
    }
  }

  async function prepare(text: string): Promise<Statement> {
    const name = `levy_${++named}`;
    const { parameterTypes, fields } = await exchange(Buffer.concat([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), SYNC]));
    const statement = { name, parameterTypes, fields };
    statements.set(text, statement);
    if (statements.size > STATEMENT_CACHE_SIZE) await forget(statements.keys().next().value as string);
    return statement;
  }

  async function forget(text: string): Promise<void> {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    await exchange(Buffer.concat([protocol.serialize.close({ type: 'S', name: statement.name }), SYNC]));
  }

  function serialize(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : client.serializers[type];
    if (serializer) return serializer(value);
    // A type without a serializer takes the value's text (an object's as JSON, not "[object Object]").
    if (typeof value === 'object') return JSON.stringify(value);
    return `${value as string | number | bigint | boolean}`;
  }

  function results<T>({ rows, command, affectedRows }: Answer, fields: Field[], options: QueryOptions | undefined): Results<T> {
    const parsers = fields.map(({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? client.parsers[dataTypeID]);
    const parsed = rows.map((cells) => {
      const values = cells.map((cell, index): unknown => (cell === null || !parsers[index] ? cell : parsers[index](cell, fields[index].dataTypeID)));
      return options?.rowMode === 'array' ? values : Object.fromEntries(values.map((value, index) => [fields[index].name, value]));
    });
    return { rows: parsed as T[], fields, affectedRows, command };
  }

  /** A query on the given lock, or PGlite's own when it carries a file or options of its own. */
  function queryOn(plain: Query, locked: <R>(work: () => Promise<R>) => Promise<R>): Query {
    return <T,>(text: string, params: unknown[] = [], options?: QueryOptions) =>
      options?.blob || options?.paramTypes || options?.serializers ? plain<T>(text, params, options) : locked(() => run<T>(text, params, options));
  }

  return {
    // Outside a transaction a query waits for any running transaction, as PGlite's own does. PGlite
    // would then sync its file system; the server's (a data directory on disk, or memory in
    // tests) is written as PostgreSQL writes, and has nothing to sync.
    query: queryOn(client.query.bind(client), (work) => client._runExclusiveTransaction(() => client._runExclusiveQuery(work))),
    exec: client.exec.bind(client),
    transaction: (callback) =>
      client.transaction((tx) =>
        callback({
          query: queryOn(tx.query, (work) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return client._runExclusiveQuery(work);
          }),
          sql: tx.sql,
          exec: tx.exec,
          rollback: tx.rollback,
          listen: tx.listen,
          get closed() {
            return tx.closed;
          },
        }),
      ),
    close: client.close.bind(client),
  };
}

const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);
/** Execute the unnamed portal, all its rows; then Sync. */
const EXECUTE_SYNC = Buffer.from([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0, ...SYNC]);

/**
 * Bind (the statement's values, all as text, to the unnamed portal), Execute and Sync, written
 * directly: the general serializer was a tenth of a request's CPU.
 */
function bindExecuteSync(statement: string, values: Array<string | null>): Buffer {
  const statementLength = Buffer.byteLength(statement);
  let length = 4 + 1 + statementLength + 1 + 2 + 2 + 2;
  for (const value of values) length += 4 + (value === null ? 0 : Buffer.byteLength(value));
  const message = Buffer.allocUnsafe(1 + length + EXECUTE_SYNC.length);
  message[0] = 0x42;
  message.writeInt32BE(length, 1);
  message[5] = 0; // the unnamed portal
  let at = 6 + message.write(statement, 6);
  message[at++] = 0;
  at = message.writeInt16BE(0, at); // no format codes: every value is text
  at = message.writeInt16BE(values.length, at);
  for (const value of values) {
    if (value === null) {
      at = message.writeInt32BE(-1, at);
    } else {
      const size = message.write(value, at + 4);
      message.writeInt32BE(size, at);
      at += 4 + size;
    }
  }
  at = message.writeInt16BE(0, at); // every result column as text
  EXECUTE_SYNC.copy(message, at);
  return message;
}

/** Error and notice fields by their one-letter codes in PostgreSQL's ErrorResponse. */
const ERROR_FIELDS: Record<string, keyof messages.DatabaseError> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

/**
 * Reads the backend messages of one exchange (PostgreSQL protocol 3: a type byte, a 32-bit length
 * that counts itself, the body). Only what a query needs is read; the first error is thrown.
 */
function readAnswer(bytes: Buffer): Answer {
  const answer: Answer = { parameterTypes: [], fields: [], rows: [], command: undefined, affectedRows: 0 };
  let error: messages.DatabaseError | undefined;
  let offset = 0;
  while (offset + 5 <= bytes.length) {
    const type = bytes[offset];
    const length = bytes.readInt32BE(offset + 1);
    const end = offset + 1 + length;
    let at = offset + 5;
    switch (type) {
      case 0x44: {
        // DataRow: the count of cells, then each as its length (-1 for null) and its text.
        const count = bytes.readInt16BE(at);
        at += 2;
        const cells = new Array<string | null>(count);
        for (let cell = 0; cell < count; cell++) {
          const size = bytes.readInt32BE(at);
          at += 4;
          cells[cell] = size < 0 ? null : bytes.toString('utf8', at, at + size);
          if (size > 0) at += size;
        }
        answer.rows.push(cells);
        break;
      }
      case 0x54: {
        // RowDescription: per field its name, table, column, type, size, modifier and format.
        const count = bytes.readInt16BE(at);
        at += 2;
        for (let field = 0; field < count; field++) {
          const zero = bytes.indexOf(0, at);
          answer.fields.push({ name: bytes.toString('utf8', at, zero), dataTypeID: bytes.readInt32BE(zero + 7) });
          at = zero + 19;
        }
        break;
      }
      case 0x74: {
        // ParameterDescription: the count, then each parameter's type.
        const count = bytes.readInt16BE(at);
        for (let parameter = 0; parameter < count; parameter++) answer.parameterTypes.push(bytes.readInt32BE(at + 2 + parameter * 4));
        break;
      }
      case 0x43: {
        // CommandComplete: "SELECT 2", "UPDATE 3", "INSERT 0 5"; a command that counts rows ends with the count.
        const words = bytes.toString('utf8', at, end - 1).split(' ');
        answer.command = words[0];
        if (['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'].includes(answer.command)) answer.affectedRows += Number(words.at(-1));
        break;
      }
      case 0x45: {
        if (error) break;
        const fields: Record<string, string> = {};
        while (at < end && bytes[at] !== 0) {
          const zero = bytes.indexOf(0, at + 1);
          fields[String.fromCharCode(bytes[at])] = bytes.toString('utf8', at + 1, zero);
          at = zero + 1;
        }
        error = new messages.DatabaseError(fields.M ?? 'Unknown database error', length, 'error');
        for (const [code, value] of Object.entries(fields)) if (ERROR_FIELDS[code]) Object.assign(error, { [ERROR_FIELDS[code]]: value });
        break;
      }
      // ParseComplete, BindComplete, CloseComplete, NoData, notices, ReadyForQuery: nothing to read.
    }
    offset = end;
  }
  if (error) throw error;
  return answer;
}
