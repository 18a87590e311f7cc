import { describe, expect, it } from 'vitest';
import { bonusFor } from './bonus.ts';

describe('bonusFor', () => {
  it('rounds down like the server', () => {
    expect(bonusFor('1000', '1.00')).toBe('10.00');
    expect(bonusFor('123.45', '1.50')).toBe('1.85');
    expect(bonusFor('5', '0.00')).toBe('0.00');
    expect(bonusFor('abc', '1.00')).toBeNull();
  });
});
