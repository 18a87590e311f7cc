import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/platform/db/client.ts';
import { operatorApiTokens, operators } from '../src/modules/operators/operators.table.ts';

/**
 * The console's search everything on a seeded platform: one kind of query at a time, each request another key of
 * that kind drawn from the seeded rows (no answer is the one before it), as a finance operator (users.read and
 * money.review: every module's lookup runs on every request).
 */

const OPERATOR = 'bench-search';
const TOKEN = 'opk_bench_search_0123456789abcdefghijklmnop';

/** An API token of a finance operator on the seeded database, made once (a row, as the tests' operators are). */
export async function benchOperatorToken(db: Db): Promise<string> {
  await db
    .insert(operators)
    .values({ name: OPERATOR, role: 'finance', createdBy: 'bench', totpEnrolledAt: new Date() })
    .onConflictDoNothing();
  const [operator] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(sql`${operators.name} = ${OPERATOR}`);
  await db
    .insert(operatorApiTokens)
    .values({
      operatorId: operator!.id,
      label: 'bench:lists',
      role: 'finance',
      tokenHash: createHash('sha256').update(TOKEN).digest('hex'),
    })
    .onConflictDoNothing();
  return TOKEN;
}

type Samples = {
  users: { id: string; account: string; phone: string; invite_code: string }[];
  names: string[];
  cards: string[];
  addresses: string[];
  deposits: { id: string; reference_code: string }[];
  withdrawals: string[];
};

/** Up to `n` random keys of every kind, read from the seeded tables once. */
export async function searchSamples(db: Db, n = 500): Promise<Samples> {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute<T & Record<string, unknown>>(query)).rows;
  const column = async (query: ReturnType<typeof sql>) => (await rows<{ v: string }>(query)).map((r) => r.v);
  return {
    users: await rows(sql`SELECT id::text AS id, account, phone, invite_code FROM users
      WHERE invite_code LIKE 'BN%' ORDER BY random() LIMIT ${n}`),
    names: await column(sql`SELECT real_name AS v FROM kyc_submissions ORDER BY random() LIMIT ${n}`),
    cards: await column(sql`SELECT account AS v FROM payment_methods WHERE kind = 'bank' ORDER BY random() LIMIT ${n}`),
    addresses: await column(
      sql`SELECT account AS v FROM payment_methods WHERE kind = 'crypto' ORDER BY random() LIMIT ${n}`,
    ),
    deposits: await rows(sql`SELECT id::text AS id, reference_code FROM deposits WHERE class = 0
      ORDER BY random() LIMIT ${n}`),
    withdrawals: await column(sql`SELECT id::text AS v FROM withdrawals ORDER BY random() LIMIT ${n}`),
  };
}

const any = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const groups = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');
const letters = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** Each kind of query the box is given: its name, an example and a fresh query each call. */
export function searchKinds(s: Samples): Array<{ kind: string; example: string; next: () => string }> {
  const kinds: Array<{ kind: string; next: () => string }> = [
    { kind: 'user id', next: () => any(s.users).id },
    { kind: 'account, whole (other case)', next: () => any(s.users).account.toUpperCase() },
    { kind: 'account, its beginning (bench123)', next: () => any(s.users).account.slice(0, 8) },
    { kind: 'account, two letters (matches every user)', next: () => 'be' },
    { kind: 'phone, whole', next: () => any(s.users).phone },
    { kind: 'phone, in groups', next: () => groups(any(s.users).phone) },
    { kind: 'phone, its first 7 digits', next: () => any(s.users).phone.slice(0, 7) },
    { kind: 'invitation code (lower case)', next: () => any(s.users).invite_code.toLowerCase() },
    { kind: 'real name, whole', next: () => any(s.names) },
    { kind: 'real name, family name + 1 (thousands)', next: () => [...any(s.names)].slice(0, 2).join('') },
    { kind: 'card number, whole', next: () => any(s.cards) },
    { kind: 'card number, in groups', next: () => groups(any(s.cards)) },
    { kind: 'wallet address, whole (lower case)', next: () => any(s.addresses).toLowerCase() },
    { kind: 'wallet address, its first 10', next: () => any(s.addresses).slice(0, 10) },
    { kind: 'deposit reference, whole (lower case)', next: () => any(s.deposits).reference_code.toLowerCase() },
    { kind: 'deposit reference, "BD" (every deposit)', next: () => 'BD' },
    { kind: 'deposit id', next: () => any(s.deposits).id },
    { kind: 'withdrawal id', next: () => any(s.withdrawals) },
    { kind: 'nothing matches', next: letters },
    { kind: 'hostile (%_\\ and a quote)', next: () => `%_\\'${letters()}` },
  ];
  return kinds
    .filter(({ kind }) => !kind.startsWith('withdrawal') || s.withdrawals.length > 0)
    .map((k) => ({ ...k, example: k.next() }));
}
