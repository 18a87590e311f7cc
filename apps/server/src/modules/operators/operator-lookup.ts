import { and, eq, isNull } from 'drizzle-orm';
import { roleAllows, type OperatorRole, type Permission } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { operators } from './operators.table.ts';

/** Whether an enabled operator of that name holds the permission (to hand work to them, e.g. a conversation). */
export async function operatorMay(db: DbOrTx, name: string, permission: Permission): Promise<boolean> {
  const [row] = await db
    .select({ role: operators.role })
    .from(operators)
    .where(and(eq(operators.name, name), isNull(operators.disabledAt)));
  return row ? roleAllows(row.role as OperatorRole, permission) : false;
}
