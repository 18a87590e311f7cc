import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { createUser, findUserByIdentifier } from '../modules/users/index.ts';
import { createInviteCode, findInviteByCode } from '../modules/invites/index.ts';
import { ensureAccounts, postJournal, HOUSE_PURPOSES, houseAccount, userAccount } from '../modules/ledger/index.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { seedProducts } from '../modules/market/index.ts';
import { seedRechargeChannels } from '../modules/wallet/index.ts';
import { seedFlexible, seedPlans } from '../modules/invest/index.ts';
import { seedContent } from '../modules/content/index.ts';
import { XACT_LOCKS } from '../platform/db/advisory-locks.ts';

export const DEMO_ACCOUNT = 'demo';
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_PHONE = '10000000000';
/** 10,000.00 U, given to the demo user as a system gift (recharge class 1). */
export const DEMO_GIFT = 1_000_000n;

export type SeedResult = { firstInviteCode: string; firstInviteCreated: boolean };

/** Idempotent: every start runs it, and only what is missing is written. */
export async function seed(db: Db, options: { firstInviteCode: string; demo: boolean }): Promise<SeedResult> {
  await ensureAccounts(
    db,
    HOUSE_PURPOSES.map((p) => houseAccount(p)),
  );

  const existing = await findInviteByCode(db, options.firstInviteCode);
  if (!existing) await createInviteCode(db, { ownerUserId: null, createdBy: 'seed', code: options.firstInviteCode });

  await seedProducts(db);
  await seedRechargeChannels(db, { demo: options.demo });
  await seedPlans(db);
  await seedFlexible(db);
  await seedContent(db);
  if (options.demo) await seedDemoUser(db);
  return { firstInviteCode: options.firstInviteCode, firstInviteCreated: !existing };
}

async function seedDemoUser(db: Db) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${XACT_LOCKS.seed})`);
    let demo = await findUserByIdentifier(tx, DEMO_ACCOUNT);
    if (!demo) {
      demo = await createUser(tx, { account: DEMO_ACCOUNT, phone: DEMO_PHONE, passwordHash, inviteCode: 'DEMO2026' });
      await createInviteCode(tx, { ownerUserId: demo.id, createdBy: 'seed', code: 'DEMO2026' });
    }
    await ensureAccounts(tx, [userAccount(demo.id, 'available'), userAccount(demo.id, 'frozen')]);
    await postJournal(tx, {
      reference: 'seed:demo:gift',
      kind: 'system_gift',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(demo.id, 'available'), amount: DEMO_GIFT }],
      memo: { note: 'demo balance' },
    });
  });
}
