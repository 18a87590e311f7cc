import { describe, expect, it } from 'vitest';
import { feeAndReceived } from './fee.ts';

describe('feeAndReceived', () => {
  it('applies the percentage with its floor, like the server', () => {
    expect(feeAndReceived('300', '1.00', '1.00')).toEqual({ fee: '3.00', received: '297.00' });
    expect(feeAndReceived('50', '1.00', '1.00')).toEqual({ fee: '1.00', received: '49.00' });
    expect(feeAndReceived('100.01', '1.00', '1.00')).toEqual({ fee: '1.01', received: '99.00' });
    expect(feeAndReceived('x', '1.00', '1.00')).toBeNull();
  });
});
