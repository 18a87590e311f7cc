import { LANGUAGES, type Language } from '@app/contracts';
import { PLURAL_SUFFIX, pluralCategories } from '../plurals.ts';

type Tree = { [key: string]: string | Tree };

export function flattenCatalogue(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flattenCatalogue(value, path, out);
  }
  return out;
}

/**
 * {{name}} interpolations with their format ({{max, amount}}) and <1>…</1> markup (react-i18next Trans) must
 * survive translation.
 */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}|<(\/?\d+)>/g)]
    .map((m) => (m[1] ? (m[2] ? `${m[1]}:${m[2]}` : m[1]) : m[3]))
    .sort()
    .join(',');

/** A form of a count text may leave the number out ("a day"); every other placeholder must be there. */
const placeholdersBesideCount = (text: string) =>
  placeholders(text)
    .split(',')
    .filter((p) => p !== 'count' && p !== '')
    .join(',');

/** The count texts of a catalogue (English's keys with plural suffixes), by their key without the suffix. */
export function countKeys(texts: Map<string, string>): Map<string, string> {
  const bases = new Map<string, string>();
  for (const [key, text] of texts) {
    if (!PLURAL_SUFFIX.test(key)) continue;
    const base = key.replace(PLURAL_SUFFIX, '');
    if (key.endsWith('_other') || !bases.has(base)) bases.set(base, text);
  }
  return bases;
}

/**
 * Compares every language of one namespace with English: a key missing or empty in a language, a key that
 * English does not have, or a text whose {{placeholders}} differ from English's is a problem. A count text
 * (`key_one`, `key_other`, …) must have exactly the plural forms CLDR gives the language: one/other in German,
 * one/many/other in French, other only in Thai.
 */
export function catalogueProblems(resources: Partial<Record<Language, Tree>>): string[] {
  const problems: string[] = [];
  const english = flattenCatalogue(resources.en ?? {});
  const counted = countKeys(english);
  const reference = new Map([...english].filter(([key]) => !PLURAL_SUFFIX.test(key)));
  for (const lang of LANGUAGES) {
    const tree = resources[lang];
    if (!tree) {
      problems.push(`${lang}: missing file`);
      continue;
    }
    const texts = flattenCatalogue(tree);
    const expected = new Set(reference.keys());
    for (const [key, englishText] of reference) {
      const text = texts.get(key);
      if (text === undefined || text.trim() === '') problems.push(`${lang}: missing ${key}`);
      else if (placeholders(text) !== placeholders(englishText))
        problems.push(`${lang}: placeholders differ in ${key}`);
    }
    for (const [base, englishText] of counted) {
      for (const category of pluralCategories(lang)) {
        const key = `${base}_${category}`;
        expected.add(key);
        const text = texts.get(key);
        if (text === undefined || text.trim() === '') problems.push(`${lang}: missing ${key}`);
        else if (placeholdersBesideCount(text) !== placeholdersBesideCount(englishText))
          problems.push(`${lang}: placeholders differ in ${key}`);
      }
    }
    for (const key of texts.keys()) if (!expected.has(key)) problems.push(`${lang}: extra ${key}`);
  }
  return problems;
}
