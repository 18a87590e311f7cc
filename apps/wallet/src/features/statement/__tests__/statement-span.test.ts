import { describe, expect, it } from 'vitest';
import { statementSpan } from '../lib/statement-span.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe("the statement's date range", () => {
  it('takes whole days in the reader’s zone across America/New_York’s spring forward and fall back', () => {
    // From Sunday 2026-03-08 (23 hours) to Sunday 2026-11-01 (25 hours): 00:00 EST to the next midnight, EST.
    expect(statementSpan('2026-03-08', '2026-11-01', 'America/New_York')).toEqual({
      from: at('2026-03-08T05:00:00Z'),
      to: at('2026-11-02T05:00:00Z'),
    });
    // The spring-forward day alone ends at 00:00 EDT, 23 hours after it began.
    expect(statementSpan('2026-03-08', '2026-03-08', 'America/New_York')).toEqual({
      from: at('2026-03-08T05:00:00Z'),
      to: at('2026-03-09T04:00:00Z'),
    });
  });

  it('leaves an empty date open', () => {
    expect(statementSpan('', '', 'Asia/Shanghai')).toEqual({ from: undefined, to: undefined });
    expect(statementSpan('2026-11-23', '', 'Asia/Shanghai')).toEqual({
      from: at('2026-11-22T16:00:00Z'),
      to: undefined,
    });
  });
});
