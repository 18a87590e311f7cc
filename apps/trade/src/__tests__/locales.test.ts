import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueProblems, LANGUAGES } from '@app/i18n/client';

describe('the trade namespace', () => {
  it('has every key, with the same placeholders, in all ten languages', () => {
    const dir = path.resolve(__dirname, '../locales');
    const resources = Object.fromEntries(
      LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8'))]),
    );
    expect(catalogueProblems(resources)).toEqual([]);
  });
});
