import { Duplex } from 'node:stream';
import { protocol, type PGlite } from '@electric-sql/pglite';

/**
 * A socket for node-postgres that reaches an in-process PGlite instead of a server, so the app
 * speaks to PGlite through `pg` exactly as it speaks to PostgreSQL (decision 0018). node-postgres
 * writes PostgreSQL's wire protocol; the socket hands those bytes to PGlite's public
 * `execProtocolRawStream` and passes PGlite's answer back unchanged, to be read by node-postgres's
 * own parser. Give it as the pool's `stream` option: `stream: pgliteSockets(pglite)`, once per PGlite.
 *
 * PGlite is one PostgreSQL session: one socket is connected at a time, the others wait for it to
 * end (a pool of one). When a socket ends, the session is reset (an open transaction rolled back,
 * prepared statements dropped), so the next socket finds it as a new connection would.
 */
export function pgliteSockets(pglite: PGlite): () => Duplex {
  // The end of the socket now connected: the next one connects after it.
  let turn: Promise<void> = Promise.resolve();
  return () => {
    let release!: () => void;
    const previous = turn;
    turn = new Promise((resolve) => (release = resolve));
    return new PgliteSocket(pglite, previous, release);
  };
}

/** Messages after which the client waits for an answer: Sync, Flush, Query, CopyDone, CopyFail. */
const ANSWERED = new Set(['S', 'H', 'Q', 'c', 'f'].map((letter) => letter.charCodeAt(0)));
const TERMINATE = 'X'.charCodeAt(0);

/** Ends an extended-protocol exchange cut short, ends any transaction, forgets the session's state. */
const RESET = Buffer.concat([
  protocol.serialize.sync(),
  protocol.serialize.query('rollback'),
  protocol.serialize.query('discard all'),
]);

class PgliteSocket extends Duplex {
  /** Bytes written by the client and not yet sent: messages up to the next one that needs an answer. */
  private pending: Buffer = Buffer.alloc(0);
  /** The first message is the startup message, which has no type byte. */
  private started = false;
  private connected = false;
  private released = false;

  constructor(
    private readonly pglite: PGlite,
    private readonly previous: Promise<void>,
    private readonly release: () => void,
  ) {
    super();
  }

  /** Called by node-postgres as on a TCP socket; connects when the socket before it has ended. */
  connect(): this {
    void this.previous.then(() => {
      if (this.released) return;
      this.connected = true;
      this.emit('connect');
    });
    return this;
  }

  // Socket options node-postgres sets: nothing to do in process.
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  /** Answers are pushed when PGlite gives them; nothing to pull. */
  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    this.send().then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.endSession().then(() => {
      this.push(null);
      callback();
    }, callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.endSession().then(() => callback(error), callback);
  }

  /**
   * Sends every complete message up to the last one that needs an answer. PostgreSQL answers
   * Parse, Bind, Describe and Execute only at the Sync (or Flush) after them, so they wait here
   * and go to PGlite together: one call for a whole query.
   */
  private async send(): Promise<void> {
    if (!this.started) {
      // Startup: a length that counts itself, then the protocol and the parameters. PGlite answers
      // it as a server does (authentication ok, its parameters, ready for query), on its own.
      if (this.pending.length < 4 || this.pending.readInt32BE(0) > this.pending.length) return;
      const length = this.pending.readInt32BE(0);
      this.started = true;
      await this.exchange(this.shift(length));
    }
    let offset = 0;
    let end = 0;
    while (offset + 5 <= this.pending.length) {
      const type = this.pending[offset];
      const next = offset + 1 + this.pending.readInt32BE(offset + 1);
      if (next > this.pending.length) break;
      if (type === TERMINATE) {
        // The client's goodbye: what came before it is answered; the session ends in _final.
        await this.exchange(this.shift(end));
        this.pending = Buffer.alloc(0);
        return;
      }
      offset = next;
      if (ANSWERED.has(type)) end = next;
    }
    await this.exchange(this.shift(end));
  }

  /** The first `length` bytes of the pending ones, removed from them. */
  private shift(length: number): Buffer {
    const taken = this.pending.subarray(0, length);
    this.pending = this.pending.subarray(length);
    return taken;
  }

  private async exchange(messages: Buffer): Promise<void> {
    if (messages.length === 0) return;
    // PGlite's chunks are views into its memory, reused by its next write: copied as they come.
    // They are passed on only when PGlite has returned: node-postgres reads them at once, and
    // its handlers (which may write the next query) must not run inside PGlite's call.
    const chunks: Buffer[] = [];
    // PGlite runs each query on this thread. A transaction's queries would otherwise follow one
    // another in microtasks, holding off timers and other requests until it commits (seconds for
    // a statement of 60,000 rows): each query waits for the event loop's next turn instead.
    await new Promise((resolve) => setImmediate(resolve));
    await this.pglite.execProtocolRawStream(messages, { onRawData: (bytes) => chunks.push(Buffer.from(bytes)) });
    if (chunks.length > 0) this.push(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  }

  /** Resets the session for the next socket and lets it connect; once, however the socket ends. */
  private async endSession(): Promise<void> {
    if (this.released) return;
    this.released = true;
    try {
      // A socket ended before its turn still waits for it, so the order holds.
      await this.previous;
      if (this.connected && !this.pglite.closed) await this.pglite.execProtocolRaw(RESET);
    } finally {
      this.release();
    }
  }
}
