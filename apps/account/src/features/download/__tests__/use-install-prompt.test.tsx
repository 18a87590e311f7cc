import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAppleMobile, useInstallPrompt, type InstallPromptEvent } from '../hooks/use-install-prompt.ts';

function Harness() {
  const { state, install } = useInstallPrompt();
  return (
    <div>
      <p data-testid="state">{state}</p>
      {state === 'available' && (
        <button type="button" onClick={() => void install()}>
          install
        </button>
      )}
    </div>
  );
}

function offer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent;
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

afterEach(() => {
  delete (window as { __APP_INSTALL_PROMPT__?: unknown }).__APP_INSTALL_PROMPT__;
  vi.unstubAllGlobals();
});

describe("the browser's install offer", () => {
  it('has no button until the browser offers an install', () => {
    render(<Harness />);
    expect(screen.getByTestId('state').textContent).toBe('unavailable');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the button when the offer comes, prompts on click, and says installed when accepted', async () => {
    render(<Harness />);
    const { event, prompt } = offer('accepted');
    act(() => void window.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true); // the page's own button offers it, not the browser's bar
    expect(screen.getByTestId('state').textContent).toBe('available');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'install' })));
    expect(prompt).toHaveBeenCalledOnce();
    expect(screen.getByTestId('state').textContent).toBe('installed');
  });

  it('uses an offer the boot script kept before the page loaded, and drops it once dismissed', async () => {
    const { event, prompt } = offer('dismissed');
    (window as { __APP_INSTALL_PROMPT__?: unknown }).__APP_INSTALL_PROMPT__ = event;
    render(<Harness />);
    expect(screen.getByTestId('state').textContent).toBe('available');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'install' })));
    expect(prompt).toHaveBeenCalledOnce();
    expect(screen.getByTestId('state').textContent).toBe('unavailable');
  });

  it('says installed when the browser reports the app installed', () => {
    render(<Harness />);
    act(() => void window.dispatchEvent(offer('accepted').event));
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(screen.getByTestId('state').textContent).toBe('installed');
  });

  it('recognises iPhone and iPad Safari, which install only by hand', () => {
    const win = (userAgent: string, platform = 'iPhone', maxTouchPoints = 5) =>
      ({ navigator: { userAgent, platform, maxTouchPoints } }) as unknown as Window;
    expect(isAppleMobile(win('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1'))).toBe(true);
    expect(isAppleMobile(win('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1', 'MacIntel', 5))).toBe(
      true,
    );
    expect(isAppleMobile(win('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1', 'MacIntel', 0))).toBe(
      false,
    );
    expect(isAppleMobile(win('Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile', 'Linux armv8l'))).toBe(false);
  });
});
