import { readFile, rename, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { monitor, type MonitorState } from './monitor.ts';

// pnpm verify-log --url http://127.0.0.1:8080 [--state file] [--token=T] [--start N --end M]
// Exit 0: every check passed (a line each); exit 1: a break, named on a line starting "BREAK"; exit 2: bad usage or
// the platform unreachable.

const OPTIONS = {
  url: { type: 'string' },
  state: { type: 'string', default: '.verify-log-state.json' },
  token: { type: 'string' },
  start: { type: 'string' },
  end: { type: 'string' },
  help: { type: 'boolean', default: false },
} as const;

/** The arguments, or a line saying what is wrong with them (a token that begins with '-' must follow an '='). */
function args() {
  try {
    return parseArgs({ options: OPTIONS }).values;
  } catch (e) {
    console.error(`verify-log: ${(e as Error).message}`);
    process.exit(2);
  }
}
const values = args();

if (values.help || !values.url) {
  console.log(`usage: pnpm verify-log --url <platform> [--state <file>] [--token=<session token>] [--start <index> --end <index>]
  checks the latest signed head's signature and its consistency with the heads seen before (kept in --state),
  that the entries hash to the signed root, re-derives every settlement from the logged prices and terms
  (entries --start to --end), and with --token that each of that user's orders is in the log.`);
  process.exit(values.url || values.help ? 0 : 2);
}

const index = (s: string | undefined) => (s === undefined ? undefined : Number.parseInt(s, 10));

async function readState(path: string): Promise<MonitorState | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as MonitorState;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

try {
  const state = await readState(values.state!);
  const started = performance.now();
  const result = await monitor({
    url: values.url,
    state,
    token: values.token ?? process.env.VERIFY_LOG_TOKEN,
    start: index(values.start),
    end: index(values.end),
    say: (line) => console.log(line),
  });
  if (!result.ok) process.exit(1);
  // Written whole then renamed: a run killed halfway never leaves half a state.
  await writeFile(`${values.state}.tmp`, JSON.stringify(result.state, null, 2));
  await rename(`${values.state}.tmp`, values.state!);
  const seconds = (performance.now() - started) / 1000;
  console.log(`ok    all checks passed in ${seconds.toFixed(1)} s; heads kept in ${values.state}`);
} catch (e) {
  console.error(`error ${(e as Error).message}`);
  process.exit(2);
}
