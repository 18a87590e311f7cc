import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Lint keeps other modules from importing the ledger's tables; this keeps them from naming them in raw SQL. */

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

it('only the ledger module names the ledger tables in SQL', () => {
  const naming = files(src)
    .map((file) => path.relative(src, file))
    .filter((file) => !file.startsWith('modules/ledger/'))
    .filter((file) => /\bledger_(accounts|entries|journals)\b/.test(readFileSync(path.join(src, file), 'utf8')));
  expect(naming).toEqual([]);
});
