import { describe, expect, it } from 'vitest';
import { LANGUAGES, MESSAGE_KEYS, type Language } from '@app/contracts';
import { loadErrorCatalogues } from './error-resources.ts';
import { loadInboxCatalogues } from './inbox-resources.ts';
import { INBOX_KINDS, pickLanguage, translate, translateInbox } from './catalogue.ts';
import { PLURAL_SUFFIX } from './plurals.ts';

const catalogues = loadErrorCatalogues();
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*(?:,\s*(\w+)\s*)?}}/g)].map((m) => (m[2] ? `${m[1]}:${m[2]}` : m[1])).sort();
/** A message key's text; for a count text, its `_other` form (the plural forms are checked in client/). */
const text = (lang: Language, key: string) => catalogues[lang][key] ?? catalogues[lang][`${key}_other`];

describe('errors catalogue', () => {
  it('has a text for every message key in every language, and no stray keys', () => {
    for (const lang of LANGUAGES) {
      const keys = [...new Set(Object.keys(catalogues[lang]).map((k) => k.replace(PLURAL_SUFFIX, '')))];
      const missing = MESSAGE_KEYS.filter((k) => !text(lang, k)?.trim());
      const stray = keys.filter((k) => !(MESSAGE_KEYS as string[]).includes(k));
      expect({ lang, missing, stray }).toEqual({ lang, missing: [], stray: [] });
    }
  });

  it('keeps the English placeholders in every translation', () => {
    for (const key of MESSAGE_KEYS) {
      const expected = placeholders(text('en', key)!);
      for (const lang of LANGUAGES)
        expect({ key, lang, p: placeholders(text(lang, key)!) }).toEqual({ key, lang, p: expected });
    }
  });

  it('translates every language differently from English where a sentence is long', () => {
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const same = MESSAGE_KEYS.filter((k) => text('en', k)!.length > 20 && text(lang, k) === text('en', k));
      expect({ lang, same }).toEqual({ lang, same: [] });
    }
  });

  it('interpolates values and picks the request language', () => {
    expect(translate('en', 'code_resend_too_soon', { seconds: 42 })).toContain('42');
    expect(translate('zh', 'login_required')).toBe(catalogues.zh.login_required);
    expect(pickLanguage(undefined, 'kor')).toBe('kor');
    expect(pickLanguage('fr', 'de')).toBe('fr');
    expect(pickLanguage('xx', ['hk'])).toBe('hk');
    expect(pickLanguage()).toBe('en');
  });
});

describe('inbox catalogue', () => {
  const inbox = loadInboxCatalogues();

  it('has a title and a body for every kind of message in every language, and no stray kinds', () => {
    for (const lang of LANGUAGES) {
      const missing = INBOX_KINDS.filter((k) => !inbox[lang][k]?.title.trim() || !inbox[lang][k]?.body.trim());
      const stray = Object.keys(inbox[lang]).filter((k) => !INBOX_KINDS.includes(k));
      expect({ lang, missing, stray }).toEqual({ lang, missing: [], stray: [] });
    }
  });

  it('keeps the English placeholders in every translation', () => {
    for (const kind of INBOX_KINDS)
      for (const lang of LANGUAGES)
        for (const part of ['title', 'body'] as const)
          expect({ kind, lang, part, p: placeholders(inbox[lang][kind]![part]) }).toEqual({
            kind,
            lang,
            part,
            p: placeholders(inbox.en[kind]![part]),
          });
  });

  it('fills the parameters in the reader language, leaving a missing one as its placeholder', () => {
    expect(translateInbox('en', 'deposit_refused', { reference: 'R7', amount: '5.00' })).toEqual({
      title: 'Recharge refused',
      body: 'Your recharge R7 of 5.00 U was refused. Reason: {reason}',
    });
    expect(translateInbox('zh', 'checkin_reward', { streak: 3, amount: '1.00' })?.body).toBe(
      '连续签到第 3 天：1.00 U 已存入余额。',
    );
    expect(translateInbox('en', 'no_such_kind', {})).toBeNull();
  });

  it("prints amounts with the reader language's separators and a minus sign", () => {
    expect(translateInbox('de', 'deposit_approved', { reference: 'R7', amount: '15000.00' })?.body).toContain(
      '15.000,00 U',
    );
    expect(translateInbox('en', 'withdrawal_approved', { amount: '15000.00', received: '14850.00' })?.body).toBe(
      'Your withdrawal of 15,000.00 U has been approved and paid out (14,850.00 U after fees).',
    );
    expect(translate('de', 'withdraw_amount_limit', { min: '100.00', max: '49999.00' })).toBe(
      'Der Auszahlungsbetrag muss zwischen 100,00 und 49.999,00 U liegen',
    );
    expect(translate('fr', 'plan_over_remaining', { remaining: '1234567.50' })).toContain('1\u202f234\u202f567,50');
    expect(translate('en', 'copy_daily_loss_stop', { max: '-5.00' })).toContain('\u22125.00 U');
  });

  it('prints a price alert with separators and every recorded digit, a move as it is', () => {
    const cross = { symbol: 'BTC/USDT', price: '96010.88', direction: '≥', target: '96000.00' };
    expect(translateInbox('en', 'price_alert', cross)?.body).toBe('BTC/USDT reached 96,010.88 (≥ 96,000.00).');
    expect(translateInbox('de', 'price_alert', cross)?.body).toBe('BTC/USDT hat 96.010,88 erreicht (≥ 96.000,00).');
    const fx = { symbol: 'EUR/USD', price: '1.08534', direction: '±', target: '1.50% / 15′' };
    expect(translateInbox('en', 'price_alert', fx)?.body).toBe('EUR/USD reached 1.08534 (± 1.50% / 15′).');
  });
});
