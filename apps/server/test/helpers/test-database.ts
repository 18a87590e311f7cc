import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type Database } from '../../src/platform/db/client.ts';
import { forgetKnownAccounts } from '../../src/modules/ledger/ledger.service.ts';
import { seed } from '../../src/seed/seed.ts';

export type TestDatabase = Database & { url: string; name: string; drop: () => Promise<void> };

/** A fresh, migrated and seeded database for one test file, dropped afterwards. */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = inject('pgServerUrl');
  const template = inject('templateDatabase');
  const ppid = template.split('_').pop();
  const name = `t_${ppid}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = '/' + name;
  const database = connect(url.toString(), 60);
  // Files share a worker process (vitest.config.ts, isolate off): the accounts the last file's database held are not
  // this one's.
  forgetKnownAccounts();
  if (options.seed !== false) await seed(database.db, { firstInviteCode: 'WELCOME', demo: true });
  return {
    ...database,
    url: url.toString(),
    name,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
