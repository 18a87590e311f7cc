import { describe, expect, it } from 'vitest';
import type { AdminContentItem } from '@app/contracts';
import { checkContent, createBodyOf, draftOf, fieldsOf, shownText } from '../lib/content-form.ts';
import { phoneDocument } from '../lib/phone-document.ts';

const saved: AdminContentItem = {
  id: 7,
  kind: 'notice',
  slug: 'maintenance',
  state: 'draft',
  publish_at: 1_800_000_000,
  link: null,
  tone: 'brand',
  activity_type: null,
  starts_at: null,
  ends_at: null,
  pinned: false,
  sort: 0,
  languages: ['en', 'zh'],
  translations: {
    en: { title: 'Maintenance', summary: 'Tonight', body: '<p>From 02:00</p>' },
    zh: { title: '维护', summary: '今晚', body: '<p>02:00 起</p>' },
  },
};

describe('the content form', () => {
  it('shows a reader their language, and English where theirs has no title', () => {
    const draft = draftOf(saved);
    expect(shownText(draft, 'zh')).toEqual({ lang: 'zh', text: saved.translations.zh });
    expect(shownText(draft, 'de')).toEqual({ lang: 'en', text: saved.translations.en });
  });

  it('sends only the written languages, times in seconds', () => {
    const draft = draftOf(saved);
    draft.texts.de = { title: ' Wartung ', summary: '', body: '' };
    const fields = fieldsOf(draft);
    expect(Object.keys(fields.translations)).toEqual(['en', 'zh', 'de']);
    expect(fields.translations.de).toEqual({ title: 'Wartung', summary: '', body: '' });
    expect(fields.publish_at).toBe(1_800_000_000 - (1_800_000_000 % 60));
    expect(fields.activity_type).toBeNull();
  });

  it('needs English, a slug for a new item, and refuses to empty a saved language', () => {
    const fresh = draftOf(null, 'news');
    expect(checkContent(fresh, null)).toMatchObject({
      slug: 'content.errors.slug',
      'en.title': 'content.errors.englishRequired',
    });
    fresh.slug = 'spring-news';
    fresh.texts.en.title = 'Spring';
    fresh.texts.fr.body = '<p>printemps</p>';
    expect(checkContent(fresh, null)).toEqual({ 'fr.title': 'content.errors.titleNeeded' });
    fresh.texts.fr.body = '';
    expect(checkContent(fresh, null)).toEqual({});
    expect(createBodyOf(fresh, 'spring').kind).toBe('news');

    const edited = draftOf(saved);
    edited.texts.zh.title = '';
    expect(checkContent(edited, saved)['zh.title']).toBe('content.errors.cannotEmpty');
  });

  it('checks an activity’s dates', () => {
    const draft = draftOf(null, 'activity');
    draft.slug = 'gift';
    draft.texts.en.title = 'Gift';
    draft.starts_at = '2026-12-02T10:00';
    draft.ends_at = '2026-12-01T10:00';
    expect(checkContent(draft, null)).toEqual({ ends_at: 'content.errors.endsBeforeStart' });
    draft.ends_at = '2026-12-03T10:00';
    expect(fieldsOf(draft)).toMatchObject({ activity_type: 'promotion' });
  });

  it('draws the phone page with titles as text and the body as given', () => {
    const html = phoneDocument({
      kind: 'notice',
      heading: 'Notice',
      title: '<b>x</b>',
      summary: '',
      body: '<p>clean</p>',
      meta: 'Published',
      fallbackNote: 'Shown in English',
      tone: 'brand',
    });
    expect(html).toContain('<h1>&lt;b&gt;x&lt;/b&gt;</h1>');
    expect(html).toContain('<div class="body"><p>clean</p></div>');
    expect(html).toContain('Shown in English');
  });
});
