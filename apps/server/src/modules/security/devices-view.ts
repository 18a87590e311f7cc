import type { AdminUserDevices } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { searchAudit } from '../../platform/audit/audit.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { deviceName } from '../../platform/http/device-name.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { sessionHistoryOf } from '../auth/index.ts';
import { findUser } from '../users/index.ts';
import { NEW_DEVICE_LOOKBACK, knownDevices, latestSignIns } from './known-devices.ts';
import { sessionAgents } from './security.service.ts';

/**
 * A user's sessions and devices for customer service: which device and address each session was opened from, when
 * it was first and last used, whether it is live or how it ended, and which devices a new sign-in is compared with
 * (so an operator can tell a caller why an alert came, or did not). A token or its hash never leaves the auth module.
 */
export async function devicesForOperator(
  db: DbOrTx,
  userId: number,
  q: { page: number; size: number },
): Promise<AdminUserDevices> {
  if (!(await findUser(db, userId))) throw new AppError('user_not_found');
  const [{ rows, total }, signIns] = await Promise.all([
    sessionHistoryOf(db, userId, { limit: q.size, offset: (q.page - 1) * q.size }),
    latestSignIns(db, userId),
  ]);
  const signedOut = rows.filter((r) => r.ended === 'signed_out').map((r) => r.endedAt!);
  const [agents, byOperator] = await Promise.all([
    sessionAgents(
      db,
      userId,
      rows.map((r) => r.id),
    ),
    operatorSignOuts(db, userId, signedOut),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      device: deviceName(agents.get(r.id)),
      ip: r.ip,
      first_seen_at: seconds(r.createdAt),
      last_seen_at: seconds(r.lastSeenAt),
      state: r.ended ?? 'live',
      ended_at: seconds(r.endedAt),
      ended_by_operator: r.ended === 'signed_out' ? (byOperator.get(r.id) ?? null) : null,
    })),
    total,
    page: q.page,
    known_devices: knownDevices(signIns).map((d) => ({
      device: d.device,
      last_sign_in_at: seconds(d.lastAt),
      sign_ins: d.signIns,
    })),
    known_from_last: NEW_DEVICE_LOOKBACK,
  };
}

/**
 * Which sessions an operator's "Sign out everywhere" ended, by the session ids its audit entry lists. The entry is
 * written in the transaction that ends them, so it falls between the earliest and the latest end of the page's
 * signed-out sessions.
 */
async function operatorSignOuts(db: DbOrTx, userId: number, endedAt: readonly Date[]) {
  const byOperator = new Map<number, string>();
  if (endedAt.length === 0) return byOperator;
  const times = endedAt.map((d) => d.getTime() / 1000);
  const { rows } = await searchAudit(
    db,
    {
      action: 'user.sessions_revoke',
      target: `user:${userId}`,
      from: Math.floor(Math.min(...times)),
      to: Math.floor(Math.max(...times)) + 1,
    },
    // Each session on the page was ended by one entry at most; the window seldom holds any other.
    { limit: 1_000, offset: 0 },
  );
  for (const entry of rows) {
    const ended = entry.details.sessions;
    if (!Array.isArray(ended)) continue;
    for (const id of ended) if (typeof id === 'number' && !byOperator.has(id)) byOperator.set(id, entry.operator);
  }
  return byOperator;
}
