import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** axe-core's own bundle, the same one AxeBuilder injects, read once per worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Waits until the page is still enough to judge: nothing marked busy (skeletons, loading lists), the fonts in,
 * and every finite animation or transition finished (a dialog fading in has, for a moment, too little contrast).
 * Running spinners and shimmer loops are infinite and never finish, so they are not waited for.
 */
export async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * The serious and critical axe violations (WCAG 2.1 A and AA, and best practice) of the page as it stands once
 * settled, one line each: "rule: the selectors of its nodes". `exclude` leaves out regions axe cannot judge
 * fairly (the hidden data tables that stand in for a chart's canvas).
 *
 * axe-core is put into a document once and run there again for each later screen of the same document. AxeBuilder
 * injects its whole bundle at every call and finishes each run in a blank page of its own: about 0.8 s a screen on
 * this machine against 0.1 s, over the hundreds of screens the journeys and sweeps check. A page with a frame still
 * goes through AxeBuilder, which reaches into frames.
 */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  await settled(page);
  const framed = await page.evaluate(() => document.querySelector('iframe') !== null);
  // A page found at fault is settled and scanned again, and only what the second scan finds counts: an answer that
  // lands just after the page looked still starts a transition (a button enabled, fading in its colour) that the
  // first scan can measure halfway. A real fault is in both scans.
  let found = await scan(page, exclude, framed);
  if (found.length) {
    await settled(page);
    found = await scan(page, exclude, framed);
  }
  return found;
}

async function scan(page: Page, exclude: string[], framed: boolean): Promise<string[]> {
  let results: AxeResults;
  if (framed) {
    let builder = new AxeBuilder({ page }).withTags(TAGS);
    for (const selector of exclude) builder = builder.exclude(selector);
    results = await builder.analyze();
  } else {
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    results = await page.evaluate(
      ([tags, excluded]) => {
        const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
        return axe.run({ exclude: excluded.map((selector) => [selector]) }, { runOnly: { type: 'tag', values: tags } });
      },
      [TAGS, exclude] as const,
    );
  }
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The chart canvases carry their own role="img" label; what lightweight-charts draws inside is not text. */
export const CHART_TABLES = ['[data-testid="kline-chart"] table', '[data-testid="line-chart"] table'];
