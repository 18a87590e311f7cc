import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@app/i18n/client';
// The catalogue checks stay out of the app's shared i18n bundle.
import { catalogueProblems } from '@app/i18n/completeness';

describe('the invest namespace', () => {
  it('has every key, with the same placeholders, in all ten languages', () => {
    const dir = path.resolve(__dirname, '../locales');
    const resources = Object.fromEntries(
      LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8'))]),
    );
    expect(catalogueProblems(resources)).toEqual([]);
  });
});
