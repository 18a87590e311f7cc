import { useTranslation } from 'react-i18next';
import { selectIsLoggedIn, useAppSelector } from '@app/api-client';
import type { PnlTally } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { EmptyState, OrderIcon, cx } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { DefaultPage, LoadError, Loading } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { loginPath } from '../lib/login-path.ts';
import { ModeBar } from '../features/practice/components/mode-bar.tsx';
import { useTradeMode } from '../lib/trade-mode.ts';
import { useGetPnlQuery } from '../features/pnl/api/pnl-api.ts';
import { PnlCalendar } from '../features/pnl/components/pnl-calendar.tsx';
import styles from '../features/pnl/components/pnl.module.css';

const tone = (v: string) => (v.startsWith('-') ? styles.down : v === '0.00' ? undefined : styles.up);

/** /pages/trade/pnl, "My trading": one's own results from the orders, practice and real apart. */
export default function PnlPage() {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const mode = useTradeMode();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const pnl = useGetPnlQuery(mode, { skip: !loggedIn, refetchOnMountOrArgChange: true });
  const money = (v: string) => `${v.startsWith('-') ? '' : v === '0.00' ? '' : '+'}${f.money(v)}`;

  if (!loggedIn) {
    return (
      <DefaultPage title={t('pnl.title')} backTo="/pages/user/order">
        <EmptyState
          icon={<OrderIcon />}
          title={t('orders.loggedOut')}
          action={<LinkButton href={`#${loginPath('/pages/trade/pnl')}`}>{t('orders.login')}</LinkButton>}
        />
      </DefaultPage>
    );
  }
  const data = pnl.data;
  const row = (label: string, x: PnlTally) => (
    <tr key={label}>
      <th scope="row">{label}</th>
      <td>{x.orders}</td>
      <td>{x.orders ? `${f.number(((x.wins * 100) / x.orders).toFixed(2), 2)}%` : '—'}</td>
      <td className={tone(x.pnl)}>{money(x.pnl)}</td>
    </tr>
  );
  return (
    <DefaultPage title={t('pnl.title')} backTo="/pages/user/order">
      <ModeBar />
      {pnl.isLoading || (pnl.isFetching && data?.mode !== mode) ? (
        <Loading lines={6} />
      ) : pnl.isError || !data ? (
        <LoadError error={pnl.error} onRetry={() => void pnl.refetch()} />
      ) : (
        <div className={styles.page} data-testid="pnl">
          <section className={styles.card}>
            <p className={styles.summary} data-testid="pnl-summary">
              {t('pnl.summary', { count: data.total.orders, amount: money(data.total.pnl) })}
            </p>
            <dl className={styles.figures}>
              <div>
                <dt>{t('pnl.net')}</dt>
                <dd className={tone(data.total.pnl)} data-testid="pnl-net">
                  {money(data.total.pnl)}
                </dd>
              </div>
              <div>
                <dt>{t('pnl.winRate')}</dt>
                <dd data-testid="pnl-winrate">
                  {data.total.win_rate === null ? '—' : `${f.number(data.total.win_rate, 2)}%`}
                  <span className={styles.sub}>{t('pnl.ofOrders', { count: data.total.orders })}</span>
                </dd>
              </div>
              <div>
                <dt>{t('pnl.fees')}</dt>
                <dd data-testid="pnl-fees">{f.money(data.total.fees)}</dd>
              </div>
              <div>
                <dt>{t('pnl.open')}</dt>
                <dd>{data.total.open}</dd>
              </div>
            </dl>
            <p className={styles.note}>{t('pnl.note')}</p>
          </section>
          <section className={styles.card}>
            <h2 className={styles.h2}>{t('pnl.byPeriod')}</h2>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('pnl.period')}</th>
                  <th scope="col">{t('pnl.orders')}</th>
                  <th scope="col">{t('pnl.winRate')}</th>
                  <th scope="col">{t('pnl.net')}</th>
                </tr>
              </thead>
              <tbody>
                {row(t('pnl.periods.today'), data.periods.today)}
                {row(t('pnl.periods.week'), data.periods.week)}
                {row(t('pnl.periods.month'), data.periods.month)}
                {row(t('pnl.periods.all'), data.periods.all)}
              </tbody>
            </table>
          </section>
          <PnlCalendar days={data.by_day} today={data.today} />
          <section className={styles.card}>
            <h2 className={styles.h2}>{t('pnl.byProduct')}</h2>
            {data.by_product.length === 0 ? (
              <p className={styles.note}>{t('pnl.none')}</p>
            ) : (
              <table className={cx(styles.table)} data-testid="pnl-products">
                <thead>
                  <tr>
                    <th scope="col">{t('pnl.product')}</th>
                    <th scope="col">{t('pnl.orders')}</th>
                    <th scope="col">{t('pnl.winRate')}</th>
                    <th scope="col">{t('pnl.net')}</th>
                  </tr>
                </thead>
                <tbody>{data.by_product.map((p) => row(p.symbol, p))}</tbody>
              </table>
            )}
          </section>
        </div>
      )}
    </DefaultPage>
  );
}
