import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { pushDeliveries, pushPreferences, pushSubscriptions } from './push.table.ts';

/** A closed account reaches no device: its subscriptions, choices and queued notifications go. */
export async function dropDevicesOnClosure(tx: Tx, userId: number): Promise<void> {
  await tx.delete(pushDeliveries).where(eq(pushDeliveries.userId, userId));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(pushPreferences).where(eq(pushPreferences.userId, userId));
}
