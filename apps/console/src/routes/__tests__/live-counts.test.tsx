import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../lib/session-slice.ts';
import { mockServer, renderWithStore } from '../../test-support/render.tsx';
import { ConsoleLayout } from '../console-layout.tsx';
import { DepositQueue } from '../../features/deposits/components/deposit-queue.tsx';

/** The browser's EventSource, by hand: the test sends the events a node would. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listen: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listen);
  }
  close() {
    this.closed = true;
  }
  emit(data: object) {
    act(() => this.listeners.get('counts')!(new MessageEvent('counts', { data: JSON.stringify(data) })));
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('live queues in the console', () => {
  it('shows the waiting counts in the navigation and reads a queue again when something new arrives', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { calls } = mockServer({ 'GET /admin/deposits': { data: { items: [], total: 0, page: 1, size: 20 } } });
    const { store } = renderWithStore(
      <MemoryRouter>
        <ConsoleLayout />
        <DepositQueue />
      </MemoryRouter>,
    );
    act(() => {
      store.dispatch(
        signedIn({
          operator: {
            id: 1,
            name: 'fay',
            role: 'finance',
            totp_enrolled: true,
            disabled: false,
            created_by: null,
            created_at: 1_700_000_000,
            last_login_at: null,
          },
          permissions: ['money.review'],
          csrf_token: 'csrf',
          expires_at: 2_000_000_000,
        }),
      );
    });
    await vi.waitFor(() => expect(FakeEventSource.last?.url).toBe('/admin/live'));
    const source = FakeEventSource.last!;
    await vi.waitFor(() => expect(calls.filter((c) => c.path.startsWith('/admin/deposits'))).toHaveLength(1));

    source.emit({ counts: { deposits: 2, withdrawals: 0, approvals: 0 }, marks: { deposits: 7, withdrawals: 0 } });
    expect((await screen.findByTestId('waiting-deposits')).textContent).toBe('2');
    expect(screen.queryByTestId('waiting-withdrawals')).toBeNull();
    // The first event says where things stand: nothing is read again.
    expect(calls.filter((c) => c.path.startsWith('/admin/deposits'))).toHaveLength(1);

    // A new deposit: the count moves and the open queue is read again, without a reload.
    source.emit({ counts: { deposits: 3, withdrawals: 0, approvals: 0 }, marks: { deposits: 8, withdrawals: 0 } });
    expect(screen.getByTestId('waiting-deposits').textContent).toBe('3');
    await vi.waitFor(() => expect(calls.filter((c) => c.path.startsWith('/admin/deposits'))).toHaveLength(2));
  });
});
