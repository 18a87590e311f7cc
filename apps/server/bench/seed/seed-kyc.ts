import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/platform/db/client.ts';
import { inBatches, lit, moveSequencePast, nextId } from './seed-batches.ts';
import type { SeedCounts } from './seed-counts.ts';
import { seededUsers } from './seed-users.ts';

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '高',
  '林',
  '欧阳',
];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀',
  '霞',
  '平',
];

/** The real name of seeded user n (from 0): a common family name and one or two given characters, so names repeat. */
export function benchRealName(n: number): string {
  const given = GIVEN[Math.floor(n / SURNAMES.length) % GIVEN.length]!;
  const second = n % 3 === 0 ? '' : GIVEN[Math.floor(n / 400) % GIVEN.length]!;
  return SURNAMES[n % SURNAMES.length]! + given + second;
}

/**
 * Approved real-name submissions, one per user from the first (benchRealName: family names repeat as they do, so a
 * family name alone matches thousands); the document is a placeholder (no key seals it: nobody reads it here).
 */
export async function seedRealNames(db: DbOrTx, counts: SeedCounts): Promise<void> {
  const users = await seededUsers(db);
  const first = await nextId(db, 'kyc_submissions');
  const array = (values: string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v}'`).join(',')}]`);
  const n = Math.min(counts.realNames, users.count);
  await inBatches(
    db,
    n,
    (lo, hi) => sql`
      INSERT INTO kyc_submissions (id, user_id, real_name, doc_type, doc_cipher, doc_hash, doc_masked, state,
        decided_by, decided_at, notified_at, created_at)
      SELECT ${lit(first)} + g, ${lit(users.first)} + g,
             (${array(SURNAMES)})[1 + g % ${lit(SURNAMES.length)}]
               || (${array(GIVEN)})[1 + (g / ${lit(SURNAMES.length)}) % ${lit(GIVEN.length)}]
               || CASE WHEN g % 3 = 0 THEN '' ELSE (${array(GIVEN)})[1 + (g / 400) % ${lit(GIVEN.length)}] END,
             'cn_id', '\\x00'::bytea, 'bench:' || g, '1101**********' || lpad((g % 10000)::text, 4, '0'),
             'approved', 'bench', now() - interval '20 days', now() - interval '20 days', now() - interval '21 days'
      FROM generate_series(${lit(lo)}, ${lit(hi - 1)}) g`,
  );
  await db.execute(sql`UPDATE users SET real_name_state = 'verified'
    WHERE id BETWEEN ${lit(users.first)} AND ${lit(users.first + n - 1)}`);
  await moveSequencePast(db, 'kyc_submissions');
}
