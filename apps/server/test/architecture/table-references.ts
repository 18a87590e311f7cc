import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads the server's sources and finds every place one part of the server names a table: in raw SQL (`from x`,
 * `join x`, `update x`, `insert into x`, `delete from x`) or through a drizzle table it imports. The import graph
 * does not show these: a module can write another's rows through one line of SQL and no lint sees it.
 *
 * A "unit" owns the tables declared in its folder: `modules/<name>`, `platform/<name>`; `jobs`, `seed`, `cli`
 * and the files at the root own none.
 */

export interface TableDefinition {
  readonly sqlName: string;
  readonly exportName: string;
  readonly owner: string;
}

export type ReferenceKind = 'read' | 'write';

export interface TableReference {
  readonly unit: string;
  readonly file: string;
  readonly table: string;
  readonly owner: string;
  readonly kind: ReferenceKind;
  readonly via: 'sql' | 'drizzle';
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

export function unitOf(relativeFile: string): string {
  const [top, name] = relativeFile.split(path.sep);
  if ((top === 'modules' || top === 'platform') && name && !name.endsWith('.ts')) return `${top}/${name}`;
  if (top === 'jobs' || top === 'seed' || top === 'cli') return top;
  return 'root';
}

/** Comments name tables in prose ("rows from users"); only code counts. Keeps strings, since SQL lives in them. */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}

export function tableDefinitions(src: string, files: readonly string[]): TableDefinition[] {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const owner = unitOf(path.relative(src, file));
    return [...text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map((match) => ({
      exportName: match[1]!,
      sqlName: match[2]!,
      owner,
    }));
  });
}

const sqlReference = /\b(delete\s+from|insert\s+into|update|truncate|from|join)\s+("?)([a-z_][a-z0-9_]*)\2(?![\w(])/gi;
const importStatement = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g;

export function tableReferences(src: string): { definitions: TableDefinition[]; references: TableReference[] } {
  const files = sourceFiles(src);
  const definitions = tableDefinitions(src, files);
  const bySqlName = new Map(definitions.map((definition) => [definition.sqlName, definition]));
  const byExportName = new Map(definitions.map((definition) => [definition.exportName, definition]));
  const references: TableReference[] = [];

  for (const file of files) {
    const relative = path.relative(src, file);
    const unit = unitOf(relative);
    const text = withoutComments(readFileSync(file, 'utf8'));

    for (const match of text.matchAll(sqlReference)) {
      const definition = bySqlName.get(match[3]!.toLowerCase());
      if (!definition || definition.owner === unit) continue;
      const keyword = match[1]!.toLowerCase().replace(/\s+/g, ' ');
      const kind: ReferenceKind = keyword === 'from' || keyword === 'join' ? 'read' : 'write';
      references.push({ unit, file: relative, table: definition.sqlName, owner: definition.owner, kind, via: 'sql' });
    }

    // A table file imports another module's table only for a foreign key: a relation of the schema, not a use.
    if (file.endsWith('.table.ts')) continue;
    const code = text.replace(importStatement, '');
    for (const match of text.matchAll(importStatement)) {
      if (!match[2]!.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), match[2]!);
      if (unit !== 'root' && target.startsWith(path.join(src, unit) + path.sep)) continue;
      for (const specifier of match[1]!.split(',')) {
        const [imported, local = imported] = specifier
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/);
        const definition = imported ? byExportName.get(imported) : undefined;
        if (!definition || definition.owner === unit || !local) continue;
        const uses = code.match(new RegExp(`\\b${local}\\b`, 'g'))?.length ?? 0;
        const writes = code.match(new RegExp(`\\.(insert|update|delete)\\(\\s*${local}\\b`, 'g'))?.length ?? 0;
        const base = {
          unit,
          file: relative,
          table: definition.sqlName,
          owner: definition.owner,
          via: 'drizzle',
        } as const;
        if (writes > 0) references.push({ ...base, kind: 'write' });
        if (uses > writes) references.push({ ...base, kind: 'read' });
      }
    }
  }
  return { definitions, references };
}
