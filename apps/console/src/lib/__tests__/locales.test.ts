import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, USER_BUCKETS } from '@app/contracts';
import enBase from '../../locales/en.json';
import enEditors from '../../locales/editors.en.json';
import { en, zh } from '../i18n.ts';

type Tree = { [key: string]: string | Tree };

/** Every key of a catalogue, plural forms folded into their base key (zh has only `_other`). */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`]
      : keys(value, `${prefix}${key}.`),
  );
}

describe('the console’s texts', () => {
  it('has every key in both languages', () => {
    const english = new Set(keys(en as Tree));
    const chinese = new Set(keys(zh as Tree));
    expect([...english].filter((k) => !chinese.has(k))).toEqual([]);
    expect([...chinese].filter((k) => !english.has(k))).toEqual([]);
  });

  it('keeps the editors’ sections apart from the base catalogue', () => {
    expect(Object.keys(enEditors).filter((key) => key in enBase)).toEqual([]);
  });

  it('names every role', () => {
    for (const role of OPERATOR_ROLES) {
      expect(en.roles[role]).toBeTruthy();
      expect(zh.roles[role]).toBeTruthy();
    }
  });

  it("names every bucket of a user's ledger", () => {
    for (const bucket of USER_BUCKETS) {
      expect(en.userPage.bucket[bucket], bucket).toBeTruthy();
      expect(zh.userPage.bucket[bucket], bucket).toBeTruthy();
    }
  });
});
