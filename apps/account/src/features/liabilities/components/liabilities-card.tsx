import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { verifyLiabilitiesProof, type LiabilitiesCheck } from '@app/verifier';
import { useFormatters } from '@app/i18n/client';
import { Badge } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { useGetLiabilitiesProofQuery } from '../api/liabilities-api.ts';
import styles from './liabilities-card.module.css';

/**
 * "Your balance is in the published total": the latest day's proof of liabilities, checked in this browser with
 * the verifier's own code (the leaf id from the user's secret, the path hashed up to the published root). Nothing
 * is shown before a day is published, or for a user owed nothing that day.
 */
export function LiabilitiesCard() {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const { data: proof } = useGetLiabilitiesProofQuery();
  const [check, setCheck] = useState<LiabilitiesCheck | null>(null);
  useEffect(() => {
    if (!proof) return;
    let live = true;
    void verifyLiabilitiesProof(proof).then(
      (c) => live && setCheck(c),
      () => live && setCheck({ ok: false, problems: [t('liabilities.unreadable')], root: '', total: proof.root.total }),
    );
    return () => {
      live = false;
    };
  }, [proof, t]);
  if (!proof) return null;
  const state = check === null ? 'checking' : check.ok ? 'verified' : 'failed';
  return (
    <section
      className={styles.card}
      aria-label={t('liabilities.title')}
      data-testid="liabilities-card"
      data-state={state}
    >
      <div className={styles.head}>
        <span className={styles.title}>{t('liabilities.title')}</span>
        <Badge tone={state === 'verified' ? 'up' : state === 'failed' ? 'down' : 'warning'}>
          {state === 'verified' ? '✓ ' : state === 'failed' ? '✕ ' : ''}
          {t(`liabilities.state.${state}`)}
        </Badge>
      </div>
      <p className={styles.text}>
        {t('liabilities.text', {
          day: proof.day,
          balance: f.money(proof.balance),
          total: f.money(proof.root.total),
          leaves: f.number(String(proof.root.leaves), 0),
        })}
      </p>
      {state === 'failed' && (
        <ul className={styles.problems}>
          {check!.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <details className={styles.details}>
        <summary>{t('liabilities.how')}</summary>
        <p className={styles.text}>{t('liabilities.howText', { steps: proof.path.length })}</p>
        <p className={styles.hash}>{proof.root.root_hash}</p>
        {proof.root.coin_prices.length > 0 && (
          <p className={styles.text} data-testid="liabilities-coin-prices">
            {t('liabilities.coinPrices', {
              prices: proof.root.coin_prices
                .map((c) => `${c.product} ${c.price === null ? t('liabilities.noPrice') : f.price(c.price)}`)
                .join(' · '),
            })}
          </p>
        )}
      </details>
    </section>
  );
}
