import { createHash } from 'node:crypto';
import type { OperatorRole } from '@app/contracts';
import type { Db } from '../../src/platform/db/client.ts';
import { operatorApiTokens, operators } from '../../src/modules/operators/operators.table.ts';

/**
 * The operators every in-process test database has, each with an API token of their full role. Two admins
 * and two finance reviewers, so that four-eyes checks have a maker and a different checker. They are rows,
 * not the sign-in flow (operators.test.ts walks that end to end, authenticator included).
 */
export const TEST_OPERATORS = {
  alice: 'admin',
  bob: 'admin',
  fay: 'finance',
  finn: 'finance',
  sam: 'support',
  cole: 'content',
} as const satisfies Record<string, OperatorRole>;
export type TestOperator = keyof typeof TEST_OPERATORS;

export const testOperatorToken = (name: TestOperator) => `opk_test_${name}_0123456789abcdefghij`;

/** The headers of a call to the operator API as that operator. */
export const operatorHeaders = (name: TestOperator) => ({ authorization: `Bearer ${testOperatorToken(name)}` });

export async function seedTestOperators(db: Db) {
  for (const [name, role] of Object.entries(TEST_OPERATORS) as [TestOperator, OperatorRole][]) {
    const [row] = await db
      .insert(operators)
      .values({ name, role, createdBy: 'test-setup', totpEnrolledAt: new Date() })
      .returning({ id: operators.id });
    await db.insert(operatorApiTokens).values({
      operatorId: row!.id,
      label: 'tests',
      role,
      tokenHash: createHash('sha256').update(testOperatorToken(name)).digest('hex'),
    });
  }
}
