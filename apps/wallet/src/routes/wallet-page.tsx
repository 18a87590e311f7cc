import { useTranslation } from 'react-i18next';
import { useGetUserInfoQuery } from '@app/api-client';
import { useFormatters } from '@app/i18n/client';
import { ArrowDownIcon, ArrowUpIcon, Cell, CellGroup, Delayed, OrderIcon, Skeleton } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage } from '../lib/default-page.tsx';
import styles from './wallet-page.module.css';

/** Assets wallet: the balances the server reports, and the ways money moves in and out. */
export default function WalletPage() {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const { data: user } = useGetUserInfoQuery();
  return (
    <DefaultPage title={t('titles.wallet')}>
      {user ? (
        <section className={styles.card} aria-labelledby="wallet-total">
          <p id="wallet-total" className={styles.label}>
            {t('wallet.total')}
          </p>
          <p className={styles.total}>{f.money(user.balances.total)}</p>
          <dl className={styles.split}>
            <div>
              <dt className={styles.label}>{t('glossary.available', { ns: 'common' })}</dt>
              <dd>{f.money(user.balances.available)}</dd>
            </div>
            <div>
              <dt className={styles.label}>{t('glossary.frozen', { ns: 'common' })}</dt>
              <dd>{f.money(user.balances.frozen)}</dd>
            </div>
          </dl>
        </section>
      ) : (
        <Delayed>
          <Skeleton lines={3} label={t('states.loading', { ns: 'common' })} />
        </Delayed>
      )}
      <CellGroup>
        <Cell title={t('titles.recharge')} href="#/pages/user/recharge" icon={<ArrowDownIcon size={22} />} />
        <Cell title={t('titles.cash')} href="#/pages/user/cash" icon={<ArrowUpIcon size={22} />} />
        <Cell title={t('titles.finance')} href="#/pages/user/finance" icon={<OrderIcon size={22} />} />
      </CellGroup>
    </DefaultPage>
  );
}
