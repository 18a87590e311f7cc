import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { priceAlerts } from './alerts.table.ts';

/** A closed account is told of no price: its alerts go. */
export async function dropAlertsOnClosure(tx: Tx, userId: number): Promise<void> {
  await tx.delete(priceAlerts).where(eq(priceAlerts.userId, userId));
}
