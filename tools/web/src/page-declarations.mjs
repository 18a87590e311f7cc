import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * @typedef {{ kind: string, texts: string[], nav?: string, simulatedOnly?: boolean, back?: boolean, titleParam?: string }} PageHead
 * @typedef {{ path: string, chunk?: string, head?: PageHead }} DeclaredPage
 * @typedef {{ kind: string, nav?: string, simulatedOnly?: boolean, back?: boolean, titleParam?: string, texts: Record<string, string[]> }} BootHead
 */

const CHUNK_NAME = /webpackChunkName:\s*["']([^"']+)["']/;

// TypeScript only parses here (nothing is compiled or type-checked): the tools' own copy reads every app.
const typescript = /** @type {typeof import('typescript')} */ (createRequire(import.meta.url)('typescript'));

/**
 * The value of a literal (string, number, boolean, array or object of those); anything else is refused, as the
 * build cannot know what it would be at run time.
 * @param {typeof import('typescript')} ts
 * @param {import('typescript').Node} node
 * @returns {unknown}
 */
function literal(ts, node) {
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (ts.isArrayLiteralExpression(node)) return node.elements.map((e) => literal(ts, e));
  if (ts.isObjectLiteralExpression(node)) return Object.fromEntries(properties(ts, node, true));
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node))
    return literal(ts, node.expression);
  throw new Error(`not a literal: ${node.getText()}`);
}

/**
 * @param {typeof import('typescript')} ts
 * @param {import('typescript').ObjectLiteralExpression} node
 * @param {boolean} evaluate
 * @returns {Array<[string, any]>}
 */
function properties(ts, node, evaluate) {
  return node.properties.filter(ts.isPropertyAssignment).map((p) => {
    const name = ts.isIdentifier(p.name) || ts.isStringLiteralLike(p.name) ? p.name.text : p.name.getText();
    return [name, evaluate ? literal(ts, p.initializer) : p.initializer];
  });
}

/**
 * Reads a remote's page table from its routes module without running it: every object literal with a string
 * `path` is a page (app-kit's `page({...})`), its chunk is the `webpackChunkName` of the import() in its `load`,
 * and its `head` is taken as written. This is how the build learns what the remote declares once.
 * @param {string} file the remote's exposed routes module
 * @param {typeof import('typescript')} [ts]
 * @returns {DeclaredPage[]}
 */
export function readPageDeclarations(file, ts = typescript) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  /** @type {DeclaredPage[]} */
  const pages = [];
  /** @param {import('typescript').Node} node */
  const visit = (node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const props = new Map(properties(ts, node, false));
      const pathNode = props.get('path');
      if (pathNode && ts.isStringLiteralLike(pathNode)) {
        /** @type {DeclaredPage} */
        const declared = { path: pathNode.text };
        const chunk = props.get('load') && CHUNK_NAME.exec(props.get('load').getFullText())?.[1];
        if (chunk) declared.chunk = chunk;
        if (props.get('head')) declared.head = /** @type {PageHead} */ (literal(ts, props.get('head')));
        pages.push(declared);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const seen = new Set();
  for (const { path: p } of pages) {
    if (!p.startsWith('/')) throw new Error(`${file}: page path "${p}" is not absolute`);
    if (seen.has(p.toLowerCase())) throw new Error(`${file}: page path "${p}" is declared twice`);
    seen.add(p.toLowerCase());
  }
  return pages;
}

/**
 * @param {Record<string, unknown>} texts
 * @param {string} key dotted, '' for an empty slot
 */
function lookUp(texts, key) {
  if (key === '') return '';
  /** @type {unknown} */
  let value = texts;
  for (const part of key.split('.'))
    value = value && typeof value === 'object' ? /** @type {any} */ (value)[part] : undefined;
  if (typeof value !== 'string') throw new Error(`no text "${key}"`);
  return value;
}

/**
 * The frame's heads of a remote's pages with their texts in every language of its locales folder
 * (<lang>.json): the shell's boot script shows them before any bundle runs.
 * @param {DeclaredPage[]} pages
 * @param {string} localesDir
 * @returns {Record<string, BootHead>}
 */
export function resolveHeads(pages, localesDir) {
  const withHead = pages.filter((p) => p.head);
  if (!withHead.length) return {};
  const languages = readdirSync(localesDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
  const locales = Object.fromEntries(
    languages.map((lang) => [lang, JSON.parse(readFileSync(path.join(localesDir, `${lang}.json`), 'utf8'))]),
  );
  /** @type {Record<string, BootHead>} */
  const heads = {};
  for (const { path: pagePath, head } of withHead) {
    if (!head) continue;
    const { texts, ...rest } = head;
    heads[pagePath] = {
      ...rest,
      texts: Object.fromEntries(languages.map((lang) => [lang, texts.map((key) => lookUp(locales[lang], key))])),
    };
  }
  return heads;
}
