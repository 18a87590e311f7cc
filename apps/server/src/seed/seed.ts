import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { users, findUserByIdentifier } from '../modules/users/index.ts';
import { createInviteCode, findInviteByCode } from '../modules/invites/index.ts';
import { ensureAccounts, postJournal, HOUSE_PURPOSES, houseAccount, userAccount } from '../modules/ledger/index.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { contractTerms, products, DEFAULT_TERMS, PRODUCT_SEEDS } from '../modules/market/index.ts';
import { parseMoney } from '@app/contracts';
import { seedRechargeChannels } from '../modules/wallet/index.ts';
import { seedPlans } from '../modules/invest/index.ts';
import { seedContent } from '../modules/content/index.ts';
import { logTermsChanged } from '../modules/transparency/index.ts';
import { systemClock } from '../platform/time/clock.ts';

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
  await seedContent(db);
  if (options.demo) await seedDemoUser(db);
  return { firstInviteCode: options.firstInviteCode, firstInviteCreated: !existing };
}

async function seedDemoUser(db: Db) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
    let demo = await findUserByIdentifier(tx, DEMO_ACCOUNT);
    if (!demo) {
      const [row] = await tx
        .insert(users)
        .values({ account: DEMO_ACCOUNT, phone: DEMO_PHONE, passwordHash, inviteCode: 'DEMO2026' })
        .returning();
      await createInviteCode(tx, { ownerUserId: row!.id, createdBy: 'seed', code: 'DEMO2026' });
      demo = row!;
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

/** Products and their default terms; an operator's later changes are never overwritten. */
async function seedProducts(db: Db) {
  const rows = PRODUCT_SEEDS.map((p, i) => ({
    symbol: p.symbol,
    name: p.name,
    class: p.class,
    precision: p.precision,
    session: p.session,
    volatilityBp: p.volatilityBp,
    seedPrice: parseMoney(p.price, p.precision)!,
    hot: p.hot ?? false,
    sort: i,
  }));
  await db.insert(products).values(rows).onConflictDoNothing({ target: products.symbol });
  const all = await db.select({ id: products.id, symbol: products.symbol }).from(products);
  const terms = all.flatMap((p) => DEFAULT_TERMS.map((t) => ({ productId: p.id, ...t })));
  const symbols = new Map(all.map((p) => [p.id, p.symbol]));
  // The terms a database starts with are logged like a change, at the seeding: the terms history begins there.
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(contractTerms).values(terms).onConflictDoNothing().returning();
    await logTermsChanged(
      tx,
      inserted.map((t) => ({
        subject: 'contract_terms' as const,
        at: systemClock(),
        symbol: symbols.get(t.productId)!,
        seconds: t.seconds,
        terms: t,
      })),
    );
  });
}
