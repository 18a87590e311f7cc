import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from './ledger.table.ts';
import { parseAccountCode } from './account-codes.ts';

/** Money moves `amount` minor units of `asset` from one account to another. */
export type Transfer = { from: string; to: string; amount: bigint };

export type JournalInput = {
  /** Unique per business event (e.g. `order:123:open`): posting the same reference twice is a no-op. */
  reference: string;
  kind: string;
  transfers: Transfer[];
  memo?: Record<string, unknown>;
};

export type PostedJournal = { journalId: number; created: boolean };

/**
 * The only code that changes a balance. Call it inside the transaction that writes the business row,
 * so both commit or neither does. A user account that would go negative makes the database refuse
 * the whole transaction; that surfaces as `balance_insufficient`.
 */
export async function postJournal(tx: Tx, input: JournalInput): Promise<PostedJournal> {
  const deltas = netDeltas(input.transfers);
  if (deltas.size < 2) throw new Error(`journal ${input.reference} moves no money between two accounts`);
  const assets = new Set<string>();
  for (const code of deltas.keys()) assets.add(parseAccountCode(code).asset);
  if (assets.size !== 1) throw new Error(`journal ${input.reference} mixes assets; post one journal per asset`);
  const [asset] = assets;

  const inserted = await tx
    .insert(ledgerJournals)
    .values({ reference: input.reference, kind: input.kind, memo: input.memo ?? {} })
    .onConflictDoNothing({ target: ledgerJournals.reference })
    .returning({ id: ledgerJournals.id });
  if (inserted.length === 0) {
    const [existing] = await tx
      .select({ id: ledgerJournals.id })
      .from(ledgerJournals)
      .where(eq(ledgerJournals.reference, input.reference));
    return { journalId: existing!.id, created: false };
  }
  const journalId = inserted[0]!.id;

  await ensureAccounts(tx, [...deltas.keys()]);
  // One lock order for every journal keeps two of them touching the same accounts from deadlocking;
  // house accounts come last so their row locks are held for the shortest time.
  const entries = [];
  for (const code of [...deltas.keys()].sort(lockOrder)) {
    const amount = deltas.get(code)!;
    const updated = await applyDelta(tx, code, amount);
    entries.push({ journalId, accountId: updated.id, asset: asset!, amount, balanceAfter: updated.balance });
  }
  await tx.insert(ledgerEntries).values(entries);
  return { journalId, created: true };
}

async function applyDelta(tx: Tx, code: string, amount: bigint) {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${amount}` })
        .where(eq(ledgerAccounts.code, code))
        .returning({ id: ledgerAccounts.id, balance: ledgerAccounts.balance });
      if (row) return row;
    } catch (error) {
      if (isNonNegativeViolation(error)) throw new AppError('balance_insufficient');
      throw error;
    }
    // The account cache said it existed (its creation may have been rolled back): create it now.
    if (attempt > 0) throw new Error(`ledger account ${code} cannot be created`);
    knownAccounts.delete(code);
    await ensureAccounts(tx, [code]);
  }
}

function netDeltas(transfers: Transfer[]): Map<string, bigint> {
  const deltas = new Map<string, bigint>();
  for (const t of transfers) {
    if (t.amount <= 0n) throw new Error('a transfer moves a positive amount');
    if (t.from === t.to) throw new Error('a transfer needs two different accounts');
    deltas.set(t.from, (deltas.get(t.from) ?? 0n) - t.amount);
    deltas.set(t.to, (deltas.get(t.to) ?? 0n) + t.amount);
  }
  for (const [code, amount] of deltas) if (amount === 0n) deltas.delete(code);
  return deltas;
}

const lockOrder = (a: string, b: string) => Number(a.startsWith('house:')) - Number(b.startsWith('house:')) || (a < b ? -1 : a > b ? 1 : 0);

/** Accounts are never deleted, so once seen to exist they need no further insert. */
const knownAccounts = new Set<string>();

/** Creates missing accounts; codes are validated so a typo cannot open a stray account. */
export async function ensureAccounts(db: DbOrTx, all: string[]): Promise<void> {
  const codes = all.filter((c) => !knownAccounts.has(c));
  if (codes.length === 0) return;
  const rows = codes.map((code) => {
    const parsed = parseAccountCode(code);
    return { code, asset: parsed.asset, userId: parsed.userId, isHouse: parsed.userId === null };
  });
  await db.insert(ledgerAccounts).values(rows).onConflictDoNothing({ target: ledgerAccounts.code });
  // A creation rolled back with its transaction leaves a stale entry; applyDelta repairs that.
  for (const code of codes) knownAccounts.add(code);
}

export async function balancesOf(db: DbOrTx, codes: string[]): Promise<Map<string, bigint>> {
  const found = codes.length
    ? await db
        .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.code, codes))
    : [];
  const result = new Map(codes.map((c) => [c, 0n]));
  for (const row of found) result.set(row.code, row.balance);
  return result;
}

export async function userAccountsOf(db: DbOrTx, userId: number) {
  return db
    .select({ code: ledgerAccounts.code, asset: ledgerAccounts.asset, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.isHouse, false)));
}

function isNonNegativeViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  return cause?.code === '23514' && cause.constraint === 'ledger_accounts_non_negative';
}
