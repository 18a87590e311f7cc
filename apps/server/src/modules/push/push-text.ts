import { isMessageKey, type Language, type PushKind, type PushPayload } from '@app/contracts';
import { translate, translateInbox } from '@app/i18n/catalogue';
import type { PushMessage } from './push.table.ts';

/** Push payloads must fit the push service's limit (4 KiB after encryption); a body longer than this is cut. */
const BODY_LIMIT = 1_000;

/**
 * What a device shows for one queued notification, in the user's language as it is when it is sent, and starting
 * with their anti-phishing code where they set one, as every message of ours does.
 */
export function renderPush(
  row: { kind: string; message: PushMessage; link: string | null; tag: string },
  lang: Language,
  antiPhishingCode: string | null,
): PushPayload {
  const text = textOf(row.message, lang);
  const body = antiPhishingCode
    ? `${translate(lang, 'anti_phishing_line', { code: antiPhishingCode })}\n${text.body}`
    : text.body;
  return {
    kind: row.kind as PushKind,
    title: text.title,
    body: body.length > BODY_LIMIT ? `${body.slice(0, BODY_LIMIT - 1)}…` : body,
    link: row.link,
    tag: row.tag,
  };
}

function textOf(message: PushMessage, lang: Language): { title: string; body: string } {
  if ('inbox' in message)
    return translateInbox(lang, message.inbox, message.params) ?? { title: message.inbox, body: '' };
  const params = localised(message.params, lang);
  return { title: keyText(lang, message.title, params), body: keyText(lang, message.body, params) };
}

const keyText = (lang: Language, key: string, params: Record<string, string | number>) =>
  isMessageKey(key) ? translate(lang, key, params) : key;

/** A parameter that names a word rather than a value (an order's direction) is written in the reader's language. */
function localised(params: Record<string, string | number>, lang: Language): Record<string, string | number> {
  const direction = params.direction;
  if (direction !== 'up' && direction !== 'down') return params;
  return { ...params, direction: translate(lang, direction === 'up' ? 'push_direction_up' : 'push_direction_down') };
}
