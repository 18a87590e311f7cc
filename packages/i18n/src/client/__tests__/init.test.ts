// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../init.ts';
import { registerNamespace } from '../registry.ts';

beforeEach(() => localStorage.clear());

describe('initI18n', () => {
  it('starts in English with common and errors loaded, and sets <html lang>', async () => {
    const i18n = await initI18n();
    expect(i18n.language).toBe('en');
    expect(i18n.t('tabs.mine')).toBe('Mine');
    expect(i18n.t('wrong_password', { ns: 'errors' })).toBe('Wrong login password, please try again');
    expect(document.documentElement.lang).toBe('en');
  });

  it('starts in the stored language', async () => {
    localStorage.setItem('lang', 'de');
    const i18n = await initI18n();
    expect(i18n.language).toBe('de');
    expect(i18n.t('tabs.home')).toBe('Start');
  });

  it('changes language at once, persists it and maps the code to BCP 47', async () => {
    const i18n = await initI18n();
    registerNamespace('demo', async (lang) => ({ hello: lang === 'jp' ? 'こんにちは' : 'Hello' }));
    await i18n.loadNamespaces('demo');
    await changeLanguage('jp');
    expect(i18n.t('tabs.mine')).toBe('マイページ');
    expect(i18n.t('hello', { ns: 'demo' })).toBe('こんにちは');
    expect(localStorage.getItem('lang')).toBe('jp');
    expect(document.documentElement.lang).toBe('ja');
  });
});
