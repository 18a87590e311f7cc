import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assets, ExchangeDirection, ExchangeQuote, ExchangeRecord } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { Button, Countdown, Dialog, Field, Tabs } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import styles from '../../../lib/wallet.module.css';
import { useExecuteQuoteMutation, useGetQuoteMutation } from '../api/exchange-api.ts';
import { apiErrorText, newIdempotencyKey } from '@app/app-kit';

/** Seconds left on a held quote, counted down on this screen from what the server granted. */
function useSecondsLeft(quote: ExchangeQuote | null): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!quote) return;
    const until = Date.now() + quote.valid_seconds * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [quote]);
  return left;
}

/** Cash <-> coin at the recorded price: a quote held 10-15 s shows price, fee and both amounts. */
export function ExchangePanel({ assets }: { assets: Assets }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const coinId = useId();
  const tabsId = useId();
  const [direction, setDirection] = useState<ExchangeDirection>('buy');
  const [coin, setCoin] = useState(assets.coins[0]?.coin ?? 'BTC');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [quote, setQuote] = useState<ExchangeQuote | null>(null);
  const [done, setDone] = useState<ExchangeRecord | null>(null);
  const [getQuote, quoting] = useGetQuoteMutation();
  const [execute, executing] = useExecuteQuoteMutation();
  const left = useSecondsLeft(quote);
  const held = assets.coins.find((c) => c.coin === coin);

  const ask = async (event?: FormEvent) => {
    event?.preventDefault();
    setError(null);
    if (!amount.trim()) return setError(t('please_fill_in', { ns: 'errors' }));
    try {
      setQuote(await getQuote({ direction, coin, amount: amount.trim() }).unwrap());
    } catch (e) {
      setQuote(null);
      setError(apiErrorText(e, t));
    }
  };
  const confirm = async () => {
    if (!quote) return;
    try {
      setDone(await execute({ quote_id: quote.id, key: newIdempotencyKey() }).unwrap());
      setQuote(null);
      setAmount('');
    } catch (e) {
      setQuote(null);
      setError(apiErrorText(e, t));
    }
  };
  const row = (label: string, value: string, testId?: string) => (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  const coinText = (v: string) => `${f.number(v, 8)} ${quote?.coin ?? coin}`;

  return (
    <section aria-label={t('exchange.title')}>
      <Tabs
        label={t('exchange.title')}
        items={[
          { key: 'buy', label: t('exchange.buy') },
          { key: 'sell', label: t('exchange.sell') },
        ]}
        value={direction}
        onChange={(k) => (setDirection(k as ExchangeDirection), setQuote(null), setAmount(''), setError(null))}
        idPrefix={tabsId}
        stretch
      />
      <form
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-tab-${direction}`}
        className={styles.form}
        onSubmit={(e) => void ask(e)}
        noValidate
      >
        <div>
          <label className={styles.label} htmlFor={coinId}>
            {t('exchange.coin')}
          </label>
          <select
            id={coinId}
            className={styles.select}
            value={coin}
            onChange={(e) => (setCoin(e.target.value), setQuote(null))}
          >
            {assets.coins.map((c) => (
              <option key={c.coin} value={c.coin}>
                {c.coin}
              </option>
            ))}
          </select>
        </div>
        <Field
          name="exchange-amount"
          label={direction === 'buy' ? t('exchange.spend') : t('exchange.sellAmount', { coin })}
          inputMode="decimal"
          value={amount}
          suffix={direction === 'buy' ? 'U' : coin}
          error={error}
          hint={
            direction === 'buy'
              ? t('exchange.cashAvailable', { amount: f.money(assets.cash.available) })
              : t('exchange.coinAvailable', { amount: `${f.number(held?.amount ?? '0', 8)} ${coin}` })
          }
          onChange={(e) => (setAmount(e.target.value), setQuote(null))}
        />
        <Button type="submit" variant="outline" block loading={quoting.isLoading}>
          {t('exchange.getQuote')}
        </Button>
      </form>
      {quote && (
        <div className={styles.card} data-testid="exchange-quote">
          <dl className={styles.rows}>
            {row(
              t('exchange.price', { coin: quote.coin }),
              `${f.number(quote.price, quote.price.split('.')[1]?.length ?? 2)} U`,
              'quote-price',
            )}
            {row(
              quote.direction === 'buy' ? t('exchange.youPay') : t('exchange.youSell'),
              quote.direction === 'buy' ? f.money(quote.cash_amount) : coinText(quote.coin_amount),
            )}
            {row(t('exchange.fee', { pct: f.number(quote.fee_pct, 2) }), f.money(quote.fee))}
            {row(
              t('exchange.youGet'),
              quote.direction === 'buy' ? coinText(quote.coin_amount) : f.money(quote.cash_amount),
              'quote-get',
            )}
          </dl>
          {quote.simulated && <p className={styles.note}>{t('exchange.simulated')}</p>}
          <p className={styles.note} aria-live="polite">
            {left > 0 ? <Countdown text={t('exchange.heldFor', { seconds: left })} /> : t('exchange.expired')}
          </p>
          {left > 0 ? (
            <Button block loading={executing.isLoading} onClick={() => void confirm()}>
              {t('exchange.confirm')}
            </Button>
          ) : (
            <Button block variant="outline" onClick={() => void ask()}>
              {t('exchange.newQuote')}
            </Button>
          )}
        </div>
      )}
      <Dialog
        open={done !== null}
        title={t('operation_succeeded', { ns: 'errors' })}
        onClose={() => setDone(null)}
        actions={<Button onClick={() => setDone(null)}>{t('actions.close', { ns: 'common' })}</Button>}
      >
        {done && (
          <dl className={styles.rows} data-testid="exchange-result">
            {row(t('exchange.price', { coin: done.coin }), `${done.price} U`)}
            {row(t('exchange.cash'), f.money(done.cash_amount))}
            {row(t('exchange.coinAmount'), `${f.number(done.coin_amount, 8)} ${done.coin}`)}
          </dl>
        )}
      </Dialog>
    </section>
  );
}
