import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_IMAGE, RICH_TEXT_TAGS } from '@app/contracts';

/**
 * Rich text of articles and activities, cleaned when an operator saves it (and again on every seed write):
 * an allow-list of harmless tags and attributes; scripts, styles, event handlers, iframes and every URL
 * scheme other than http(s) and mailto disappear; images only from the app's own store
 * (/api/index/image?id=...). Links to other sites open in a new tab without access to the opener.
 */

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], th: ['scope'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !RICH_TEXT_IMAGE.test(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:/i.test(href);
      return {
        tagName,
        attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } : attribs,
      };
    },
  },
};
// target and rel are set by the transform above, never taken from input.
OPTIONS.allowedAttributes = { ...(OPTIONS.allowedAttributes as object), a: ['href', 'title', 'target', 'rel'] };

export function sanitiseRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Titles and summaries are plain text: any markup is dropped, entities kept as text. */
export function plainText(value: string): string {
  return sanitizeHtml(value, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
}
