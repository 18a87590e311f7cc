import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { pgArray } from '../../platform/db/pg-array.ts';
import { ledgerAccounts, ledgerJournals } from './ledger.table.ts';
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
  const [posted] = await postJournals(tx, [input]);
  return posted!;
}

/**
 * postJournal for an event that happens once but is asked for often (a practice account's opening, before every
 * practice order): a reference already posted is found without locking its accounts. postJournal locks them even
 * then, and a caller that must take other rows before the ledger's (an order's open stake) would hold ledger rows
 * first, in a cycle with a settlement that takes the same rows the other way round.
 */
export async function postJournalOnce(tx: Tx, input: JournalInput): Promise<PostedJournal> {
  const [posted] = await tx
    .select({ id: ledgerJournals.id })
    .from(ledgerJournals)
    .where(eq(ledgerJournals.reference, input.reference));
  if (posted) return { journalId: posted.id, created: false };
  return postJournal(tx, input);
}

/**
 * Posts many journals in a handful of statements, whatever their number: journals are inserted (a
 * reference already posted is skipped), every touched account is locked in one global order (user
 * accounts, then house accounts, each by code) so concurrent posters cannot deadlock, balances are
 * set from the locked values, and the entries are inserted with their running balances.
 */
export async function postJournals(tx: Tx, inputs: JournalInput[]): Promise<PostedJournal[]> {
  if (inputs.length === 0) return [];
  const prepared = inputs.map((input) => ({ input, deltas: checkedDeltas(input) }));

  // Every account a journal of the batch names, locked with the journals' insert in one round trip (a journal
  // already posted keeps its accounts locked to the end of the transaction for nothing: rare, and harmless).
  const codes = [...new Set(prepared.flatMap(({ deltas }) => [...deltas.keys()]))];
  await ensureAccounts(tx, codes);
  // One parameter per column whatever the batch size (see pgArray): settlement and copies post hundreds at once.
  const first = await tx.execute<{ journal: boolean; id: string; code: string; asset: string; balance: string }>(sql`
    WITH journals AS (
      INSERT INTO ledger_journals (reference, kind, memo)
      SELECT r, k, m::jsonb FROM unnest(${pgArray(prepared.map(({ input }) => input.reference))}::text[],
                                        ${pgArray(prepared.map(({ input }) => input.kind))}::text[],
                                        ${pgArray(prepared.map(({ input }) => JSON.stringify(input.memo ?? {})))}::text[]) AS v(r, k, m)
      ON CONFLICT (reference) DO NOTHING
      RETURNING id, reference),
    accounts AS (${lockAccountsQuery(codes)})
    SELECT true AS journal, id, reference AS code, NULL AS asset, NULL AS balance FROM journals
    UNION ALL
    SELECT false, id, code, asset, balance::text FROM accounts`);
  const createdIds = new Map(first.rows.filter((r) => r.journal).map((r) => [r.code, Number(r.id)]));
  const fresh = prepared.filter(({ input }) => createdIds.has(input.reference));

  if (fresh.length) {
    const found = first.rows.filter((r) => !r.journal).map(lockedAccount);
    // An account cached but not committed (its creation rolled back): created now, and every account locked again.
    const locked = found.length === codes.length ? found : await lockAccounts(tx, codes);
    const balances = new Map(locked.map((a) => [a.code, a.balance]));
    const byCode = new Map(locked.map((a) => [a.code, a]));
    const entries = [];
    for (const { input, deltas } of fresh) {
      const journalId = createdIds.get(input.reference)!;
      for (const code of [...deltas.keys()].sort(lockOrder)) {
        const amount = deltas.get(code)!;
        const balanceAfter = balances.get(code)! + amount;
        const account = byCode.get(code)!;
        // The CHECK guards the final balance; this guards every step within a batch as well.
        if (balanceAfter < 0n && !code.startsWith('house:')) throw new AppError('balance_insufficient');
        balances.set(code, balanceAfter);
        entries.push({ journalId, accountId: account.id, asset: account.asset, amount, balanceAfter });
      }
    }
    // The balances and the entries in one statement.
    try {
      await tx.execute(sql`
        WITH balances AS (
          UPDATE ledger_accounts a SET balance = v.balance
          FROM unnest(${pgArray(locked.map((a) => a.id))}::bigint[], ${pgArray(locked.map((a) => balances.get(a.code)!))}::bigint[]) AS v(id, balance)
          WHERE a.id = v.id)
        INSERT INTO ledger_entries (journal_id, account_id, asset, amount, balance_after)
        SELECT * FROM unnest(${pgArray(entries.map((e) => e.journalId))}::bigint[],
                             ${pgArray(entries.map((e) => e.accountId))}::bigint[],
                             ${pgArray(entries.map((e) => e.asset))}::text[],
                             ${pgArray(entries.map((e) => e.amount))}::bigint[],
                             ${pgArray(entries.map((e) => e.balanceAfter))}::bigint[])`);
    } catch (error) {
      if (isNonNegativeViolation(error)) throw new AppError('balance_insufficient');
      throw error;
    }
  }

  const missing = prepared.filter(({ input }) => !createdIds.has(input.reference)).map(({ input }) => input.reference);
  const existing = missing.length
    ? await tx
        .select({ id: ledgerJournals.id, reference: ledgerJournals.reference })
        .from(ledgerJournals)
        .where(inArray(ledgerJournals.reference, missing))
    : [];
  const existingIds = new Map(existing.map((r) => [r.reference, r.id]));
  return prepared.map(({ input }) =>
    createdIds.has(input.reference)
      ? { journalId: createdIds.get(input.reference)!, created: true }
      : { journalId: existingIds.get(input.reference)!, created: false },
  );
}

function checkedDeltas(input: JournalInput): Map<string, bigint> {
  const deltas = netDeltas(input.transfers);
  if (deltas.size < 2) throw new Error(`journal ${input.reference} moves no money between two accounts`);
  const assets = new Set([...deltas.keys()].map((code) => parseAccountCode(code).asset));
  if (assets.size !== 1) throw new Error(`journal ${input.reference} mixes assets; post one journal per asset`);
  return deltas;
}

/** The same order as the SQL below: user accounts before house accounts, then by code (C collation). */
const lockOrder = (a: string, b: string) =>
  Number(a.startsWith('house:')) - Number(b.startsWith('house:')) || (a < b ? -1 : a > b ? 1 : 0);

/** The accounts of these codes, each row locked, in lock order. */
const lockAccountsQuery = (codes: string[]) => sql`
  SELECT id, code, asset, balance FROM ledger_accounts
  WHERE code = ANY(${pgArray(codes)}::text[])
  ORDER BY (code LIKE 'house:%'), code COLLATE "C"
  FOR UPDATE`;

const lockedAccount = (r: { id: string; code: string; asset: string; balance: string }) => ({
  id: Number(r.id),
  code: r.code,
  asset: r.asset,
  balance: BigInt(r.balance),
});

async function lockAccounts(tx: Tx, codes: string[]) {
  for (let attempt = 0; ; attempt++) {
    const rows = await tx.execute<{ id: string; code: string; asset: string; balance: string }>(
      lockAccountsQuery(codes),
    );
    if (rows.rows.length === codes.length) return rows.rows.map(lockedAccount);
    if (attempt > 0) throw new Error('a ledger account cannot be created');
    const found = new Set(rows.rows.map((r) => r.code));
    const missing = codes.filter((c) => !found.has(c));
    // Past the cache: another flow of this process may have cached them again meanwhile, still uncommitted.
    for (const code of missing) knownAccounts.delete(code);
    await createAccounts(tx, missing);
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

/** Accounts are never deleted; this process remembers which ones it has already made sure of. */
const knownAccounts = new Set<string>();

/**
 * For a process that goes on against another database, whose accounts these are not: the server suites run one
 * database per test file, several files in one process.
 */
export function forgetKnownAccounts(): void {
  knownAccounts.clear();
}

/**
 * Creates missing accounts; codes are validated so a typo cannot open a stray account. The cache is a
 * shortcut only: a creation rolled back with its transaction is caught by lockAccounts' count check.
 */
export async function ensureAccounts(db: DbOrTx, all: string[]): Promise<void> {
  const unknown = all.filter((c) => !knownAccounts.has(c));
  if (unknown.length) await createAccounts(db, unknown);
}

/** Writes the accounts of these codes that do not exist yet; waits for a concurrent creator of the same code. */
async function createAccounts(db: DbOrTx, unknown: string[]): Promise<void> {
  // After a restart the cache is empty and a bulk posting (the daily accrual, a settlement batch) names thousands
  // of accounts that exist: one read finds them, and only the missing ones are written.
  const found =
    unknown.length > 1
      ? await db.execute<{ code: string }>(
          sql`SELECT code FROM ledger_accounts WHERE code = ANY(${pgArray(unknown)}::text[])`,
        )
      : { rows: [] };
  const existing = new Set(found.rows.map((r) => r.code));
  for (const code of existing) knownAccounts.add(code);
  // In lock order: concurrent creators of overlapping accounts (workers opening copies, each touching the same
  // new house shards) then wait for each other in one order instead of deadlocking.
  const codes = unknown.filter((c) => !existing.has(c)).sort(lockOrder);
  if (codes.length === 0) return;
  const rows = codes.map(parseAccountCode);
  await db.execute(sql`
    INSERT INTO ledger_accounts (code, user_id, asset, is_house)
    SELECT code, user_id, asset, user_id IS NULL
    FROM unnest(${pgArray(rows.map((r) => r.code))}::text[], ${pgArray(rows.map((r) => r.userId))}::bigint[],
                ${pgArray(rows.map((r) => r.asset))}::text[]) WITH ORDINALITY AS v(code, user_id, asset, n)
    ORDER BY n
    ON CONFLICT (code) DO NOTHING`);
  for (const code of codes) knownAccounts.add(code);
}

/**
 * One account's balance, its row locked until the transaction ends: for a change computed from the balance
 * (topping the practice balance back up to its start) that no concurrent journal may slip under.
 */
export async function lockedBalance(tx: Tx, code: string): Promise<bigint> {
  await ensureAccounts(tx, [code]);
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code))
    .for('update');
  return row!.balance;
}

/**
 * An account's balance as a scalar SQL expression (0 for an account not created yet), for a statement that reads
 * it beside other state in one round trip (an order batch reads its balances with its terms and keys); the ledger
 * alone still names its tables.
 */
export const balanceSql = (code: SQL) =>
  sql`coalesce((SELECT a.balance FROM ledger_accounts a WHERE a.code = ${code}), 0)`;

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

function isNonNegativeViolation(error: unknown): boolean {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  return cause?.code === '23514' && cause.constraint === 'ledger_accounts_non_negative';
}
