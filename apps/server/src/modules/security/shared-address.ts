import { BlockList, isIP } from 'node:net';
import { and, eq, gte, inArray, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { loginRecords } from './security.table.ts';

/**
 * Addresses many people share by design: private networks (the server then sees a proxy, not the user), loopback,
 * link-local and carrier-grade NAT (a mobile operator puts thousands of phones behind one). Two accounts signing in
 * from one of these say nothing about one person being behind both.
 */
const SHARED_BY_DESIGN = new BlockList();
for (const [net, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const)
  SHARED_BY_DESIGN.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  SHARED_BY_DESIGN.addSubnet(net, prefix, 'ipv6');

/** Whether an address points at one household or device rather than at a crowd. */
export function isPersonalAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  const v4Mapped = family === 6 && ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : null;
  if (v4Mapped && isIP(v4Mapped) === 4) return !SHARED_BY_DESIGN.check(v4Mapped, 'ipv4');
  return !SHARED_BY_DESIGN.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

const OWN_ADDRESSES = 20;
const OTHERS_SEEN = 50;

/**
 * The other accounts that signed in since `since` from a personal address this user signed in from in that time:
 * one person behind several accounts. Reads the addresses by login_records' (ip, created_at) index.
 */
export async function accountsSharingAddresses(tx: DbOrTx, userId: number, since: Date) {
  const own = await tx
    .selectDistinct({ ip: loginRecords.ip })
    .from(loginRecords)
    .where(and(eq(loginRecords.userId, userId), gte(loginRecords.createdAt, since), isNotNull(loginRecords.ip)))
    .limit(OWN_ADDRESSES);
  const addresses = own.map((r) => r.ip!).filter(isPersonalAddress);
  if (addresses.length === 0) return { addresses, others: [] as number[] };
  const others = await tx
    .selectDistinct({ userId: loginRecords.userId })
    .from(loginRecords)
    .where(
      and(inArray(loginRecords.ip, addresses), gte(loginRecords.createdAt, since), ne(loginRecords.userId, userId)),
    )
    .limit(OTHERS_SEEN);
  return { addresses, others: others.map((o) => o.userId) };
}
