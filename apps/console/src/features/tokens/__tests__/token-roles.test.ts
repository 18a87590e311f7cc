import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLES } from '@app/contracts';
import { tokenRolesFor } from '../lib/token-roles.ts';

describe('token roles', () => {
  it('offers tokens no wider than the operator’s role', () => {
    expect(tokenRolesFor('admin')).toEqual([...OPERATOR_ROLES]);
    expect(tokenRolesFor('finance')).toEqual(['finance']);
    expect(tokenRolesFor('support')).toEqual(['support']);
  });
});
