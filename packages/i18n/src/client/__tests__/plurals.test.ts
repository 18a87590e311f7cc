import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance, type TOptions } from 'i18next';
import { describe, expect, it } from 'vitest';
import { BCP47, LANGUAGES, type Language } from '@app/contracts';
import { bcp47Plurals, pluralCategories, PLURAL_SUFFIX } from '../../plurals.ts';
import { countKeys, flattenCatalogue } from '../completeness.ts';

type Tree = { [key: string]: string | Tree };

const root = path.resolve(__dirname, '../../../../..');
const read = (file: string): Tree => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Tree;

/** Every catalogue of the product: the shared namespaces, each remote's own, and the console's (en and zh). */
const namespaces: Array<{ ns: string; langs: readonly Language[]; file: (lang: Language) => string }> = [
  ...['common', 'errors', 'server-only', 'inbox'].map((ns) => ({
    ns,
    langs: LANGUAGES,
    file: (lang: Language) => `packages/i18n/src/locales/${lang}/${ns}.json`,
  })),
  ...['account', 'invest', 'trade', 'wallet'].map((ns) => ({
    ns,
    langs: LANGUAGES,
    file: (lang: Language) => `apps/${ns}/src/locales/${lang}.json`,
  })),
  { ns: 'account-inner', langs: LANGUAGES, file: (lang: Language) => `apps/account/src/locales/inner/${lang}.json` },
  { ns: 'console', langs: ['en', 'zh'], file: (lang: Language) => `apps/console/src/locales/${lang}.json` },
];

const catalogues = namespaces.map(({ ns, langs, file }) => ({
  ns,
  langs,
  texts: Object.fromEntries(langs.map((lang) => [lang, flattenCatalogue(read(file(lang)))])) as Partial<
    Record<Language, Map<string, string>>
  >,
}));

/** i18next set up as the app and the server set it up: the app's language codes, plural rules by BCP 47. */
const i18n = createInstance().use(bcp47Plurals);
void i18n.init({
  resources: Object.fromEntries(
    LANGUAGES.map((lang) => [
      lang,
      Object.fromEntries(namespaces.filter((n) => n.langs.includes(lang)).map((n) => [n.ns, read(n.file(lang))])),
    ]),
  ),
  lng: 'en',
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  load: 'currentOnly',
  nonExplicitSupportedLngs: false,
  initAsync: false,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
} as Parameters<typeof i18n.init>[0]);

const COUNTS = [0, 1, 2, 5, 21, 1_000_000];
/** Every placeholder but the count, filled with its own name. */
const fill = (text: string) =>
  Object.fromEntries(
    [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].filter((m) => m[1] !== 'count').map((m) => [m[1], `<${m[1]}>`]),
  );
const render = (text: string, count: number) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (name === 'count' ? String(count) : `<${name}>`));

/** English nouns that follow a number in the catalogues: a number before one of them is a count. */
const NOUNS =
  'days|seconds|minutes|hours|orders|entries|records|followers|copies|credits|devices|codes|characters|accounts|withdrawals|draws';
const COUNTED_NOUN = new RegExp(String.raw`\{\{\s*(\w+)\s*\}\}\s+(?:[\w-]+\s+)?(${NOUNS})\b`, 'g');

describe('count texts', () => {
  it('gives every number followed by a counted noun in English a count text (key_one, key_other)', () => {
    const uncounted: string[] = [];
    for (const { ns, texts } of catalogues)
      for (const [key, text] of texts.en!)
        for (const match of text.matchAll(COUNTED_NOUN))
          if (match[1] !== 'count' || !PLURAL_SUFFIX.test(key)) uncounted.push(`${ns}:${key}: ${match[0]}`);
    expect(uncounted).toEqual([]);
  });

  it('has exactly the plural forms CLDR gives each language', () => {
    const problems: string[] = [];
    for (const { ns, langs, texts } of catalogues) {
      const bases = [...countKeys(texts.en!).keys()];
      for (const lang of langs) {
        const wanted = pluralCategories(lang).sort();
        for (const base of bases) {
          const have = [...texts[lang]!.keys()]
            .filter((key) => key.replace(PLURAL_SUFFIX, '') === base && PLURAL_SUFFIX.test(key))
            .map((key) => PLURAL_SUFFIX.exec(key)![1]!)
            .sort();
          if (have.join() !== wanted.join()) problems.push(`${lang} ${ns}:${base} has ${have} and needs ${wanted}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('renders every count text with 0, 1, 2, 5, 21 and a million in the form of its language', () => {
    let rendered = 0;
    const wrong: string[] = [];
    for (const { ns, langs, texts } of catalogues)
      for (const [base, english] of countKeys(texts.en!))
        for (const lang of langs) {
          const t = i18n.getFixedT(lang, ns);
          const rules = new Intl.PluralRules(BCP47[lang]);
          for (const count of COUNTS) {
            const form = texts[lang]!.get(`${base}_${rules.select(count)}`) ?? `(no ${rules.select(count)} form)`;
            const out = t(base, { ...fill(english), count } as TOptions);
            if (out !== render(form, count)) wrong.push(`${lang} ${ns}:${base} ${count}: ${out}`);
            rendered++;
          }
        }
    expect(wrong).toEqual([]);
    expect(rendered).toBeGreaterThan(1000);
  });

  it('says "1 day", not "1 days", in English, and picks the forms of "jp" and "hk" by ja and zh-Hant', () => {
    const t = (lang: Language, key: string, count: number) => i18n.getFixedT(lang, 'invest')(key, { count });
    expect(t('en', 'holding.inDays', 1)).toBe('1 day left');
    expect(t('en', 'holding.inDays', 0)).toBe('0 days left');
    expect(t('de', 'holding.inDays', 1)).toBe('noch 1 Tag');
    expect(t('fr', 'holding.inDays', 1)).toBe('1 jour restant');
    expect(t('fr', 'holding.inDays', 0)).toBe('0 jour restant');
    expect(t('fr', 'holding.inDays', 2)).toBe('2 jours restants');
    expect(t('jp', 'holding.inDays', 1)).toBe('残り 1 日');
    expect(t('hk', 'holding.inDays', 1)).toBe('剩餘 1 天');
    expect(i18n.getFixedT('en', 'trade')('running.secondsLeft', { count: 1 })).toBe('1 second until settlement');
    expect(i18n.getFixedT('en', 'trade')('pnl.ofOrders', { count: 1 })).toBe('of 1 order');
    for (const { ns, texts } of catalogues)
      for (const base of countKeys(texts.en!).keys())
        expect(i18n.getFixedT('en', ns)(base, { count: 1 })).not.toMatch(
          new RegExp(String.raw`\b1 (?:[\w-]+ )?(${NOUNS})\b`),
        );
  });
});
