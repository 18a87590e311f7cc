import { writeSync } from 'node:fs';
import pino from 'pino';

/** A line that may wait waits at most this long (nginx's `access_log ... flush=`, for the same reason). */
export const LINE_WAIT_MS = 50;
/** Past this many characters waiting, they go at once (sonic-boom's default write): a pipe takes the write whole. */
const MAX_WAITING_CHARS = 16 * 1024;
/** Which lines may wait for company: pino's level and message of the line being written. */
export type MayWait = (level: number, message: unknown) => boolean;
/** How long a write waits when the reader of a non-blocking descriptor is behind, before it tries again. */
const BUSY_WAIT_MS = 5;
const sleepCell = new Int32Array(new SharedArrayBuffer(4));

/**
 * Where the process's log lines go: a file descriptor (stdout, which systemd's journal reads), as whole lines, in
 * order. A line `mayWait` names (the server's: the access line of every request) waits up to LINE_WAIT_MS for
 * others to share its write; any other line goes at once, with those waiting before it; and whatever waits when
 * the process exits (an uncaught error included) is written before it ends. A SIGKILL loses at most the lines
 * that waited.
 *
 * Why not pino's default destination (sonic-boom, asynchronous): under load, each line it took measured the bytes
 * of every line waiting behind the write in flight (2.5 µs of each cached read in bench:reads' profile), and each
 * write was a round trip through libuv's thread pool; one write a turn of the event loop still cost about 3 µs a
 * read, most turns answering one or two. Writes here are synchronous, as pino's own `destination({ sync: true })`:
 * a reader that falls behind slows the server rather than filling its memory.
 */
export class LineSink {
  /** Asks pino to set `lastLevel` and `lastMsg` before each write. */
  readonly [pino.symbols.needsMetadataGsym] = true;
  lastLevel = 0;
  lastMsg: unknown;
  private lines: string[] = [];
  private chars = 0;
  private timer: NodeJS.Timeout | undefined;
  private broken = false;

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
    if (!this.mayWait(this.lastLevel, this.lastMsg) || this.chars >= MAX_WAITING_CHARS) this.flushSync();
    else this.timer ??= setTimeout(this.onTimer, LINE_WAIT_MS).unref();
    return true;
  }

  private readonly onTimer = () => {
    this.timer = undefined;
    this.flushSync();
  };

  /** pino's `logger.flush(callback)`. */
  flush(callback?: (error?: Error) => void) {
    this.flushSync();
    callback?.();
  }

  flushSync() {
    // A pending timer is left to run (and find little or nothing): clearing and setting one again at every full
    // write cost more than the empty call.
    if (this.lines.length === 0) return;
    let bytes = Buffer.from(this.lines.length === 1 ? this.lines[0]! : this.lines.join(''));
    this.lines = [];
    this.chars = 0;
    while (bytes.length > 0 && !this.broken) {
      try {
        bytes = bytes.subarray(writeSync(this.fd, bytes));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') Atomics.wait(sleepCell, 0, 0, BUSY_WAIT_MS);
        // Nobody reads the log any more (its reader ended): the server goes on without it, as pino's default does.
        else if (code === 'EPIPE') this.broken = true;
        else throw error;
      }
    }
  }
}
