import { execFile, execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loggerOptions } from './logger-options.ts';
import { accessLinesMayWait } from '../http/request-log.ts';
import { LINE_WAIT_MS, LineSink } from './line-sink.ts';

let dir: string;
let fds: number[];
const fileIn = (name: string) => {
  const file = path.join(dir, name);
  fds.push(openSync(file, 'w'));
  return { fd: fds.at(-1)!, text: () => readFileSync(file, 'utf8') };
};

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'line-sink-'));
  fds = [];
});
afterEach(() => {
  vi.useRealTimers();
  for (const fd of fds) closeSync(fd);
  rmSync(dir, { recursive: true, force: true });
});

/** The server's logger options at a fixed time, so that two destinations' lines can be compared byte for byte. */
const options = { ...(loggerOptions('info') as pino.LoggerOptions), timestamp: () => ',"time":1796000000000' };

describe('LineSink', () => {
  it("writes pino's lines byte for byte as pino's own synchronous destination does, in order", async () => {
    const ours = fileIn('ours.log');
    const theirs = fileIn('theirs.log');
    const sink = new LineSink(ours.fd);
    const loggers = [pino(options, sink), pino(options, pino.destination({ fd: theirs.fd, sync: true }))];
    for (const log of loggers) {
      const request = log.child({ request_id: 'a1' });
      request.info({ method: 'GET', url: '/api/index/ajaxpro?x="é"', status: 200, ms: 1.5 }, 'access');
      request.info({ password: 'secret', nested: { code: '123456' } }, 'refused');
      log.debug('not at this level');
      log.info('ünïcödé 漢字 ✓');
    }
    await sink.idle();
    expect(ours.text()).toBe(theirs.text());
    expect(ours.text().split('\n')).toHaveLength(4);
  });

  it('keeps the access lines up to LINE_WAIT_MS, then writes them together', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const file = fileIn('wait.log');
    const sink = new LineSink(file.fd, accessLinesMayWait);
    const log = pino(options, sink);
    log.info({ n: 1 }, 'access');
    log.info({ n: 2 }, 'access');
    await sink.idle();
    expect(file.text()).toBe('');
    vi.advanceTimersByTime(LINE_WAIT_MS - 1);
    await sink.idle();
    expect(file.text()).toBe('');
    vi.advanceTimersByTime(1);
    await sink.idle();
    expect(
      file
        .text()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).n),
    ).toEqual([1, 2]);
  });

  it('writes any other line at once, after the access lines that came before it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const file = fileIn('others.log');
    const sink = new LineSink(file.fd, accessLinesMayWait);
    const log = pino(options, sink);
    const messages = () =>
      file
        .text()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).msg);
    log.info('access');
    log.info('listening');
    await sink.idle();
    expect(messages()).toEqual(['access', 'listening']);
    log.info('access');
    log.warn('access');
    await sink.idle();
    expect(messages()).toEqual(['access', 'listening', 'access', 'access']);
  });

  it('writes at once when 16 KB wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const file = fileIn('full.log');
    const sink = new LineSink(file.fd, accessLinesMayWait);
    const log = pino(options, sink);
    // Lines of about 1,070 characters: 15 wait (16,050), the 16th passes 16,384.
    const filler = 'x'.repeat(1000);
    for (let n = 0; n < 15; n++) log.info({ filler }, 'access');
    await sink.idle();
    expect(file.text()).toBe('');
    log.info({ filler }, 'access');
    await sink.idle();
    expect(file.text().split('\n').filter(Boolean)).toHaveLength(16);
  });

  it('keeps the event loop running while its reader stops reading, and catches up once it reads again', async () => {
    // A pipe nobody reads (a FIFO opened for reading and writing, so that opening it waits for no one): a write
    // past its 64 KB blocks.
    const fifo = path.join(dir, 'stalled');
    execFileSync('mkfifo', [fifo]);
    const fd = openSync(fifo, 'r+');
    fds.push(fd);
    const sink = new LineSink(fd);
    const log = pino(options, sink);
    const filler = 'y'.repeat(1000);
    for (let n = 0; n < 200; n++) log.info({ n, filler }, 'refused');
    // The pipe is full and its write is stuck in the thread pool; the event loop still turns.
    const turned = await Promise.race([
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 100)),
      sink.idle().then(() => false),
    ]);
    expect(turned).toBe(true);
    // The reader comes back: every line arrives, whole and in order.
    let text = '';
    const reader = openSync(fifo, 'r');
    fds.push(reader);
    const chunk = Buffer.alloc(64 * 1024);
    while (text.split('\n').length <= 200) {
      const read = readSync(reader, chunk);
      text += chunk.subarray(0, read).toString();
    }
    await sink.idle();
    expect(
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).n),
    ).toEqual([...Array(200).keys()]);
  });

  it('writes the waiting lines when the process exits, by process.exit or by an uncaught error', async () => {
    const run = promisify(execFile);
    const script = path.join(import.meta.dirname, '../../../test/fixtures/line-sink-exit.ts');
    const exited = await run(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, END: 'exit' } });
    const thrown = await run(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, END: 'throw' },
    }).catch((error: { stdout: string; code: number }) => error);
    expect('code' in thrown && thrown.code).toBe(1);
    for (const { stdout } of [exited, thrown])
      expect(
        stdout
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l).n),
      ).toEqual([1, 2, 3]);
  });
});
