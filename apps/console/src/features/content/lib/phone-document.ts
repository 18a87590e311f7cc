/**
 * The phone preview's page: the sanitised body the server returned, inside the app's article card, in a document of
 * its own. It is shown in an iframe with an empty `sandbox` (no scripts, no same-origin access), so whatever the
 * body holds cannot act on the console. Colours and sizes are the app's tokens (packages/ui tokens.css, light).
 */

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const TONES: Record<string, string> = {
  brand: 'linear-gradient(135deg,#1a56db,#3b82f6)',
  up: 'linear-gradient(135deg,#0e9f6e,#31c48d)',
  gold: 'linear-gradient(135deg,#b7791f,#f6ad55)',
  info: 'linear-gradient(135deg,#0694a2,#16bdca)',
  violet: 'linear-gradient(135deg,#6c2bd9,#9061f9)',
};

const STYLE = `
*{box-sizing:border-box}
html,body{margin:0;background:#f4f6f9;color:#111827;font:15px/1.55 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"PingFang SC","Hiragino Sans","Noto Sans",sans-serif}
.bar{position:sticky;top:0;display:flex;align-items:center;justify-content:center;height:44px;padding:0 48px;background:#fff;border-bottom:1px solid #e5e7eb;font-weight:700;font-size:17px}
.bar span{position:absolute;left:16px;color:#111827;font-size:26px;line-height:1}
.card{display:grid;gap:12px;margin:12px 16px 16px;padding:16px;background:#fff;border-radius:16px}
.card>*{margin:0}
h1{margin:0;font-size:18px;line-height:1.35;overflow-wrap:anywhere}
.meta,.note{font-size:12px;color:#3f4754}
.note{padding:8px 10px;border-radius:8px;background:#fef3c7}
.body{display:grid;gap:12px;color:#3f4754;overflow-wrap:anywhere}
.body>*{margin:0}.body h2,.body h3{color:#111827;font-size:15px}.body ul,.body ol{padding-inline-start:1.25em;margin:0}
.body a{color:#1a56db}.body img{max-width:100%;height:auto;border-radius:8px}
.body table{border-collapse:collapse;width:100%}.body td,.body th{border:1px solid #e5e7eb;padding:4px 6px}
.banner{margin:12px 16px;padding:20px 16px;border-radius:16px;color:#fff;min-height:120px;display:grid;align-content:end;gap:4px}
.banner h1{font-size:20px}.banner p{margin:0;font-size:13px;opacity:.9}
.lead{margin:0;color:#3f4754}
`;

export type PhonePage = {
  kind: 'banner' | 'notice' | 'news' | 'activity';
  /** The page's name in the app's header bar ("Notice", "News", ...). */
  heading: string;
  title: string;
  summary: string;
  /** Sanitised HTML, as the server stores it. */
  body: string;
  /** "Published 27 Nov 2026, 20:00", or the activity's dates. */
  meta: string;
  /** Shown when the reader's language has no text and English stands in. */
  fallbackNote: string | null;
  tone: string;
};

export function phoneDocument(page: PhonePage): string {
  const note = page.fallbackNote ? `<p class="note">${escape(page.fallbackNote)}</p>` : '';
  const content =
    page.kind === 'banner'
      ? `<section class="banner" style="background:${TONES[page.tone] ?? TONES.brand}"><h1>${escape(page.title)}</h1>` +
        `<p>${escape(page.summary)}</p></section><div class="card">${note}</div>`
      : `<article class="card"><h1>${escape(page.title)}</h1><p class="meta">${escape(page.meta)}</p>${note}` +
        (page.body ? `<div class="body">${page.body}</div>` : `<p class="lead">${escape(page.summary)}</p>`) +
        `</article>`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><style>${STYLE}</style></head><body><header class="bar"><span>‹</span>${escape(page.heading)}</header>${content}</body></html>`;
}
