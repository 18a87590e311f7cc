import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { tableReferences } from './table-references.ts';

/** The scanner on a small tree of its own: what it must find, and what it must leave alone. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'table-owners-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

it("finds raw SQL and drizzle uses of another module's table, reads and writes apart", () => {
  const src = tree({
    'modules/users/users.table.ts': "export const users = pgTable('users', {});",
    'modules/users/index.ts': "export { users } from './users.table.ts';",
    'modules/wallet/wallet.table.ts': "export const deposits = pgTable('deposits', {});",
    'modules/wallet/own.ts': 'const q = sql`SELECT * FROM deposits`;',
    'modules/kyc/kyc.service.ts': [
      "import { users } from '../users/index.ts';",
      '// rows from users are not read here: a comment',
      'await tx.update(users).set({ x: 1 });',
      'const n = sql`SELECT count(*) FROM deposits d`;',
      "const word = 'money from deposits(';",
    ].join('\n'),
    'modules/kyc/kyc.table.ts':
      "import { users } from '../users/index.ts';\nexport const kyc = pgTable('kyc', { u: users.id });",
    'jobs/job.ts': 'await db.execute(sql`DELETE FROM kyc WHERE true`);',
    'modules/support/list.ts': 'const q = sql`SELECT s.* FROM support s LEFT JOIN "users" u ON u.id = s.user_id`;',
  });
  const { definitions, references } = tableReferences(src);
  expect(definitions.map((d) => `${d.owner}:${d.sqlName}`).sort()).toEqual([
    'modules/kyc:kyc',
    'modules/users:users',
    'modules/wallet:deposits',
  ]);
  const found = references.map((r) => `${r.unit} ${r.kind} ${r.table} ${r.via}`).sort();
  expect(found).toEqual([
    'jobs write kyc sql',
    'modules/kyc read deposits sql',
    'modules/kyc write users drizzle',
    'modules/support read users sql',
  ]);
});
