import os from 'node:os';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../logging/logger-options.ts';
import { accessLine, directWriter, type AccessFields } from './request-log.ts';

const base: AccessFields = {
  request_id: 'cc4d54ee-0810-4a5b-bc01-620fc1ff7838',
  method: 'GET',
  route: '/api/index/getkdata',
  url: '/api/index/getkdata?symbol=BTC%2FUSDT&interval=1m&count=200',
  status: 200,
  userId: undefined,
  operator: undefined,
  ip: '127.0.0.1',
  ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
  ms: 2.5,
};

function recorder() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, sink };
}

/** Lines of the same fields as pino writes them, through the server's logger options, at a fixed time. */
function pinoLines(all: AccessFields[]): string[] {
  const { lines, sink } = recorder();
  const options = { ...(loggerOptions('info') as pino.LoggerOptions), timestamp: () => ',"time":1796000000000' };
  const log = pino(options, sink).child({ worker: 2 }).child({}, { redact: [] });
  for (const fields of all) log.info(fields, 'access');
  return lines;
}

describe('accessLine', () => {
  it('is the line pino writes for the same fields, byte for byte, whatever a client put in them', () => {
    const cases: AccessFields[] = [
      base,
      { ...base, route: undefined, url: '/nope', status: 404, ip: undefined, ua: undefined },
      { ...base, userId: 42, ms: 0 },
      { ...base, operator: 'alice', status: 500, ms: 1234.5 },
      { ...base, ua: 'quote " backslash \\ slash / tab \t newline \n nul \u0000 bell \u0007' },
      { ...base, ua: 'ünïcödé 漢字 ✓ 🚀 \u2028 \u2029 \u007f', url: '/api/x?q=%22%5C' },
      { ...base, request_id: 'f3b1c2d4e5a6978812345678abcdef01', method: 'POST', ua: '' },
      { ...base, ua: 'x'.repeat(256) },
    ];
    const prefix = `{"level":30,"time":1796000000000,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())},"worker":2`;
    expect(cases.map((fields) => accessLine(prefix, fields))).toEqual(pinoLines(cases));
  });

  it("writes to the server's logger's destination what pino would, and leaves a logger it does not know to pino", () => {
    const ours = recorder();
    const theirs = recorder();
    const server = pino(loggerOptions('info') as pino.LoggerOptions, ours.sink).child({ api: 'admin' });
    const write = directWriter(server as FastifyBaseLogger);
    expect(write).toBeDefined();
    write!(base);
    pino(loggerOptions('info') as pino.LoggerOptions, theirs.sink)
      .child({ api: 'admin' })
      .info(base, 'access');
    const untimed = (line: string | undefined) => line?.replace(/"time":\d+/, '"time":0');
    expect(untimed(ours.lines[0])).toBe(untimed(theirs.lines[0]));

    const other = (options: pino.LoggerOptions) => directWriter(pino(options, recorder().sink) as FastifyBaseLogger);
    expect(other({ timestamp: pino.stdTimeFunctions.isoTime })).toBeUndefined();
    expect(other({ mixin: () => ({ extra: 1 }) })).toBeUndefined();
    expect(other({ messageKey: 'message' })).toBeUndefined();
    expect(other({ formatters: { log: (object) => object } })).toBeUndefined();
    expect(other({ nestedKey: 'payload' })).toBeUndefined();
  });
});
