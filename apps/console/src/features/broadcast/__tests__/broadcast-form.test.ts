import { describe, expect, it } from 'vitest';
import { broadcastBodyOf, checkBroadcast, emptyBroadcast } from '../lib/broadcast-form.ts';

describe('the broadcast form', () => {
  it('needs English, names half-written languages, and sends only whole ones', () => {
    const draft = emptyBroadcast();
    expect(checkBroadcast(draft)).toEqual({
      'en.title': 'broadcast.errors.englishRequired',
      'en.body': 'broadcast.errors.englishRequired',
    });
    draft.en = { title: 'Holiday hours', body: 'Withdrawals pause on 1 January.' };
    draft.zh = { title: '假期安排', body: '' };
    expect(checkBroadcast(draft)).toEqual({ 'zh.body': 'broadcast.errors.both' });
    draft.zh.body = '1月1日暂停提现。';
    expect(checkBroadcast(draft)).toEqual({});
    expect(broadcastBodyOf(draft, 'holiday')).toEqual({
      all: true,
      title: 'Holiday hours',
      body: 'Withdrawals pause on 1 January.',
      translations: { zh: { title: '假期安排', body: '1月1日暂停提现。' } },
      reason: 'holiday',
    });
  });
});
