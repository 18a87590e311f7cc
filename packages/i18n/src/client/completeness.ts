import { LANGUAGES, type Language } from '@app/contracts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path, out);
  }
  return out;
}

/** {{name}} interpolations and <1>…</1> markup (react-i18next Trans) must survive translation. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\/?\d+)>/g)]
    .map((m) => m[1] ?? m[2])
    .sort()
    .join(',');

/**
 * Compares every language of one namespace with English: a key missing or empty in a language, a key that
 * English does not have, or a text whose {{placeholders}} differ from English's is a problem.
 */
export function catalogueProblems(resources: Partial<Record<Language, Tree>>): string[] {
  const problems: string[] = [];
  const reference = flatten(resources.en ?? {});
  for (const lang of LANGUAGES) {
    const tree = resources[lang];
    if (!tree) {
      problems.push(`${lang}: missing file`);
      continue;
    }
    const texts = flatten(tree);
    for (const [key, english] of reference) {
      const text = texts.get(key);
      if (text === undefined || text.trim() === '') problems.push(`${lang}: missing ${key}`);
      else if (placeholders(text) !== placeholders(english)) problems.push(`${lang}: placeholders differ in ${key}`);
    }
    for (const key of texts.keys()) if (!reference.has(key)) problems.push(`${lang}: extra ${key}`);
  }
  return problems;
}
