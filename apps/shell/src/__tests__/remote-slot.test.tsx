import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRemoteModule, RemoteLoadError, resetRemoteModules } from '@app/app-kit';
import { RemoteSlot } from '../remotes/remote-slot.tsx';
import { renderRoutes } from './render.tsx';

beforeEach(() => resetRemoteModules());
afterEach(() => vi.useRealTimers());

describe('loadRemoteModule', () => {
  it('gives up after the timeout with a timeout error', async () => {
    vi.useFakeTimers();
    const pending = loadRemoteModule('trade/routes', { timeoutMs: 60_000, load: () => new Promise(() => {}) });
    const assertion = expect(pending).rejects.toMatchObject({ name: 'RemoteLoadError', reason: 'timeout' });
    await vi.advanceTimersByTimeAsync(60_000);
    await assertion;
  });

  it('turns a failed or empty load into a RemoteLoadError', async () => {
    await expect(
      loadRemoteModule('x/y', { load: async () => Promise.reject(new Error('404')) }),
    ).rejects.toBeInstanceOf(RemoteLoadError);
    await expect(loadRemoteModule('x/y', { load: async () => null })).rejects.toMatchObject({ reason: 'failed' });
  });
});

describe('RemoteSlot', () => {
  it('shows a translated error with retry inside the slot, and retry loads again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new RemoteLoadError('wallet/routes', 'failed');
      return { default: () => <p>wallet page</p> };
    });
    await renderRoutes(
      [
        {
          path: '/pages/user/wallet',
          element: (
            <>
              <p>outside the slot</p>
              <RemoteSlot remote="wallet" load={load} />
            </>
          ),
        },
      ],
      '/pages/user/wallet',
    );
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('This page could not be loaded')).toBeTruthy();
    expect(screen.getByText('outside the slot')).toBeTruthy();
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText('wallet page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the loading view only after 200 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const load = vi.fn(() => new Promise<never>(() => {}));
    await renderRoutes([{ path: '/', element: <RemoteSlot remote="trade" load={load} /> }], '/');
    await act(async () => vi.advanceTimersByTime(150));
    expect(screen.queryByText('Loading…')).toBeNull();
    await act(async () => vi.advanceTimersByTime(100));
    expect(screen.getByText('Loading…')).toBeTruthy();
  });
});

describe('RemoteSlot reused for another remote', () => {
  it("does not carry one remote's error over to the next", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(async (id: string) => {
      if (id.startsWith('invest/')) throw new RemoteLoadError(id, 'failed');
      return { default: () => <p>account page</p> };
    });
    const { router } = await renderRoutes(
      [
        { path: '/invest', element: <RemoteSlot remote="invest" load={load} /> },
        { path: '/account', element: <RemoteSlot remote="account" load={load} /> },
      ],
      '/invest',
    );
    expect(await screen.findByText('This page could not be loaded')).toBeTruthy();
    await act(async () => router.navigate('/account'));
    expect(await screen.findByText('account page')).toBeTruthy();
  });
});
