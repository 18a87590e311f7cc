import { expect, it } from 'vitest';
import { BCP47, LANGUAGES, bcp47Of } from './languages.ts';

it("names each stored language by a tag Intl knows, and none for a code the app doesn't know", () => {
  for (const code of LANGUAGES) expect(Intl.getCanonicalLocales(BCP47[code])).toEqual([BCP47[code]]);
  expect(bcp47Of('kor')).toBe('ko');
  expect(bcp47Of('jp')).toBe('ja');
  expect(bcp47Of('hk')).toBe('zh-Hant');
  expect(bcp47Of('xx')).toBeUndefined();
  expect(bcp47Of(null)).toBeUndefined();
});
