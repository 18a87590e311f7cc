import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, MESSAGE_KEYS } from '@app/contracts';
import { catalogueProblems } from '../completeness.ts';
import { PLURAL_SUFFIX } from '../../plurals.ts';

const locales = path.resolve(__dirname, '../../locales');
const load = (ns: string) =>
  Object.fromEntries(
    LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(path.join(locales, lang, `${ns}.json`), 'utf8'))]),
  );

describe('client catalogues', () => {
  it('has every common key in every language', () => {
    expect(catalogueProblems(load('common'))).toEqual([]);
  });

  it('has every errors key in every language, and one per message key in the app or the server-only texts', () => {
    const errors = load('errors');
    const serverOnly = load('server-only');
    expect(catalogueProblems(errors)).toEqual([]);
    expect(catalogueProblems(serverOnly)).toEqual([]);
    const keys = (texts: Record<string, string>) => [
      ...new Set(Object.keys(texts).map((k) => k.replace(PLURAL_SUFFIX, ''))),
    ];
    const app = keys(errors.en);
    const server = keys(serverOnly.en);
    expect(app.filter((k) => server.includes(k))).toEqual([]);
    expect([...app, ...server].sort()).toEqual([...MESSAGE_KEYS].sort());
  });

  it('keeps the server-only texts out of every screen: no app source names one of their keys', () => {
    const server = [...new Set(Object.keys(load('server-only').en).map((k) => k.replace(PLURAL_SUFFIX, '')))];
    const named = appSources().flatMap(({ file, source }) =>
      server.filter((key) => new RegExp(`['"\`]${key}['"\`]`).test(source)).map((key) => `${file}: ${key}`),
    );
    expect(named).toEqual([]);
  });
});

/** The sources of the app's screens (the console reads the server's words, so it is not one of them). */
function appSources() {
  const root = path.resolve(__dirname, '../../../../..');
  const dirs = [
    ...['shell', 'account', 'trade', 'wallet', 'invest'].map((app) => `apps/${app}/src`),
    ...['app-kit', 'ui', 'api-client'].map((pkg) => `packages/${pkg}/src`),
  ];
  return dirs.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|tsx)$/.test(file) && !/__tests__|\.test\./.test(file))
      .map((file) => ({ file: `${dir}/${file}`, source: readFileSync(path.join(root, dir, file), 'utf8') })),
  );
}

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
