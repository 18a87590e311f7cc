import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { deviceName } from '../../platform/http/device-name.ts';
import { loginRecords } from './security.table.ts';

/** How many of the user's latest logins count as their known devices. */
export const NEW_DEVICE_LOOKBACK = 100;

export type KnownDevice = { device: string; lastAt: Date; signIns: number };

/** The user's latest logins and registrations: the ones a new login is compared with. */
export function latestSignIns(db: DbOrTx, userId: number) {
  return db
    .select({ userAgent: loginRecords.userAgent, createdAt: loginRecords.createdAt })
    .from(loginRecords)
    .where(eq(loginRecords.userId, userId))
    .orderBy(desc(loginRecords.id))
    .limit(NEW_DEVICE_LOOKBACK);
}

/**
 * The devices those sign-ins were on, by the name the device list shows (so an alert and the list agree on what a
 * device is), latest first. A client that names no browser (a script, an old record) is no known device.
 */
export function knownDevices(signIns: readonly { userAgent: string | null; createdAt: Date }[]): KnownDevice[] {
  const byName = new Map<string, KnownDevice>();
  for (const s of signIns) {
    const device = deviceName(s.userAgent);
    if (device === 'unknown') continue;
    const seen = byName.get(device);
    if (!seen) byName.set(device, { device, lastAt: s.createdAt, signIns: 1 });
    else {
      seen.signIns += 1;
      if (s.createdAt > seen.lastAt) seen.lastAt = s.createdAt;
    }
  }
  return [...byName.values()].sort((a, b) => b.lastAt.getTime() - a.lastAt.getTime());
}
