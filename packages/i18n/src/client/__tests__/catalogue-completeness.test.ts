import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, MESSAGE_KEYS } from '@app/contracts';
import { catalogueProblems } from '../completeness.ts';

const locales = path.resolve(__dirname, '../../locales');
const load = (ns: string) =>
  Object.fromEntries(
    LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(path.join(locales, lang, `${ns}.json`), 'utf8'))]),
  );

describe('client catalogues', () => {
  it('has every common key in every language', () => {
    expect(catalogueProblems(load('common'))).toEqual([]);
  });

  it('has every errors key in every language, and one per message key', () => {
    const errors = load('errors');
    expect(catalogueProblems(errors)).toEqual([]);
    expect(Object.keys(errors.en).sort()).toEqual([...MESSAGE_KEYS].sort());
  });
});

describe('catalogueProblems', () => {
  it('reports a key missing in one language, an extra key and differing placeholders', () => {
    const en = { a: 'A', b: { c: 'Wait {{seconds}} s' } };
    const resources = Object.fromEntries(LANGUAGES.map((l) => [l, en])) as Record<string, unknown>;
    resources.de = { a: 'A', b: { c: 'Warte {{sekunden}} s' }, z: 'extra' };
    resources.fr = { b: { c: 'Attendez {{seconds}} s' } };
    expect(catalogueProblems(resources as never)).toEqual([
      'de: placeholders differ in b.c',
      'de: extra z',
      'fr: missing a',
    ]);
  });
});
