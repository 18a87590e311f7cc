import { createElement, Fragment, useMemo, type ReactNode } from 'react';
import { apiClientConfig } from '@app/api-client';
import { RICH_TEXT_IMAGE, RICH_TEXT_TAGS } from '@app/contracts';
import styles from './rich-text.module.css';

/**
 * Article and activity bodies. The server already sanitises them when an operator saves them; this renderer
 * does not rely on that: it parses the HTML inertly (DOMParser runs no scripts and loads nothing) and builds
 * React elements from an allow-list of tags and attributes, so nothing the list does not name reaches the
 * page. Unknown elements keep their text; script, style and similar lose everything.
 */
const TAGS = new Set<string>(RICH_TEXT_TAGS);
/** Elements whose content is code or metadata, never readable text. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'head',
  'title',
]);
const VOID = new Set(['br', 'hr', 'img']);
const SAFE_LINK = /^(https?:|mailto:|#\/)/i;

function safeHref(raw: string | null): string | null {
  if (!raw) return null;
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"); so do we, before testing.
  const href = Array.from(raw)
    .filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('');
  return SAFE_LINK.test(href) ? href : null;
}

function dimension(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 && n <= 4000 ? n : undefined;
}

function attributesFor(el: Element, key: string): Record<string, unknown> | null {
  const tag = el.tagName.toLowerCase();
  if (tag === 'a') {
    const href = safeHref(el.getAttribute('href'));
    const props: Record<string, unknown> = { key, title: el.getAttribute('title') ?? undefined };
    if (!href) return props;
    props.href = href;
    if (/^https?:/i.test(href)) {
      props.target = '_blank';
      props.rel = 'noopener noreferrer nofollow';
    }
    return props;
  }
  if (tag === 'img') {
    const src = el.getAttribute('src') ?? '';
    if (!RICH_TEXT_IMAGE.test(src)) return null;
    return {
      key,
      src: `${apiClientConfig().baseUrl}${src}`,
      alt: el.getAttribute('alt') ?? '',
      width: dimension(el.getAttribute('width')),
      height: dimension(el.getAttribute('height')),
      loading: 'lazy',
      className: styles.image,
    };
  }
  if (tag === 'th') {
    const scope = el.getAttribute('scope');
    return { key, scope: scope === 'row' || scope === 'col' ? scope : undefined };
  }
  return { key };
}

function toReact(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROP_WITH_CONTENT.has(tag)) return null;
  const children = Array.from(el.childNodes, (child, i) => toReact(child, `${key}.${i}`));
  if (!TAGS.has(tag)) return createElement(Fragment, { key }, ...children);
  const props = attributesFor(el, key);
  if (!props) return null;
  if (VOID.has(tag)) return createElement(tag, props);
  return createElement(tag, props, ...children);
}

/** The React elements for a body; exported for tests. */
export function richTextNodes(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  return Array.from(doc.body.childNodes, (node, i) => toReact(node, String(i)));
}

export function RichText({ html, className }: { html: string; className?: string }) {
  const nodes = useMemo(() => richTextNodes(html), [html]);
  return <div className={[styles.body, className].filter(Boolean).join(' ')}>{nodes}</div>;
}
