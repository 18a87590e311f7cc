import type { ReplyTemplate } from '@app/contracts';

/** A reply template as the server answers one: for refusing deposits and real names, in English and Chinese. */
export const replyTemplate = (extra: Partial<ReplyTemplate> = {}): ReplyTemplate => ({
  id: 4,
  name: 'Screenshot unreadable',
  uses: ['deposit_refuse', 'kyc_refuse'],
  texts: { en: 'The picture could not be read. Please send a clear one.', zh: '图片无法辨认，请重新上传。' },
  created_by: 'sam',
  created_at: 1_700_000_000,
  updated_by: 'sam',
  updated_at: 1_700_000_000,
  ...extra,
});
