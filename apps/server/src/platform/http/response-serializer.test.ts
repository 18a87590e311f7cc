import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './response-serializer.ts';

const schema = z.object({
  id: z.number(),
  items: z.array(z.object({ amount: z.string() })),
  note: z.string().optional(),
});
const compile = (refuseDroppedFields: boolean) =>
  (
    responseSerializer({ refuseDroppedFields }) as (route: {
      schema: unknown;
      method: string;
      url: string;
    }) => (data: unknown) => string
  )({
    schema,
    method: 'GET',
    url: '/api/x',
  });

describe('the response serializer', () => {
  it('writes what the schema names', () => {
    expect(compile(true)({ id: 1, items: [{ amount: '1.00' }], note: undefined })).toBe(
      '{"id":1,"items":[{"amount":"1.00"}]}',
    );
  });

  it('in production drops a field the schema does not name', () => {
    expect(compile(false)({ id: 1, items: [{ amount: '1.00', hash: 'x' }], secret: 's' })).toBe(
      '{"id":1,"items":[{"amount":"1.00"}]}',
    );
  });

  it('outside production refuses such an answer and names the field, nested ones included', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => compile(true)({ id: 1, items: [{ amount: '1.00', hash: 'x' }] })).toThrow(
      'GET /api/x: the response schema drops items[0].hash',
    );
    error.mockRestore();
  });

  it('refuses an answer that does not match, in every mode', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => compile(false)({ id: '1', items: [] })).toThrow();
    error.mockRestore();
  });
});
