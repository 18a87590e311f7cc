import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { e2eDir } from './paths.ts';

/** Set E2E_SCREENSHOTS=1 to have the specs save their screens under e2e/screenshots/. */
const wanted = !['', '0', 'false'].includes(process.env.E2E_SCREENSHOTS ?? '');

/**
 * Saves a screen for a person to look at (e2e/screenshots/<file>), only when E2E_SCREENSHOTS is set: no test
 * reads these files, so a run nobody looks at (CI) spends no time taking them. The checks beside each call (nothing
 * wider than the screen, axe, the texts) run either way.
 */
export async function keepScreenshot(target: Page | Locator, file: string, options: { fullPage?: boolean } = {}) {
  if (!wanted) return;
  const where = path.join(e2eDir, 'screenshots', file);
  if ('goto' in target) await target.screenshot({ path: where, ...options });
  else await target.screenshot({ path: where });
}
