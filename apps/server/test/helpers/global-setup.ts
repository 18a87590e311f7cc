import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/platform/db/embedded.ts';
import { connect } from '../../src/platform/db/client.ts';
import { applyMigrations } from '../../src/platform/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A maintenance URL of the server the tests use; each test file clones the template from it. */
    pgServerUrl: string;
    templateDatabase: string;
    pgMode: 'embedded' | 'external';
  }
}

/**
 * One PostgreSQL for the whole run: the embedded one by default, or TEST_DATABASE_URL's server. A
 * migrated template database is built once; every test file gets a fresh copy of it.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let serverUrl: string;
  if (external) {
    serverUrl = external;
  } else {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'app-test-pg-'));
    embedded = await startEmbeddedPostgres(dataDir);
    serverUrl = embedded.url;
  }
  const template = `app_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const database = connect(withDatabase(serverUrl, template), 2);
  await applyMigrations(database.pool, database.db);
  await database.close();

  project.provide('pgServerUrl', withDatabase(serverUrl, 'postgres'));
  project.provide('templateDatabase', template);
  project.provide('pgMode', external ? 'external' : 'embedded');
  console.log(`[tests] PostgreSQL: ${external ? 'external (TEST_DATABASE_URL)' : 'embedded'}`);

  return async () => {
    // Test files drop their own databases; clear leftovers from a failed run too.
    const leftovers = await admin.query(
      `SELECT datname FROM pg_database WHERE datname LIKE 't\\_${process.pid}\\_%' OR datname = $1`,
      [template],
    );
    for (const row of leftovers.rows)
      await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await embedded?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = '/' + database;
  return u.toString();
}
