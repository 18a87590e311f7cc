import { afterAll, beforeAll, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { FrontAnswers } from './front-answers.ts';
import type { AccessFields } from './request-log.ts';
import { requestIdOptions } from './request-id.ts';
import type { PreparedBody } from './prepared-answer.ts';

/**
 * Behind a proxy (TRUST_PROXY=1) the access line of an answer given before routing names the address Fastify's
 * request.ip names for the same request: the first address the proxy forwards.
 */
let app: FastifyInstance;
let front: FrontAnswers;
let base: string;
const fronted: AccessFields[] = [];
const routed: Array<string | undefined> = [];
const body: PreparedBody = { bytes: Buffer.from('{"code":200}'), encoding: 'identity' };

beforeAll(async () => {
  front = new FrontAnswers({
    trustProxy: true,
    requestId: requestIdOptions.genReqId,
    headers: [],
    isPrivate: () => false,
  });
  front.reportTo({ access: (fields) => void fronted.push(fields) });
  app = Fastify({ trustProxy: true, serverFactory: front.serverFactory });
  app.get('/read', (request, reply) => {
    routed.push(request.ip);
    front.hold(request.url, '/read', () => body);
    return reply.type('application/json').send(body.bytes);
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => app?.close());

it('logs the address Fastify would name, through a proxy or without one', async () => {
  const asks: Array<Record<string, string>> = [
    {},
    { 'x-forwarded-for': '203.0.113.9' },
    { 'x-forwarded-for': '198.51.100.7, 10.0.0.2' },
  ];
  for (const [i, headers] of asks.entries()) {
    // A URL of its own each time: its first request is the route's.
    await fetch(`${base}/read?ask=${i}`, { headers });
    const served = front.served;
    await fetch(`${base}/read?ask=${i}`, { headers });
    expect(front.served).toBe(served + 1);
    expect(fronted.at(-1)!.ip).toBe(routed.at(-1));
  }
  expect(routed).toEqual(['127.0.0.1', '203.0.113.9', '198.51.100.7']);
});
