import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@app/i18n/client';
// The catalogue checks stay out of the app's shared i18n bundle.
import { catalogueProblems } from '@app/i18n/completeness';

const catalogue = (dir: string) =>
  Object.fromEntries(LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8'))]));

describe('the account namespaces', () => {
  it('have every key, with the same placeholders, in all ten languages', () => {
    expect(catalogueProblems(catalogue(path.resolve(__dirname, '../locales')))).toEqual([]);
    expect(catalogueProblems(catalogue(path.resolve(__dirname, '../locales/inner')))).toEqual([]);
  });

  it('keep each section in one of the two, so a page finds a text in the namespaces it asks for', () => {
    const entry = Object.keys(catalogue(path.resolve(__dirname, '../locales')).en);
    const inner = Object.keys(catalogue(path.resolve(__dirname, '../locales/inner')).en);
    expect(entry.filter((section) => inner.includes(section))).toEqual([]);
  });
});
