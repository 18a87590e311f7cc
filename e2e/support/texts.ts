import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.ts';

export const LANGUAGES = ['en', 'de', 'es', 'fr', 'hk', 'jp', 'kor', 'th', 'zh', 'vi'] as const;
export type Lang = (typeof LANGUAGES)[number];

type Tree = { [key: string]: string | Tree };

/** A namespace's texts for one language, straight from the files the app ships. */
export function texts(ns: string, lang: Lang): Tree {
  const file =
    ns === 'common' || ns === 'errors'
      ? path.join(repoRoot, 'packages/i18n/src/locales', lang, `${ns}.json`)
      : path.join(repoRoot, 'apps', ns, 'src/locales', `${lang}.json`);
  const tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
  // The server's errors namespace also holds what only it renders (operator refusals, SMS bodies), kept out of
  // the app's catalogue.
  if (ns === 'errors')
    Object.assign(
      tree,
      JSON.parse(readFileSync(path.join(repoRoot, 'packages/i18n/src/locales', lang, 'server-only.json'), 'utf8')),
    );
  // The account remote's pages further in keep their texts in a namespace of their own (account-inner).
  if (ns === 'account')
    Object.assign(
      tree,
      JSON.parse(readFileSync(path.join(repoRoot, 'apps/account/src/locales/inner', `${lang}.json`), 'utf8')),
    );
  // The console's editors (content, plans, settings, house) keep their texts in a file of their own.
  if (ns === 'console' && (lang === 'en' || lang === 'zh'))
    Object.assign(
      tree,
      JSON.parse(readFileSync(path.join(repoRoot, 'apps/console/src/locales', `editors.${lang}.json`), 'utf8')),
    );
  return tree;
}

/** A text of the app or console, with its `{{name}}` placeholders filled from `values`. */
export function text(ns: string, lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const value = key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      texts(ns, lang),
    );
  if (typeof value !== 'string') throw new Error(`no text ${ns}:${key} in ${lang}`);
  return Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), value);
}

export const NATIVE_NAMES: Record<Lang, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  hk: '繁體中文',
  jp: '日本語',
  kor: '한국어',
  th: 'ไทย',
  zh: '简体中文',
  vi: 'Tiếng Việt',
};
