#!/usr/bin/env node
/**
 * One Lighthouse load, in a process of its own so that bench:web can run it at a lower CPU priority than the
 * Chromium it measures: a phone's browser does not share its CPU with Lighthouse, and on a machine of two cores
 * the harness's own work (the protocol's events, the trace) would stretch the page's tasks in wall time, which is
 * what simulated throttling multiplies.
 * Usage: node lighthouse-load.mjs <request.json> <result.json>; the request holds `url` and Lighthouse's `flags`,
 * the result gets the report (`lhr`) and the trace (`trace`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';

const [requestFile, resultFile] = process.argv.slice(2);
const { url, flags } = JSON.parse(readFileSync(requestFile, 'utf8'));
const result = await lighthouse(url, flags);
if (!result) throw new Error(`lighthouse gave no result for ${url}`);
writeFileSync(resultFile, JSON.stringify({ lhr: result.lhr, trace: result.artifacts?.Trace ?? null }));
