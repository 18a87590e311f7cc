import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@app/i18n/client';

const runtime = vi.hoisted(() => ({ instances: [] as Array<{ name: string; loadRemote: (id: string) => unknown }> }));
vi.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: (finder: (i: { name: string }) => boolean) => runtime.instances.find(finder) ?? null,
}));
const { loadRemoteModule, loadThroughHost, RemoteLoadError } = await import('../remote-module/load-remote-module.ts');
const { RemoteModule, resetRemoteModules } = await import('../remote-module/remote-module.tsx');

let i18next: i18n;
beforeAll(async () => {
  i18next = await initI18n({ lang: 'en' });
});
beforeEach(() => resetRemoteModules());
afterEach(() => {
  runtime.instances = [];
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loadRemoteModule', () => {
  it("loads through the shell's federation instance, from the shell or from inside a remote", async () => {
    const Widget = () => <p>project orders</p>;
    const shell = { name: 'shell', loadRemote: vi.fn(async () => ({ default: Widget })) };
    runtime.instances = [{ name: 'trade', loadRemote: vi.fn(async () => null) }, shell];
    await expect(loadRemoteModule('invest/project-orders')).resolves.toEqual({ default: Widget });
    expect(shell.loadRemote).toHaveBeenCalledWith('invest/project-orders');
  });

  it('fails without a host, when the runtime answers nothing, and after the timeout, each as a RemoteLoadError', async () => {
    await expect(loadThroughHost('invest/project-orders')).rejects.toThrow(/No federation host/);
    await expect(loadRemoteModule('invest/project-orders')).rejects.toMatchObject({ reason: 'failed' });
    runtime.instances = [{ name: 'shell', loadRemote: async () => null }];
    await expect(loadRemoteModule('invest/project-orders')).rejects.toBeInstanceOf(RemoteLoadError);
    vi.useFakeTimers();
    runtime.instances = [{ name: 'shell', loadRemote: () => new Promise(() => {}) }];
    const pending = expect(loadRemoteModule('invest/project-orders', { timeoutMs: 1000 })).rejects.toMatchObject({
      name: 'RemoteLoadError',
      reason: 'timeout',
    });
    await vi.advanceTimersByTimeAsync(1000);
    await pending;
  });
});

describe('RemoteModule', () => {
  it("shows a widget's translated error with retry in its place, and retry loads again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const load = vi.fn(async (id: string) => {
      if (fail) throw new RemoteLoadError(id, 'failed');
      return { default: () => <p>project orders</p> };
    });
    render(
      <I18nextProvider i18n={i18next}>
        <p>the other tabs</p>
        <RemoteModule id="invest/project-orders" variant="widget" load={load} />
      </I18nextProvider>,
    );
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('This section could not be loaded')).toBeTruthy();
    expect(screen.getByText('the other tabs')).toBeTruthy();
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText('project orders')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says a timed-out page took too long, in the frame its caller gives it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(async (id: string) => Promise.reject(new RemoteLoadError(id, 'timeout')));
    render(
      <I18nextProvider i18n={i18next}>
        <RemoteModule
          id="wallet/routes"
          load={load}
          renderError={(error, retry) => (
            <section aria-label="frame">
              <button onClick={retry}>{error.message}</button>
            </section>
          )}
        />
      </I18nextProvider>,
    );
    expect((await screen.findByRole('region', { name: 'frame' })).textContent).toBe(
      'Remote module wallet/routes timed out',
    );
  });
});
