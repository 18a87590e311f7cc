// An ESLint rule: no two parts of the server reach each other, however long the way round. A part is a business
// module (src/modules/<m>), a platform part (src/platform/<p>), or any other top-level folder or file of src/.
// import-x/no-cycle sees cycles of files; this one sees cycles of parts, which files can hide (a module importing
// another's face while that module imports the first through a different file). The graph is read from disk
// once per lint run; each import that lies on a cycle of parts is reported where it is written.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|mts|mjs|js)$/;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The part a file belongs to, or null when it is outside src/. */
export function partOf(src, file) {
  const rel = path.relative(src, file).split(path.sep);
  if (rel[0] === '..' || rel.length === 0) return null;
  if ((rel[0] === 'modules' || rel[0] === 'platform') && rel.length > 2) return `${rel[0]}/${rel[1]}`;
  return rel[0];
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Edges between parts, each with every part that can reach back to its start (so the edge lies on a cycle). */
function cyclicEdges(src) {
  const edges = new Map();
  for (const file of sourceFiles(src)) {
    const from = partOf(src, file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = partOf(src, path.resolve(path.dirname(file), match[1] ?? match[2]));
      if (to && to !== from) (edges.get(from) ?? edges.set(from, new Set()).get(from)).add(to);
    }
  }
  const reaches = (start, goal) => {
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length > 0) {
      for (const next of edges.get(queue.shift()) ?? []) {
        if (next === goal) return true;
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    return false;
  };
  const onCycle = new Set();
  for (const [from, tos] of edges) for (const to of tos) if (reaches(to, from)) onCycle.add(`${from} -> ${to}`);
  return onCycle;
}

const graphs = new Map();

export default {
  meta: {
    type: 'problem',
    docs: { description: 'No cycle between the parts of the server (modules, platform parts, entry points).' },
    schema: [
      { type: 'object', properties: { src: { type: 'string' } }, required: ['src'], additionalProperties: false },
    ],
  },
  create(context) {
    const src = context.options[0].src;
    const from = partOf(src, context.filename);
    if (!from) return {};
    if (!graphs.has(src)) graphs.set(src, cyclicEdges(src));
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = partOf(src, path.resolve(path.dirname(context.filename), spec));
      if (to && to !== from && graphs.get(src).has(`${from} -> ${to}`))
        context.report({
          node,
          message: `${from} and ${to} import each other (through a cycle of parts): break it with a hook or by moving the code to its owner.`,
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
