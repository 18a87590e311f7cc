import { write as writeAsync, writeSync } from 'node:fs';
import pino from 'pino';

/** A line that may wait waits at most this long (nginx's `access_log ... flush=`, for the same reason). */
export const LINE_WAIT_MS = 50;
/** Past this many characters waiting, they go at once (sonic-boom's default write): a pipe takes the write whole. */
const MAX_WAITING_CHARS = 16 * 1024;
/** How long a write waits when the reader of a non-blocking descriptor is behind, before it tries again. */
const BUSY_WAIT_MS = 5;
const sleepCell = new Int32Array(new SharedArrayBuffer(4));

/** Which lines may wait for company: pino's level and message of the line being written. */
export type MayWait = (level: number, message: unknown) => boolean;

/**
 * Where the process's log lines go: a file descriptor (stdout, which systemd's journal reads), as whole lines, in
 * order. A line `mayWait` names (the server's: the access line of every request) waits up to LINE_WAIT_MS, or until
 * 16 KB wait, to share one write with others; any other line is written at once, with those waiting before it; and
 * whatever waits when the process exits (an uncaught error included) is written before it ends. A SIGKILL loses at
 * most the lines that waited.
 *
 * Writes go through libuv's thread pool, one at a time, as sonic-boom's (pino's default destination) do, so a
 * reader that stops reading (a full pipe) holds up the log, never the event loop; lines made meanwhile wait in
 * memory. Why not sonic-boom itself: under load, each line it took measured the bytes of every line waiting behind
 * the write in flight (2.5 µs of each cached read in bench:reads' profile), and each small batch was a round trip
 * through the pool.
 */
export class LineSink {
  /** Asks pino to set `lastLevel` and `lastMsg` before each write. */
  readonly [pino.symbols.needsMetadataGsym] = true;
  lastLevel = 0;
  lastMsg: unknown;
  private lines: string[] = [];
  private chars = 0;
  /** A line that may not wait is among those waiting. */
  private urgent = false;
  private timer: NodeJS.Timeout | undefined;
  private writing = false;
  private broken = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly fd = 1,
    private readonly mayWait: MayWait = () => false,
  ) {
    process.on('exit', () => this.flushSync());
  }

  write(line: string): boolean {
    if (this.broken) return true;
    this.lines.push(line);
    this.chars += line.length;
    if (!this.mayWait(this.lastLevel, this.lastMsg)) this.urgent = true;
    if (this.urgent || this.chars >= MAX_WAITING_CHARS) this.startWrite();
    else this.timer ??= setTimeout(this.onTimer, LINE_WAIT_MS).unref();
    return true;
  }

  /** Resolves once nothing is being written and nothing waits to be written at once. */
  idle(): Promise<void> {
    if (!this.writing) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private readonly onTimer = () => {
    this.timer = undefined;
    this.startWrite();
  };

  /** Takes the waiting lines into one write, unless one is in flight (its end looks again). */
  private startWrite() {
    if (this.writing || this.lines.length === 0 || this.broken) return;
    this.writing = true;
    this.writeOut(this.takeWaiting());
  }

  private takeWaiting(): Buffer {
    const bytes = Buffer.from(this.lines.length === 1 ? this.lines[0]! : this.lines.join(''));
    this.lines = [];
    this.chars = 0;
    this.urgent = false;
    return bytes;
  }

  private writeOut(bytes: Buffer) {
    writeAsync(this.fd, bytes, 0, bytes.length, null, (error, written) => {
      if (error) {
        if (error.code === 'EAGAIN') return void setTimeout(() => this.writeOut(bytes), BUSY_WAIT_MS);
        // Nobody reads the log any more (its reader ended): the server goes on without it, as pino's default does.
        if (error.code === 'EPIPE') this.broken = true;
        else throw error;
      } else if (written < bytes.length) return this.writeOut(bytes.subarray(written));
      this.writing = false;
      // Lines that may not wait, a full batch, or lines whose timer ran out while this write was out go now; the
      // others keep waiting for their timer.
      if (this.urgent || this.chars >= MAX_WAITING_CHARS || (this.lines.length > 0 && !this.timer)) this.startWrite();
      if (!this.writing) for (const resolve of this.idleWaiters.splice(0)) resolve();
    });
  }

  /** pino's `logger.flush(callback)`. */
  flush(callback?: (error?: Error) => void) {
    this.flushSync();
    callback?.();
  }

  /** Writes what waits, now, in this thread (at exit; a write still out in the pool may land after it). */
  flushSync() {
    if (this.lines.length === 0 || this.broken) return;
    let bytes = this.takeWaiting();
    while (bytes.length > 0 && !this.broken) {
      try {
        bytes = bytes.subarray(writeSync(this.fd, bytes));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') Atomics.wait(sleepCell, 0, 0, BUSY_WAIT_MS);
        else if (code === 'EPIPE') this.broken = true;
        else throw error;
      }
    }
  }
}
