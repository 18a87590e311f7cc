#!/usr/bin/env node
/**
 * bench:web — a production build, the first-load JavaScript (gzip) of every route measured in Chromium with
 * a cold cache, and Lighthouse mobile scores for Home and Login. Figures are printed, never asserted.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { registerUser, startLocalServer } from './local-server.mjs';
import { repoRoot } from './web-paths.mjs';

const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const ROUTES = [
  ['Home', '/'],
  ['Login', '/pages/login/login'],
  ['Register', '/pages/login/register'],
  ['Project', '/pages/project/project'],
  ['Order', '/pages/user/order'],
  ['Mine', '/pages/user/user'],
  ['Trade', '/pages/trade/trade'],
  ['Wallet', '/pages/user/wallet'],
  ['Security', '/pages/user/security'],
];

const kb = (bytes) => (bytes / 1024).toFixed(1);

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

/** Every script the page fetched until the network was idle, as files of the build, gzip-compressed. */
async function firstLoadJs(browser, base, webDir, route, token) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  const scripts = new Set();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(`${base}/h5/#${route}`, { waitUntil: 'networkidle' });
  await context.close();
  let raw = 0;
  let gzip = 0;
  for (const urlPath of scripts) {
    const rel = urlPath.replace(/^\/h5\//, '');
    const file = rel.startsWith('remotes/') ? path.join(webDir, rel) : path.join(webDir, 'shell', rel);
    const content = readFileSync(file);
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { files: scripts.size, raw, gzip };
}

async function lighthouseScores(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits } = result.lhr;
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      bestPractices: Math.round(categories['best-practices'].score * 100),
      seo: Math.round(categories.seo.score * 100),
      fcp: audits['first-contentful-paint'].displayValue,
      lcp: audits['largest-contentful-paint'].displayValue,
      tbt: audits['total-blocking-time'].displayValue,
      cls: audits['cumulative-layout-shift'].displayValue,
    };
  } finally {
    await chrome.kill();
  }
}

async function main() {
  const webDir = mkdtempSync(path.join(tmpdir(), 'bench-web-'));
  const buildSeconds = build(webDir);
  const entries = JSON.parse(readFileSync(path.join(webDir, 'remotes.json'), 'utf8'));
  console.log(`\nproduction build: ${buildSeconds.toFixed(1)} s (shell + 4 remotes)`);
  console.log('\nremoteEntry.js (gzip):');
  for (const [name, url] of Object.entries(entries)) {
    const file = path.join(webDir, url.replace(/^\/h5\//, '').replace('mf-manifest.json', 'remoteEntry.js'));
    console.log(`  ${name.padEnd(8)} ${kb(gzipSync(readFileSync(file), { level: 9 }).length).padStart(6)} KB  (budget 16 KB)`);
  }

  const server = await startLocalServer(webDir);
  try {
    const token = await registerUser(server);
    const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
    const rows = [];
    for (const [name, route] of ROUTES) rows.push([name, route, await firstLoadJs(browser, server.base, webDir, route, route === '/' || route.includes('login') ? null : token)]);
    await browser.close();
    const home = rows[0][2].gzip;
    console.log(`\nfirst-load JS per route (cold cache, 390x844, ${server.servedByServer ? 'served by the server' : 'static front + server API'}):`);
    console.log('  route                          files   raw KB  gzip KB  vs Home');
    for (const [name, route, m] of rows) {
      console.log(`  ${`${name} ${route}`.padEnd(30)} ${String(m.files).padStart(5)} ${kb(m.raw).padStart(8)} ${kb(m.gzip).padStart(8)}   ${(m.gzip / home).toFixed(2)}x`);
    }

    console.log('\nLighthouse (mobile preset, simulated throttling):');
    for (const [name, route] of [['Home', '/'], ['Login', '/pages/login/login']]) {
      const s = await lighthouseScores(`${server.base}/h5/#${route}`);
      console.log(`  ${name.padEnd(6)} performance ${s.performance}  accessibility ${s.accessibility}  best practices ${s.bestPractices}  SEO ${s.seo}  | FCP ${s.fcp}  LCP ${s.lcp}  TBT ${s.tbt}  CLS ${s.cls}`);
    }
  } finally {
    await server.stop();
    rmSync(webDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
