import { useTranslation } from 'react-i18next';
import { useFormatters } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import styles from '../../../lib/wallet.module.css';
import { useGetExchangeRecordsQuery } from '../api/exchange-api.ts';

/** Exchange history: time, type, coin, cash and coin amounts. */
export function ExchangeHistory() {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const { data } = useGetExchangeRecordsQuery();
  if (!data || data.items.length === 0)
    return (
      <p className={styles.note} style={{ padding: '0 16px' }}>
        {t('exchange.noHistory')}
      </p>
    );
  return (
    <ul className={styles.list} aria-label={t('exchange.history')} data-testid="exchange-history">
      {data.items.map((r) => (
        <li key={r.id} className={styles.item}>
          <span className={styles.itemMain}>
            <span className={styles.strong}>
              {t(`exchange.${r.direction}`)} · {r.coin}
            </span>
            <span className={styles.small}>{f.dateTime(r.created_at)}</span>
          </span>
          <span className={styles.itemSide}>
            <span>{f.money(r.cash_amount)}</span>
            <span className={styles.small}>
              {f.number(r.coin_amount, 8)} {r.coin}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
