import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@app/contracts';
import { userInfoFixture } from '@app/contracts/fixtures';
import { initI18n } from '@app/i18n/client';
import SecurityPage from '../routes/security-page.tsx';
import { renderSignedInPage } from './render-account.tsx';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en' });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const FILE_NAME = 'my-data-alice01-2026-01-01.zip';
/** The first bytes of a ZIP: what the server answers on success stands in for the whole file. */
const ZIP_BYTES = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]);
const envelope = (data: unknown) => Response.json({ code: 200, key: 'ok', msg: 'ok', data });
const refusal = (status: number, key: string, field?: string) =>
  Response.json({ code: status, key, msg: '', data: field ? { field } : null }, { status });
const zip = () =>
  new Response(ZIP_BYTES, {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${FILE_NAME}"`,
    },
  });

/**
 * The server of the Security page: the user info, the sessions and the logins, and POST /api/user/export,
 * answered by `exportAnswer` for each export request in turn (its form body is kept).
 */
function fakeServer(
  exportAnswer: (body: URLSearchParams, n: number) => Response | Promise<Response>,
  user: Partial<UserInfo> = {},
) {
  const exports: URLSearchParams[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    if (init?.method === 'POST' && path.endsWith('/api/user/export')) {
      const body = new URLSearchParams(String(init.body ?? ''));
      exports.push(body);
      return exportAnswer(body, exports.length);
    }
    if (path.includes('/api/user/index')) return envelope(userInfoFixture({ frozen_at: null, ...user }));
    if (path.includes('/api/user/sessions') || path.includes('/api/user/logins')) return envelope({ items: [] });
    return Response.json({ code: 404, key: 'not_found', msg: '', data: null });
  });
  vi.stubGlobal('fetch', fetch);
  return { exports, fetch };
}

/** What the page saved: the link's name and the Blob behind its object URL. */
function watchSaves() {
  const blobs = new Map<string, Blob>();
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        const url = `blob:export-${++n}`;
        blobs.set(url, blob);
        return url;
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  const saved: Array<{ name: string; blob: Blob | undefined }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '') });
  });
  return saved;
}

const renderSecurity = () => renderSignedInPage(<SecurityPage />, '/pages/user/security', i18n);

const section = () => screen.findByTestId('data-export-section');
const downloadButton = async () => within(await section()).findByRole('button', { name: 'Download my data' });

describe('downloading my data from Security', () => {
  it('explains it, and saves the ZIP under the name the server gave it', async () => {
    const { exports, fetch } = fakeServer(() => zip());
    const saved = watchSaves();
    renderSecurity();
    const box = await section();
    expect(within(box).getByRole('heading', { name: 'Your data' })).toBeTruthy();
    expect(box.textContent).toContain(
      'A copy of everything we hold about you: profile, orders, money movements, messages, sessions and more, as JSON and CSV files in one ZIP.',
    );
    // No factor on: no field.
    expect(within(box).queryByTestId('second-factor-code')).toBeNull();
    // Below the sections that were there before.
    const sections = [...document.querySelectorAll('[data-testid$="-section"]')].map((s) =>
      s.getAttribute('data-testid'),
    );
    expect(sections.indexOf('data-export-section')).toBeGreaterThan(sections.indexOf('freeze-section'));

    fireEvent.click(await downloadButton());
    expect(await screen.findByText('Your data is downloading')).toBeTruthy();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe(FILE_NAME);
    expect(new Uint8Array(await saved[0]!.blob!.arrayBuffer())).toEqual(ZIP_BYTES);
    // One form-encoded POST with the session's token, no factor asked for.
    expect(exports).toHaveLength(1);
    expect(exports[0]!.has('second_factor_code')).toBe(false);
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/user/export'))!;
    expect((init!.headers as Record<string, string>).token).toBe('t');
    expect((init!.headers as Record<string, string>)['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('shows progress and cannot send twice while the file is on its way', async () => {
    let answer!: (r: Response) => void;
    // The export answers only when the test says so.
    const { exports } = fakeServer(() => new Promise<Response>((resolve) => (answer = resolve)));
    const saved = watchSaves();
    renderSecurity();
    const button = await downloadButton();
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(button.closest('form')!);
    expect(exports).toHaveLength(1);
    answer(zip());
    expect(await screen.findByText('Your data is downloading')).toBeTruthy();
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    expect(saved.map((s) => s.name)).toEqual([FILE_NAME]);
    expect(exports).toHaveLength(1);
  });

  it('asks for the second factor when the server requires one, and sends it with the retry', async () => {
    const { exports } = fakeServer((body) =>
      body.get('second_factor_code') === '123456'
        ? zip()
        : refusal(403, 'second_factor_required', 'second_factor_code'),
    );
    const saved = watchSaves();
    renderSecurity();
    fireEvent.click(await downloadButton());

    // The refusal's words under the field that appeared, and nothing saved.
    const box = await section();
    const input = await within(box).findByTestId('second-factor-code');
    expect(within(box).getByRole('alert').textContent).toBe(i18n.t('second_factor_required', { ns: 'errors' }));
    expect(saved).toEqual([]);
    expect(exports).toHaveLength(1);

    // The field stays while the code is typed; the retry carries it.
    fireEvent.change(input, { target: { value: ' 123456 ' } });
    expect(within(box).getByTestId('second-factor-code')).toBe(input);
    fireEvent.click(await downloadButton());
    expect(await screen.findByText('Your data is downloading')).toBeTruthy();
    expect(exports).toHaveLength(2);
    expect(exports[1]!.get('second_factor_code')).toBe('123456');
    expect(saved.map((s) => s.name)).toEqual([FILE_NAME]);
    // A used code is not kept.
    expect((within(box).getByTestId('second-factor-code') as HTMLInputElement).value).toBe('');
  });

  it('a user with a factor on is asked for it up front; an empty field sends nothing, a wrong code says so', async () => {
    const { exports } = fakeServer(() => refusal(400, 'second_factor_wrong', 'second_factor_code'), {
      second_factor: true,
      second_factors: { authenticator: true, passkeys: 0 },
    });
    const saved = watchSaves();
    renderSecurity();
    const box = await section();
    const input = await within(box).findByTestId('second-factor-code');
    fireEvent.click(await downloadButton());
    expect(within(box).getByRole('alert').textContent).toBe(i18n.t('second_factor_required', { ns: 'errors' }));
    expect(exports).toHaveLength(0);

    fireEvent.change(input, { target: { value: '000000' } });
    fireEvent.click(await downloadButton());
    await waitFor(() =>
      expect(within(box).getByRole('alert').textContent).toBe(i18n.t('second_factor_wrong', { ns: 'errors' })),
    );
    expect(exports.map((b) => b.get('second_factor_code'))).toEqual(['000000']);
    expect(saved).toEqual([]);
  });

  it('shows a refusal in the reader’s language (too many requests), and saves nothing', async () => {
    await i18n.changeLanguage('zh');
    fakeServer(() => refusal(429, 'too_many_requests'));
    const saved = watchSaves();
    renderSecurity();
    const box = await section();
    expect(within(box).getByRole('heading', { name: '您的数据' })).toBeTruthy();
    fireEvent.click(await within(box).findByRole('button', { name: '下载我的数据' }));
    const words = i18n.t('too_many_requests', { ns: 'errors' });
    expect(words).not.toBe('too_many_requests');
    expect(words).not.toBe(i18n.t('too_many_requests', { ns: 'errors', lng: 'en' }));
    expect(await screen.findByText(words)).toBeTruthy();
    expect(saved).toEqual([]);
    expect(within(box).queryByTestId('second-factor-code')).toBeNull();
  });
});
