#!/usr/bin/env node
/**
 * bench:web — what a phone gets from a production build served by the real server:
 * - each remoteEntry.js (gzip and brotli, as served);
 * - first-load JavaScript per route, cold cache, 390x844, in Chromium: files, raw bytes, gzip -9 bytes (the unit
 *   of the size budgets) and the bytes that actually crossed the wire (brotli, with the server's headers);
 * - Lighthouse mobile (simulated slow 4G, the CPU slowed 4x unless told otherwise), median of 3 runs, for Home,
 *   Login, the product page (the trade page with its chart, logged in) and the Project list: performance score,
 *   FCP, LCP, TBT, CLS, Speed Index;
 * - INP in a scripted flow on the trade page with the CPU slowed as much: tap Buy rise, change the period in the
 *   sheet, close it, change the chart period; the slowest interaction is the figure.
 * - live prices on screen (Home and the product page, after their load, the CPU slowed as much): the main thread's
 *   busy time per second and its long tasks, what a page that only sits there costs a phone;
 * Figures are printed, never asserted (the size budgets are asserted by e2e/specs/budgets.spec.ts).
 * Options: --cpu <factor> or BENCH_CPU (CPU slowdown, default 4; 10 is a low-end phone), --runs <n> or BENCH_RUNS
 * (Lighthouse runs per route, default 3), --routes Home,Login (only these Lighthouse routes, and no INP flow),
 * --web-dir <dir> (measure that build instead of making one), --trace-dir <dir> (keep each Lighthouse run's trace
 * there, to open in DevTools' Performance panel, and its report), --throttling devtools (Chromium itself slows the
 * page's CPU and network while Lighthouse watches, instead of Lighthouse simulating the slowdown from an
 * unthrottled load), CHROME_PATH (default /usr/bin/chromium).
 * Beside Lighthouse's figures: the main thread's CPU time in long tasks and in all (trace-cpu.mjs), which a
 * loaded host inflates far less than TBT.
 * The server, its database and Lighthouse itself run at a low CPU priority (cpu-priority.mjs): a phone does not
 * share its CPU with them, and simulated throttling multiplies whatever stretches the page's tasks.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROME, CHROME_FLAGS as FLAGS } from './chromium.mjs';
import * as chromeLauncher from 'chrome-launcher';
import { registerUser, startLocalServer } from './local-server.mjs';
import { budgets } from './budgets.mjs';
import { lowerCpuPriority } from './cpu-priority.mjs';
import { mainThreadCpu } from './trace-cpu.mjs';
import { repoRoot } from './web-paths.mjs';

const { values: options } = parseArgs({
  // `pnpm bench:web -- --cpu 10` hands the separator on.
  args: process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--')),
  options: {
    cpu: { type: 'string', default: process.env.BENCH_CPU || '4' },
    runs: { type: 'string', default: process.env.BENCH_RUNS || '3' },
    routes: { type: 'string' },
    'web-dir': { type: 'string' },
    'trace-dir': { type: 'string' },
    throttling: { type: 'string', default: 'simulate' },
  },
});
const CPU = Number(options.cpu);
if (!['simulate', 'devtools'].includes(options.throttling)) throw new Error('--throttling takes simulate or devtools');
const APPLIED = options.throttling === 'devtools';
/**
 * Simulated (Lighthouse's default) multiplies each task's observed time by the CPU factor, so work React splits into
 * 5 ms slices counts as 50 ms tasks at 10x; applied (devtools) slows the page for real, and the slices stay short
 * as they would on a slow phone. Either way merged into the mobile preset's slow 4G (which holds the request
 * latency and throughput devtools applies per request).
 */
const THROTTLING = {
  throttlingMethod: /** @type {'simulate' | 'devtools'} */ (options.throttling),
  throttling: { cpuSlowdownMultiplier: CPU },
};
/** Applied throttling already slowed the trace's tasks: their CPU time counts as it is. */
const TRACE_FACTOR = APPLIED ? 1 : CPU;
const RUNS = Number(options.runs);
if (!(CPU >= 1) || !(RUNS >= 1)) throw new Error('--cpu and --runs take a number of at least 1');
/** The product page is the trade page with a symbol and its chart (budgets.json's `Trade`), logged in. */
const ALL_LIGHTHOUSE_ROUTES = ['Home', 'Login', 'Trade', 'Project'];
const LIGHTHOUSE_ROUTES = options.routes ? options.routes.split(',') : ALL_LIGHTHOUSE_ROUTES;
for (const name of LIGHTHOUSE_ROUTES)
  if (!budgets.routes.some((r) => r.name === name)) throw new Error(`--routes: no route named ${name} in budgets.json`);

const kb = (bytes) => (bytes / 1024).toFixed(1);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const brotli = (buffer) => brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

function build(webDir) {
  const started = Date.now();
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'tools/web/src/cli.mjs'), 'build'], {
    cwd: repoRoot,
    env: { ...process.env, WEB_DIR: webDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) throw new Error('production build failed');
  return (Date.now() - started) / 1000;
}

const fileOf = (webDir, urlPath) => {
  const rel = urlPath.replace(/^\/h5\//, '');
  return rel.startsWith('remotes/') ? path.join(webDir, rel) : path.join(webDir, 'shell', rel);
};

/** Every script the page fetched until the network was idle: as files of the build, and as served. */
async function firstLoadJs(browser, base, webDir, route, token) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  // Scripts the page ran, and the bytes each crossed the wire with: a remote's files arrive through the boot
  // script's fetch (into the HTTP cache) and then run from the cache, so both kinds of request count.
  const scripts = new Set();
  const wireBytes = new Map();
  page.on('requestfinished', async (request) => {
    const urlPath = new URL(request.url()).pathname;
    if (!/\.js$/.test(urlPath)) return;
    if (request.resourceType() === 'script') scripts.add(urlPath);
    const sizes = await request.sizes().catch(() => null);
    if (sizes) wireBytes.set(urlPath, Math.max(wireBytes.get(urlPath) ?? 0, sizes.responseBodySize));
  });
  await page.goto(`${base}/h5/#${route}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  await context.close();
  let raw = 0;
  let gzip = 0;
  let wire = 0;
  for (const urlPath of scripts) {
    const content = readFileSync(fileOf(webDir, urlPath));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
    wire += wireBytes.get(urlPath) ?? 0;
  }
  return { files: scripts.size, raw, gzip, wire };
}

/** Runs Lighthouse on `url` in a child process at the harness's priority (lighthouse-load.mjs): its report and trace. */
async function lighthouseLoad(url, flags) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  try {
    const request = path.join(dir, 'request.json');
    const result = path.join(dir, 'result.json');
    writeFileSync(request, JSON.stringify({ url, flags }));
    const script = path.join(repoRoot, 'tools/web/src/lighthouse-load.mjs');
    // In a session of its own, whose priority is lowered whole (cpu-priority.mjs).
    const child = spawn(process.execPath, [script, request, result], {
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    lowerCpuPriority(/** @type {number} */ (child.pid));
    const code = await new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`lighthouse on ${url} exited with ${code}`);
    return JSON.parse(readFileSync(result, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A fresh Chrome per run (cold cache); a session token, if any, is put into localStorage first. */
async function lighthouseRun(base, route, token) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  try {
    if (token) {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await cdp.contexts()[0].newPage();
      // A same-origin page that loads no asset, so the cache stays cold for the measured load.
      await page.goto(`${base}/api/health`);
      await page.evaluate((t) => localStorage.setItem('token', t), token);
      await page.close();
      await cdp.close();
    }
    const { lhr, trace } = await lighthouseLoad(`${base}/h5/#${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: Boolean(token),
      ...THROTTLING,
    });
    const { categories, audits } = lhr;
    const value = (id) => audits[id]?.numericValue;
    // Beside TBT (wall time): the main thread's own CPU time in the same trace, which a loaded host inflates far less.
    if (trace && options['trace-dir']) {
      mkdirSync(options['trace-dir'], { recursive: true });
      const file = `${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${Date.now()}.json`;
      writeFileSync(path.join(options['trace-dir'], file), JSON.stringify(trace));
      // The report beside it: its long-tasks audit lists the simulated tasks TBT summed, with their scripts.
      writeFileSync(path.join(options['trace-dir'], file.replace(/\.json$/, '.report.json')), JSON.stringify(lhr));
    }
    /** @type {ReturnType<typeof mainThreadCpu> | null} */
    let cpu = null;
    try {
      cpu = trace ? mainThreadCpu(trace, TRACE_FACTOR) : null;
    } catch (error) {
      console.error(`  (no CPU figures for ${route}: ${error instanceof Error ? error.message : error})`);
    }
    return {
      score: categories.performance.score === null ? NaN : Math.round(categories.performance.score * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      si: value('speed-index'),
      cpuBlocking: cpu ? cpu.blockingCpuMs : NaN,
      cpuLongest: cpu ? cpu.longestCpuMs : NaN,
      cpuTotal: cpu ? cpu.mainThreadCpuMs : NaN,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      error: lhr.runtimeError?.code ?? (categories.performance.score === null ? metricError(audits) : undefined),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Why a run has no score although it loaded: the first of its metrics that Lighthouse could not compute (at 10x
 * with live prices, the page may never sit idle long enough for an interactive time), by the code in its message.
 */
function metricError(audits) {
  const ids = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'speed-index',
    'interactive',
    'total-blocking-time',
  ];
  const failed = ids.find((id) => audits[id]?.scoreDisplayMode === 'error');
  if (!failed) return 'NO_SCORE';
  return audits[failed].errorMessage?.match(/\b([A-Z][A-Z_]{3,})\b/)?.[1] ?? `${failed} failed`;
}

async function lighthouseMedian(base, route, token) {
  const runs = [];
  // A run Lighthouse could not measure (its trace lost the navigation's start, NO_NAVSTART, now and then) is
  // run again, twice at most, so the median is of RUNS measured loads; the failed runs still show in `runs`.
  const measured = (r) => !r.error && Number.isFinite(r.score);
  while (runs.filter(measured).length < RUNS && runs.filter((r) => !measured(r)).length <= 2)
    runs.push(await lighthouseRun(base, route, token));
  const good = runs.filter(measured);
  const pick = (key) => (good.length ? median(good.map((r) => r[key])) : NaN);
  return {
    score: pick('score'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    si: pick('si'),
    cpuBlocking: pick('cpuBlocking'),
    cpuLongest: pick('cpuLongest'),
    cpuTotal: pick('cpuTotal'),
    benchmarkIndex: median((good.length ? good : runs).map((r) => r.benchmarkIndex)),
    scores: runs.map((r) => (r.error ? r.error : r.score)).join('/'),
  };
}

/** INP of a scripted flow on the trade page, the CPU slowed as for Lighthouse: the slowest interaction, as the Event Timing API reports it. */
async function tradeFlowInp(browser, base, token) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  await context.addInitScript((t) => {
    localStorage.setItem('token', t);
    window.__interactions = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (/** @type {PerformanceEventTiming} */ (entry).interactionId)
          window.__interactions.push({ name: entry.name, duration: entry.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  }, token);
  const page = await context.newPage();
  await page.goto(`${base}/h5/#/pages/trade/trade?symbol=${encodeURIComponent('BTC/USDT')}`, {
    waitUntil: 'networkidle',
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  const steps = [];
  const step = async (name, action) => {
    const before = await page.evaluate(() => window.__interactions.length);
    await action();
    await page.waitForTimeout(600);
    const entries = await page.evaluate((n) => window.__interactions.slice(n), before);
    steps.push([name, entries.reduce((max, e) => Math.max(max, e.duration), 0)]);
  };
  await step('tap Buy rise', () => page.getByRole('button', { name: 'Buy rise' }).click());
  const sheet = page.getByRole('dialog');
  await step('change the period', () => sheet.getByRole('radio').nth(1).click());
  await step('close the sheet', () => sheet.getByRole('button', { name: 'Close' }).click());
  await sheet.waitFor({ state: 'detached' });
  await step('change the chart period', () =>
    page
      .getByRole('radiogroup', { name: 'Chart type and interval' })
      .getByRole('radio', { name: '5m', exact: true })
      .click(),
  );
  await context.close();
  return steps;
}

/** Seconds each live page is watched, once it has loaded and settled. */
const LIVE_SECONDS = 10;

/**
 * What a page showing live prices costs a phone while the user only looks at it: the main thread's busy time per
 * second (Chrome's own task accounting) and the long tasks (over 50 ms) it runs, with the CPU slowed as for
 * Lighthouse. A load's score says nothing of this, yet it is what drains a battery and makes a tap wait.
 */
async function liveLoad(browser, base, route, token) {
  // At Lighthouse's mobile pixel density: what the browser paints grows with it.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript((t) => {
    if (t) localStorage.setItem('token', t);
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  }, token);
  const page = await context.newPage();
  await page.goto(`${base}/h5/#${route}`, { waitUntil: 'networkidle' });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await cdp.send('Performance.enable');
  // The load's own late work (the chart's first draw, fonts) is over before the watch starts.
  await page.waitForTimeout(5000);
  const busy = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
  const before = await page.evaluate(() => window.__longTasks.length);
  const start = await busy();
  await page.waitForTimeout(LIVE_SECONDS * 1000);
  const busyMs = ((await busy()) - start) * 1000;
  const tasks = await page.evaluate((n) => window.__longTasks.slice(n), before);
  await context.close();
  return {
    busyPerSecond: busyMs / LIVE_SECONDS,
    longTasks: tasks.length,
    longest: Math.max(0, ...tasks),
    blocking: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0) / LIVE_SECONDS,
  };
}

async function main() {
  const prebuilt = options['web-dir'] ? path.resolve(options['web-dir']) : null;
  const webDir = prebuilt ?? mkdtempSync(path.join(tmpdir(), 'bench-web-'));
  if (prebuilt) console.log(`\nmeasuring the build in ${prebuilt}`);
  else console.log(`\nproduction build: ${build(webDir).toFixed(1)} s (shell + 4 remotes)`);
  const entries = JSON.parse(readFileSync(path.join(webDir, 'remotes.json'), 'utf8'));
  console.log(`\nremoteEntry.js                gzip KB    br KB   (budget ${kb(budgets.remoteEntryGzip)} KB gzip)`);
  for (const [name, url] of Object.entries(entries)) {
    const content = readFileSync(fileOf(webDir, url.replace('mf-manifest.json', 'remoteEntry.js')));
    console.log(
      `  ${name.padEnd(26)} ${kb(gzipSync(content, { level: 9 }).length).padStart(8)} ${kb(brotli(content).length).padStart(8)}`,
    );
  }

  const server = await startLocalServer(webDir, { jobs: true, background: true });
  try {
    const token = await registerUser(server);
    // Let the price feed record a few live seconds, so the trade page shows what a user sees.
    await new Promise((r) => setTimeout(r, 5000));
    const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
    const sizes = [];
    for (const route of budgets.routes)
      sizes.push([route, await firstLoadJs(browser, server.base, webDir, route.path, route.login ? token : null)]);
    console.log('\nfirst-load JS per route (cold cache, 390x844, served by the server):');
    console.log(
      '  route                                      files   raw KB  gzip KB  budget  wire KB (brotli bodies as served)',
    );
    for (const [route, m] of sizes) {
      console.log(
        `  ${`${route.name} ${route.path}`.padEnd(42)} ${String(m.files).padStart(5)} ${kb(m.raw).padStart(8)} ${kb(m.gzip).padStart(8)} ${kb(route.gzip).padStart(7)} ${kb(m.wire).padStart(8)}`,
      );
    }

    console.log(`\nLighthouse mobile (${APPLIED ? 'applied' : 'simulated'} slow 4G, ${CPU}x CPU), median of ${RUNS}:`);
    console.log(
      '  route      score  FCP s  LCP s  TBT ms   CLS    SI s   runs       host CPU index   long-task CPU ms  longest  main-thread CPU ms',
    );
    const indexes = [];
    for (const name of LIGHTHOUSE_ROUTES) {
      const route = budgets.routes.find((r) => r.name === name);
      const m = await lighthouseMedian(server.base, route.path, route.login ? token : null);
      indexes.push(m.benchmarkIndex);
      console.log(
        `  ${name.padEnd(9)} ${String(m.score).padStart(5)} ${(m.fcp / 1000).toFixed(2).padStart(6)} ${(m.lcp / 1000).toFixed(2).padStart(6)} ${Math.round(m.tbt).toString().padStart(6)} ${m.cls.toFixed(3).padStart(6)} ${(m.si / 1000).toFixed(2).padStart(6)}   ${m.scores.padEnd(10)} ${String(Math.round(m.benchmarkIndex)).padEnd(16)} ${Math.round(m.cpuBlocking).toString().padStart(16)} ${Math.round(m.cpuLongest).toString().padStart(8)} ${Math.round(m.cpuTotal).toString().padStart(19)}`,
      );
    }
    // TBT is the host's own task times x the CPU factor: the same build scores very differently on hosts of different speed.
    console.log(
      `  (Lighthouse's host CPU benchmark index, median ${Math.round(median(indexes))}: TBT and the score scale with it, so compare figures taken on hosts of like index)`,
    );
    console.log(
      `  (long-task CPU: TBT's sum from the FCP on, the part of each main-thread task beyond 50 ms, counted in the thread's CPU`,
    );
    console.log(
      `   time x ${TRACE_FACTOR} instead of wall time; longest: the longest such task; main-thread CPU: every task of the load, x ${TRACE_FACTOR}.`,
    );
    console.log(
      '   A loaded host stretches wall time far more than CPU time: compare these across runs on a busy machine)',
    );

    console.log(`\nlive prices on screen, ${LIVE_SECONDS} s after the load (CPU ${CPU}x slower):`);
    console.log('  route      main thread busy ms/s   long tasks /s   longest ms   blocking ms/s');
    for (const name of ['Home', 'Trade']) {
      const route = budgets.routes.find((r) => r.name === name);
      const m = await liveLoad(browser, server.base, route.path, route.login ? token : null);
      console.log(
        `  ${name.padEnd(9)} ${Math.round(m.busyPerSecond).toString().padStart(22)} ${(m.longTasks / LIVE_SECONDS).toFixed(1).padStart(15)} ${Math.round(m.longest).toString().padStart(12)} ${Math.round(m.blocking).toString().padStart(15)}`,
      );
    }

    if (!options.routes) {
      console.log(`\nINP, scripted flow on the trade page (CPU ${CPU}x slower), ms per interaction:`);
      const steps = await tradeFlowInp(browser, server.base, token);
      for (const [name, duration] of steps) console.log(`  ${name.padEnd(26)} ${Math.round(duration)}`);
      console.log(`  INP (slowest)              ${Math.round(Math.max(...steps.map(([, d]) => d)))}`);
    }
    await browser.close();
  } finally {
    await server.stop();
    if (!prebuilt) rmSync(webDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
