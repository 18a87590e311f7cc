import { describe, expect, it } from 'vitest';
import { uniqueViolation } from './unique-violation.ts';

describe('uniqueViolation', () => {
  it('names the constraint of a 23505, on the error or in the causes it wraps', () => {
    const driver = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'users_phone_key' });
    expect(uniqueViolation(driver)).toBe('users_phone_key');
    expect(uniqueViolation(new Error('Failed query', { cause: driver }))).toBe('users_phone_key');
    expect(uniqueViolation(new Error('outer', { cause: new Error('Failed query', { cause: driver }) }))).toBe(
      'users_phone_key',
    );
  });

  it("says '' for a 23505 that names no constraint, and null for anything else", () => {
    expect(uniqueViolation({ code: '23505' })).toBe('');
    expect(uniqueViolation(Object.assign(new Error('x'), { code: '23503', constraint: 'fk' }))).toBeNull();
    expect(uniqueViolation(new Error('plain'))).toBeNull();
    expect(uniqueViolation(null)).toBeNull();
    expect(uniqueViolation('23505')).toBeNull();
  });
});
