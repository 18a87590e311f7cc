import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { TermsHistory } from '../components/terms-history.tsx';

let i18n: i18n;
beforeAll(async () => {
  i18n = await initI18n({ lang: 'en', namespaces: [NS] });
});

describe('the terms history', () => {
  it("shows the flexible balance's rate in force and a change announced ahead, with its first day", async () => {
    const data = JSON.stringify({
      at: 1_764_400_000,
      subject: 'yuebao_flexible',
      terms: {
        instant_out_daily: '10000.00',
        rate_pct: '2.00',
        rates: [
          { from: '1970-01-01', rate_pct: '2.00' },
          { from: '2026-12-02', rate_pct: '3.00' },
        ],
      },
      type: 'terms_changed',
      v: 1,
    });
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <TermsHistory history={{ tree_size: 5, items: [{ index: 4, data }] }} />
        </Suspense>
      </I18nextProvider>,
    );
    const entry = await screen.findByTestId('terms-change-4');
    expect(entry.textContent).toContain('Yuebao flexible');
    expect(entry.textContent).toContain('10,000.00 U');
    expect(entry.textContent).toContain('3.00% from 2026-12-02');
  });
});
