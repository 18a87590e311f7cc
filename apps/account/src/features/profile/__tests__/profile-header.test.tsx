import { render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@app/api-client';
import type { UserInfo } from '@app/contracts';
import { initI18n } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { ProfileHeader } from '../components/profile-header.tsx';
import { userInfoFixture } from '@app/contracts/fixtures';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});
afterEach(() => vi.unstubAllGlobals());

const USER: UserInfo = userInfoFixture();

function renderHeader(user: UserInfo) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return new Response('webp', { headers: { 'content-type': 'image/webp' } });
    }),
  );
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:picture', revokeObjectURL: () => {} }));
  const store = makeStore({ session: { token: 't', endedBecause: null } });
  const tree = (shown: UserInfo) => (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <ProfileHeader user={shown} />
        </Suspense>
      </I18nextProvider>
    </Provider>
  );
  const view = render(tree(user));
  const show = (next: UserInfo) => view.rerender(tree(next));
  return { asked, show };
}

describe("Mine's profile header", () => {
  it('shows the initial and asks for no picture when the summary names none', async () => {
    const { asked } = renderHeader(USER);
    expect(await screen.findByText('d')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('shows the picture the summary names, and the new one after an upload', async () => {
    const { asked, show } = renderHeader({ ...USER, avatar_id: 'first' });
    await waitFor(() => expect(document.querySelector('img')?.getAttribute('src')).toBe('blob:picture'));
    expect(asked).toEqual(['/api/user/avatar']);
    show({ ...USER, avatar_id: 'second' });
    await waitFor(() => expect(asked).toEqual(['/api/user/avatar', '/api/user/avatar']));
  });
});
