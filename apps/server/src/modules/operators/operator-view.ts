import type { Operator, OperatorRole } from '@app/contracts';
import type { operators } from './operators.table.ts';
import { seconds } from '../../platform/time/epoch.ts';

export type OperatorRow = typeof operators.$inferSelect;

export function operatorView(row: OperatorRow): Operator {
  return {
    id: row.id,
    name: row.name,
    role: row.role as OperatorRole,
    totp_enrolled: row.totpEnrolledAt !== null,
    disabled: row.disabledAt !== null,
    created_by: row.createdBy,
    created_at: seconds(row.createdAt),
    last_login_at: seconds(row.lastLoginAt),
  };
}
