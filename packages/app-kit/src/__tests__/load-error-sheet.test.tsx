import { act, fireEvent, render, screen } from '@testing-library/react';
import { Profiler, type ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { ApiError } from '@app/api-client';
import { initI18n } from '@app/i18n/client';
import { apiErrorText } from '../api-error-text.ts';
import { BottomSheet } from '../bottom-sheet/bottom-sheet.tsx';
import { LoadError } from '../load-error.tsx';

async function renderEn(ui: ReactElement) {
  const i18n = await initI18n({ lang: 'en' });
  render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
  return i18n;
}

describe('LoadError', () => {
  it('says what failed in the current language and retries', async () => {
    const onRetry = vi.fn();
    await renderEn(<LoadError error={new TypeError('Failed to fetch')} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('retries by itself when the device comes back online', async () => {
    const onRetry = vi.fn();
    await renderEn(<LoadError error={new TypeError('Failed to fetch')} onRetry={onRetry} />);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('apiErrorText', () => {
  it("prefers the server's own words, then the catalogue text of its key, then a network error", async () => {
    const i18n = await initI18n({ lang: 'en' });
    const t = i18n.t.bind(i18n);
    const refusal: ApiError = { code: 400, key: 'wrong_password', msg: 'From the server', kind: 'refused' };
    expect(apiErrorText(refusal, t)).toBe('From the server');
    expect(apiErrorText({ ...refusal, msg: '' }, t)).toBe('Wrong login password, please try again');
    expect(apiErrorText(new Error('offline'), t)).toBe(i18n.t('network_error', { ns: 'errors' }));
  });
});

describe('BottomSheet', () => {
  it('is a labelled modal dialog that takes focus and closes on Escape and on the close button', async () => {
    const onClose = vi.fn();
    await renderEn(
      <BottomSheet open title="Buy rise" onClose={onClose} footer={<button type="button">Confirm</button>}>
        <p>terms</p>
      </BottomSheet>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Buy rise' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(dialog);
    act(() => void fireEvent.keyDown(dialog, { key: 'Escape' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('mounted closed, schedules no render of its own (React defers a first render only for an initial value)', async () => {
    const commits = vi.fn();
    await renderEn(
      <Profiler id="sheet" onRender={commits}>
        <BottomSheet open={false} title="Buy rise" onClose={() => {}}>
          <p>terms</p>
        </BottomSheet>
      </Profiler>,
    );
    // Let any deferred render the mount asked for run.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(commits).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
