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
  return JSON.parse(readFileSync(file, 'utf8')) as Tree;
}

export function text(ns: string, lang: Lang, key: string): string {
  const value = key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      texts(ns, lang),
    );
  if (typeof value !== 'string') throw new Error(`no text ${ns}:${key} in ${lang}`);
  return value;
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
