import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * During a rolling upgrade the previous release runs against the schema the first upgraded node migrated
 * (docs/running-several-nodes.md, "Upgrades and migrations"), so a migration only expands: it adds tables, nullable
 * or defaulted columns and indexes. What the previous release still reads or writes is removed or narrowed only a
 * release after that code stopped using it, and such a statement says so on the line before it:
 * `-- contract: <what stopped using it, and in which release>`. Anything else that drops, renames, retypes or
 * tightens fails here.
 */
const drizzleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const NARROWING =
  /\b(DROP\s+(TABLE|COLUMN)|RENAME\s+(COLUMN|TO)|ALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE|SET\s+NOT\s+NULL)\b/i;
/**
 * Before the rule: 0017 added, filled and tightened support_messages.conversation_id at once, so the release before
 * it (which writes messages without one) could not run beside it: that upgrade needed every node stopped first.
 */
const BEFORE_THE_RULE = new Set(['0017_console_queues_and_search.sql']);

it('migrations only expand, or say why the previous release no longer needs what they narrow', () => {
  const faults: string[] = [];
  const files = fs.readdirSync(drizzleDir).filter((f) => f.endsWith('.sql'));
  expect(files.length).toBeGreaterThan(30);
  for (const file of files) {
    if (BEFORE_THE_RULE.has(file)) continue;
    const lines = fs.readFileSync(path.join(drizzleDir, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (line.trim().startsWith('--') || !NARROWING.test(line)) return;
      if (!/^\s*--\s*contract:\s*\S/.test(lines[i - 1] ?? '')) faults.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  expect(faults).toEqual([]);
});

it('catches the statements that break the previous release', () => {
  for (const statement of [
    'ALTER TABLE "users" DROP COLUMN "phone";',
    'ALTER TABLE "users" RENAME COLUMN "phone" TO "mobile";',
    'ALTER TABLE "orders" ALTER COLUMN "amount" SET DATA TYPE numeric;',
    'ALTER TABLE "orders" ALTER COLUMN "amount" TYPE bigint;',
    'ALTER TABLE "orders" ALTER COLUMN "note" SET NOT NULL;',
    'DROP TABLE "old_things";',
  ])
    expect(NARROWING.test(statement), statement).toBe(true);
  for (const statement of [
    'ALTER TABLE "users" ADD COLUMN "nickname" text;',
    'CREATE INDEX "orders_user_idx" ON "orders" ("user_id");',
    'ALTER TABLE "orders" ALTER COLUMN "note" DROP NOT NULL;',
  ])
    expect(NARROWING.test(statement), statement).toBe(false);
});
