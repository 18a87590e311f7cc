import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { OrderDetail, OrderProof } from '@app/contracts';
import { initI18n } from '@app/i18n/client';
import { canonical, type OrderVerification } from '@app/verifier';
import { NS } from '../../../i18n-namespace.ts';
import { OrderProofView } from '../components/order-proof.tsx';

// The three states of "Verify this order" as a person reads them: the verdict first, what failed named in their
// language, and a way to check again unless verified.

const placed = {
  type: 'order_placed',
  v: 1,
  order_id: 7,
  user: 'a'.repeat(64),
  product: 'BTC/USDT',
  direction: 'up',
  stake: '100.00',
  fee: '0.50',
  terms: { seconds: 30, payout_pct: '80.00', loss_pct: '100.00', fee_pct: '0.50' },
  open_second: 1_800_000_000,
  open_price: '67000.00',
} as const;
const openPrice = {
  type: 'price_second',
  v: 1,
  symbol: 'BTC/USDT',
  second: 1_800_000_000,
  price: '67000.00',
  source: 'binance',
  trade_id: '4012345678',
} as const;

const order = {
  id: 7,
  symbol: 'BTC/USDT',
  direction: 'up',
  amount: '100.00',
  fee: '0.50',
  seconds: 30,
  payout_pct: '80.00',
  loss_pct: '100.00',
  open_price: '67000.00',
  open_time: 1_800_000_000,
  settle_time: 1_800_000_030,
  settle_price: null,
  status: 'open',
  result: null,
  payout: null,
  mode: 'real',
} as unknown as OrderDetail;
const proof: OrderProof = { order_id: 7, entries: [], journals: [] };
const head = { tree_size: 5, root_hash: 'ab'.repeat(32), timestamp: 1_800_000_001_000, key_id: 'cd'.repeat(32) };

function verification(status: OrderVerification['status'], problems: OrderVerification['problems'] = []) {
  return {
    status,
    problems,
    arithmetic: { fee: '0.50', profit: '80.00', lost: '100.00', payout: '100.00', result: null },
    entries: [
      {
        role: 'placed',
        index: 3,
        entry: placed,
        data: canonical(placed),
        state: status === 'failed' ? 'failed' : 'included',
        auditPath: ['ef'.repeat(32)],
      },
      {
        role: 'open_price',
        index: status === 'pending' ? null : 2,
        entry: openPrice,
        data: canonical(openPrice),
        state: status === 'pending' ? 'queued' : 'included',
        auditPath: [],
      },
    ],
  } as OrderVerification;
}

async function show(lang: 'en' | 'zh', v: OrderVerification, onRetry = () => {}) {
  const i18n = await initI18n({ lang, namespaces: [NS] });
  render(
    <I18nextProvider i18n={i18n}>
      <Suspense fallback={null}>
        <OrderProofView order={order} proof={proof} head={head} verification={v} onRetry={onRetry} />
      </Suspense>
    </I18nextProvider>,
  );
  return screen.findByTestId('verify-status');
}

describe('Verify this order', () => {
  it('says verified, shows the trade behind the price and the entry bytes, and offers no retry', async () => {
    const status = await show('en', verification('verified'));
    expect(status.getAttribute('data-status')).toBe('verified');
    expect(status.textContent).toContain('Verified in your browser');
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    expect(screen.getByTestId('verify-openPrice').textContent).toContain('Binance trade 4012345678');
    expect(screen.getByTestId('verify-entry-placed').textContent).toContain(canonical(placed));
  });

  it('names each failed check in the reader language, with its detail', async () => {
    const status = await show(
      'zh',
      verification('failed', [{ check: 'inclusion', detail: 'placed: entry 3 is not in the tree of 5 entries' }]),
    );
    expect(status.textContent).toContain('验证失败');
    const problems = screen.getByTestId('verify-problems');
    expect(problems.textContent).toContain('包含证明');
    expect(problems.textContent).toContain('entry 3 is not in the tree of 5 entries');
    expect(screen.getByTestId('verify-entry-placed').getAttribute('data-state')).toBe('failed');
  });

  it('says not yet sequenced while an entry is queued, and checks again on request', async () => {
    const onRetry = vi.fn();
    const status = await show('en', verification('pending'), onRetry);
    expect(status.textContent).toContain('Not yet sequenced');
    expect(screen.getByTestId('verify-entry-open_price').textContent).toContain('Queued: not yet under a signed head');
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
