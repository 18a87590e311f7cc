import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@app/i18n/client';
import { RemoteWidget } from '../components/remote-widget.tsx';

const runtime = vi.hoisted(() => ({ instances: [] as Array<{ name: string; loadRemote: (id: string) => unknown }> }));
vi.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: (finder: (i: { name: string }) => boolean) => runtime.instances.find(finder) ?? null,
}));
const { loadRemoteWidget } = await import('../lib/load-remote-widget.ts');

let i18next: i18n;
beforeAll(async () => {
  i18next = await initI18n({ lang: 'en' });
});
afterEach(() => {
  runtime.instances = [];
  vi.useRealTimers();
});

describe('loadRemoteWidget', () => {
  it("loads through the shell's federation instance, not this remote's", async () => {
    const Widget = () => <p>project orders</p>;
    const shell = { name: 'shell', loadRemote: vi.fn(async () => ({ default: Widget })) };
    runtime.instances = [{ name: 'trade', loadRemote: vi.fn(async () => null) }, shell];
    await expect(loadRemoteWidget('invest/project-orders')).resolves.toEqual({ default: Widget });
    expect(shell.loadRemote).toHaveBeenCalledWith('invest/project-orders');
  });

  it('rejects when there is no host, when the runtime answers nothing, and after the timeout', async () => {
    await expect(loadRemoteWidget('invest/project-orders')).rejects.toThrow(/No federation host/);
    runtime.instances = [{ name: 'shell', loadRemote: async () => null }];
    await expect(loadRemoteWidget('invest/project-orders')).rejects.toThrow(/exposes no component/);
    vi.useFakeTimers();
    runtime.instances = [{ name: 'shell', loadRemote: () => new Promise(() => {}) }];
    const pending = expect(loadRemoteWidget('invest/project-orders', { timeoutMs: 1000 })).rejects.toThrow(/timed out/);
    await vi.advanceTimersByTimeAsync(1000);
    await pending;
  });
});

describe('RemoteWidget', () => {
  it('shows a translated error with retry in its panel, and retry loads again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error('invest is down');
      return { default: () => <p>project orders</p> };
    });
    render(
      <I18nextProvider i18n={i18next}>
        <p>the other tabs</p>
        <RemoteWidget id="invest/project-orders" load={load} />
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
});
