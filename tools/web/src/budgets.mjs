import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './web-paths.mjs';

/** The size budgets (tools/web/budgets.json): per route and per remoteEntry, in gzip bytes. */
export const budgets = JSON.parse(readFileSync(path.join(repoRoot, 'tools/web/budgets.json'), 'utf8'));
