import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from '../lib/rich-text/rich-text.tsx';

function rendered(html: string): HTMLElement {
  const { container } = render(<RichText html={html} />);
  return container.firstElementChild as HTMLElement;
}

describe('the rich-text renderer', () => {
  it('keeps the allowed structure: headings, paragraphs, lists, emphasis', () => {
    const body = rendered('<h3>Rules</h3><p>One <strong>per</strong> day.</p><ol><li>a</li><li>b</li></ol>');
    expect(body.querySelector('h3')?.textContent).toBe('Rules');
    expect(body.querySelector('p strong')?.textContent).toBe('per');
    expect(body.querySelectorAll('ol > li')).toHaveLength(2);
  });

  it('drops script and style elements with their content', () => {
    const body = rendered('<p>safe</p><script>window.hacked = 1</script><style>p{display:none}</style>');
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('style')).toBeNull();
    expect(body.textContent).toBe('safe');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('drops every event handler and any other attribute not on the list', () => {
    const body = rendered(
      '<p onclick="alert(1)" style="color:red" class="x" id="y">text</p><img src="/api/index/image?id=abc" onerror="alert(1)">',
    );
    const p = body.querySelector('p')!;
    expect(p.getAttributeNames()).toEqual([]);
    const img = body.querySelector('img')!;
    expect(img.getAttribute('onerror')).toBeNull();
    expect(body.innerHTML).not.toMatch(/on(click|error)|style=|alert/);
  });

  it('drops javascript: and data: links, also when disguised, and keeps the text', () => {
    const body = rendered(
      [
        '<a href="javascript:alert(1)">one</a>',
        '<a href="JaVaScRiPt:alert(1)">two</a>',
        '<a href="java\tscript:alert(1)">three</a>',
        '<a href="&#106;avascript:alert(1)">four</a>',
        '<a href=" javascript:alert(1)">five</a>',
        '<a href="data:text/html,<script>alert(1)</script>">six</a>',
        '<a href="vbscript:x">seven</a>',
      ].join(''),
    );
    const links = Array.from(body.querySelectorAll('a'));
    expect(links).toHaveLength(7);
    for (const a of links) expect(a.hasAttribute('href')).toBe(false);
    expect(body.textContent).toBe('onetwothreefourfivesixseven');
  });

  it('keeps http(s), mailto and in-app links; outside links open apart from this page', () => {
    const body = rendered(
      '<a href="https://example.com/x">out</a><a href="#/pages/user/recharge">in</a><a href="mailto:a@b.c">mail</a>',
    );
    const [out, inApp, mail] = Array.from(body.querySelectorAll('a'));
    expect(out!.getAttribute('href')).toBe('https://example.com/x');
    expect(out!.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(out!.getAttribute('target')).toBe('_blank');
    expect(inApp!.getAttribute('href')).toBe('#/pages/user/recharge');
    expect(inApp!.hasAttribute('target')).toBe(false);
    expect(mail!.getAttribute('href')).toBe('mailto:a@b.c');
  });

  it("shows images only from the app's own store", () => {
    const body = rendered(
      [
        '<img src="/api/index/image?id=ok_1" alt="chart" width="300" height="abc">',
        '<img src="https://evil.example/track.gif">',
        '<img src="javascript:alert(1)">',
        '<img src="/api/index/image?id=ok&x=1">',
        '<img src="//evil.example/api/index/image?id=a">',
      ].join(''),
    );
    const images = Array.from(body.querySelectorAll('img'));
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('src')).toBe('/api/index/image?id=ok_1');
    expect(images[0]!.getAttribute('alt')).toBe('chart');
    expect(images[0]!.getAttribute('width')).toBe('300');
    expect(images[0]!.hasAttribute('height')).toBe(false);
  });

  it('unwraps unknown elements to their text and removes embedded documents', () => {
    const body = rendered(
      '<div><font color="red">kept</font></div><iframe src="https://evil.example"></iframe><svg><script>x</script></svg><form action="/x"><input value="v"><button>go</button></form>',
    );
    expect(body.querySelector('div, font, iframe, svg, form, input, button')).toBeNull();
    expect(body.textContent).toBe('keptgo');
  });

  it('treats markup inside text as text', () => {
    const body = rendered('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('p')!.textContent).toBe('<script>alert(1)</script>');
  });
});
