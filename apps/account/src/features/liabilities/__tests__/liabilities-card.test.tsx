import { createHash, createHmac } from 'node:crypto';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@app/api-client';
import type { LiabilitiesProof } from '@app/contracts';
import { initI18n } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { LiabilitiesCard } from '../components/liabilities-card.tsx';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});
afterEach(() => vi.unstubAllGlobals());

/** A day's tree of two leaves, built here with Node's crypto as docs/liabilities.md states the format. */
function proofOf(cents: bigint, otherCents: bigint): LiabilitiesProof {
  const day = '2026-11-28';
  const secret = Buffer.alloc(32, 7);
  const leafId = createHmac('sha256', secret).update(day).digest();
  const u64 = (n: bigint) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(n);
    return b;
  };
  const leaf = (id: Buffer, n: bigint) =>
    createHash('sha256')
      .update(Buffer.concat([Buffer.from([0]), id, u64(n)]))
      .digest();
  const mine = leaf(leafId, cents);
  const other = leaf(Buffer.alloc(32, 0xff), otherCents);
  const root = createHash('sha256')
    .update(Buffer.concat([Buffer.from([1]), mine, u64(cents), other, u64(otherCents)]))
    .digest();
  const money = (n: bigint) => `${n / 100n}.${String(n % 100n).padStart(2, '0')}`;
  return {
    day,
    secret: secret.toString('hex'),
    leaf_id: leafId.toString('hex'),
    balance: money(cents),
    path: [{ hash: other.toString('hex'), sum: money(otherCents), side: 'right' }],
    root: {
      day,
      root_hash: root.toString('hex'),
      total: money(cents + otherCents),
      leaves: 2,
      coin_prices: [
        { coin: 'BTC', product: 'BTC/USDT', price: '96123.00', at: 1_764_345_599 },
        { coin: 'ETH', product: 'ETH/USDT', price: null, at: null },
      ],
      log_index: 12,
    },
  };
}

function renderCard(proof: LiabilitiesProof) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ code: 200, msg: 'ok', key: 'ok', data: proof })),
  );
  const store = makeStore({ session: { token: 't', endedBecause: null } });
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <LiabilitiesCard />
        </Suspense>
      </I18nextProvider>
    </Provider>,
  );
}

describe('Mine: your balance is in the published total', () => {
  it('checks the proof in the browser and says at what price coins were counted', async () => {
    renderCard(proofOf(4_862_050n, 1_000_000n));
    expect(await screen.findByText('✓ Verified')).toBeTruthy();
    expect(screen.getByTestId('liabilities-card').textContent).toContain('58,620.50 U owed across all accounts (2)');
    expect(screen.getByTestId('liabilities-coin-prices').textContent).toBe(
      "Coins were counted at the day's last recorded price: BTC/USDT 96,123.00 U · ETH/USDT no price recorded, counted as 0.",
    );
  });

  it('says the check failed when the published total is not what the path adds up to', async () => {
    const proof = proofOf(4_862_050n, 1_000_000n);
    renderCard({ ...proof, root: { ...proof.root, total: '58620.51' } });
    expect(await screen.findByText('✕ Check failed')).toBeTruthy();
    expect(screen.getByTestId('liabilities-card').dataset.state).toBe('failed');
  });
});
