import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * The README and docs/ as an operator follows them: every `pnpm <script>` they show is a script of the package
 * it runs in (or a command of pnpm itself), every `pnpm ops <command> [<sub>]` is a command of the ops CLI, and
 * every relative link reaches a file and, with `#anchor`, a heading of that file. A renamed script, command or
 * section fails here instead of in an operator's terminal.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const docs = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const read = (file) => readFileSync(path.join(root, file), 'utf8');

/** Every workspace package by name, with its scripts. */
const packages = new Map();
for (const group of ['apps', 'packages', 'tools', 'e2e']) {
  const dirs = group === 'e2e' ? ['e2e'] : readdirSync(path.join(root, group)).map((d) => `${group}/${d}`);
  for (const dir of dirs) {
    const file = path.join(root, dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8'));
    packages.set(pkg.name, pkg.scripts ?? {});
  }
}
const rootScripts = JSON.parse(read('package.json')).scripts;
/** pnpm's own commands that the docs use (a script of that name would be shadowed by them anyway). */
const PNPM_COMMANDS = new Set([
  'install',
  'i',
  'add',
  'exec',
  'dlx',
  'run',
  'why',
  'list',
  'store',
  'update',
  'remove',
]);

/** The `pnpm ...` command lines of a Markdown text: in code blocks and in inline code. */
function pnpmCommands(text) {
  const spans = [...text.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) => m[1]);
  const outside = text.replace(/```[a-z]*\n[\s\S]*?```/g, '');
  spans.push(...[...outside.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]));
  return spans.flatMap((span) =>
    [...span.matchAll(/(?:^|[\s;&|(])pnpm((?:[ \t]+[^\s;&|#)`]+)+)/gm)].map((m) => m[1].trim().split(/[ \t]+/)),
  );
}

/** What is wrong with one `pnpm` command line (its words after `pnpm`), or null. */
function commandFault(words) {
  let scripts = rootScripts;
  let where = 'the root package.json';
  const rest = [...words];
  while (rest[0]?.startsWith('-')) {
    const flag = rest.shift();
    if (flag === '--filter' || flag === '-F') {
      const name = rest.shift();
      if (!packages.has(name)) return `no workspace package ${name}`;
      scripts = packages.get(name);
      where = name;
    }
  }
  let script = rest[0];
  if (!script || script.startsWith('<')) return null;
  if (script === 'run') script = rest[1];
  else if (PNPM_COMMANDS.has(script)) return null;
  if (!script || scripts[script] !== undefined) return null;
  return `no script "${script}" in ${where}`;
}

it('names only pnpm scripts that exist, in the package they run in', () => {
  const faults = docs.flatMap((file) =>
    pnpmCommands(read(file))
      .map((words) => [words, commandFault(words)])
      .filter(([, fault]) => fault)
      .map(([words, fault]) => `${file}: pnpm ${words.join(' ')}: ${fault}`),
  );
  expect(faults).toEqual([]);
});

it('names only ops commands that exist', async () => {
  // The CLI's own command tree (importing it declares the commands without running one).
  const { program } = await import('../../../apps/server/src/cli/ops.ts');
  const commands = new Map(program.commands.map((c) => [c.name(), c]));
  expect(commands.size).toBeGreaterThan(10);
  const faults = docs.flatMap((file) =>
    pnpmCommands(read(file))
      .filter((words) => words[0] === 'ops' && /^[a-z]/.test(words[1] ?? ''))
      .flatMap((words) => {
        const command = commands.get(words[1]);
        if (!command) return [`${file}: pnpm ${words.join(' ')}: no ops command "${words[1]}"`];
        const subs = command.commands.map((c) => c.name());
        const sub = words[2];
        if (subs.length === 0 || !sub || !/^[a-z][\w-]*$/.test(sub) || subs.includes(sub)) return [];
        return [`${file}: pnpm ${words.join(' ')}: "${words[1]}" has no subcommand "${sub}" (${subs.join(', ')})`];
      }),
  );
  expect(faults).toEqual([]);
});

/** GitHub's anchor for a heading: lower case, punctuation gone but - and _, spaces to dashes. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchorsOf = (text) => {
  const seen = new Map();
  return new Set(
    text
      .replace(/```[\s\S]*?```/g, '')
      .split('\n')
      .filter((line) => /^#{1,6}\s/.test(line))
      .map((line) => {
        const base = slug(line.replace(/^#+\s*/, ''));
        const n = seen.get(base) ?? 0;
        seen.set(base, n + 1);
        return n === 0 ? base : `${base}-${n}`;
      }),
  );
};

it('links only to files and sections that exist', () => {
  const faults = [];
  for (const file of docs) {
    const text = read(file)
      .replace(/```[\s\S]*?```/g, '')
      .replace(/`[^`\n]*`/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [linkPath, anchor] = target.split('#');
      const resolved = linkPath ? path.join(path.dirname(file), linkPath) : file;
      if (!existsSync(path.join(root, resolved))) {
        faults.push(`${file}: ${target}: no file ${resolved}`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && !anchorsOf(read(resolved)).has(anchor))
        faults.push(`${file}: ${target}: no section #${anchor} in ${resolved}`);
    }
  }
  expect(faults).toEqual([]);
});
