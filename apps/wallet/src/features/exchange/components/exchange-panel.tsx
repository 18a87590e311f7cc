import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  amountTextProblem,
  COIN_SCALE,
  parseMoney,
  type Assets,
  type ExchangeDirection,
  type ExchangeQuote,
  type ExchangeRecord,
} from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
// formatPrice is new in this release of @app/i18n: bundled here until every live shell provides it.
import { formatPrice } from '@app/i18n/formatters';
import { Button, Countdown, Dialog, Field, Tabs } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import styles from '../../../lib/wallet.module.css';
import { useExecuteQuoteMutation, useGetQuoteMutation } from '../api/exchange-api.ts';
import { FillAllButton } from '../../../lib/fill-all-button.tsx';
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

  const buying = direction === 'buy';
  const availableText = buying ? assets.cash.available : (held?.amount ?? '0');
  // What is wrong with the amount, said before any price is held: letters, a minus sign, or more than there is.
  const problem = (text: string): { text: string; over: boolean } | null => {
    const scale = buying ? 2 : COIN_SCALE;
    const reason = amountTextProblem(text, scale, buying ? 9 : 12);
    if (reason) return { text: t(reason, { ns: 'errors' }), over: false };
    if (parseMoney(text, scale)! <= (parseMoney(availableText, scale) ?? 0n)) return null;
    const unit = buying ? 'U' : coin;
    return {
      text: t('exchange_over_balance', { ns: 'errors', available: f.number(availableText, scale), unit }),
      over: true,
    };
  };
  // More than the balance shows as it is typed, and no quote can be asked for it.
  const overBalance = amount.trim() ? problem(amount) : null;
  const live = overBalance?.over ? overBalance.text : null;
  const ask = async (event?: FormEvent) => {
    event?.preventDefault();
    const found = problem(amount)?.text ?? null;
    setError(found);
    if (found) return;
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
          suffix={
            <>
              {direction === 'buy' ? 'U' : coin}
              <FillAllButton
                amount={availableText}
                onFill={(all) => (setAmount(all), setQuote(null), setError(null))}
              />
            </>
          }
          error={live ?? error}
          hint={
            direction === 'buy'
              ? t('exchange.cashAvailable', { amount: f.money(assets.cash.available) })
              : t('exchange.coinAvailable', { amount: `${f.number(held?.amount ?? '0', 8)} ${coin}` })
          }
          onChange={(e) => (setAmount(e.target.value), setQuote(null), setError(null))}
        />
        <Button type="submit" variant="outline" block loading={quoting.isLoading} disabled={live !== null}>
          {t('exchange.getQuote')}
        </Button>
      </form>
      {quote && (
        <div className={styles.card} data-testid="exchange-quote">
          <dl className={styles.rows}>
            {row(t('exchange.price', { coin: quote.coin }), formatPrice(quote.price, f.lang), 'quote-price')}
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
        title={done?.direction === 'sell' ? t('exchange.soldTitle') : t('exchange.boughtTitle')}
        onClose={() => setDone(null)}
        actions={<Button onClick={() => setDone(null)}>{t('actions.close', { ns: 'common' })}</Button>}
      >
        {done && (
          <dl className={styles.rows} data-testid="exchange-result">
            {row(t('exchange.price', { coin: done.coin }), formatPrice(done.price, f.lang))}
            {row(
              done.direction === 'buy' ? t('exchange.youPay') : t('exchange.youSell'),
              done.direction === 'buy' ? f.money(done.cash_amount) : `${f.number(done.coin_amount, 8)} ${done.coin}`,
            )}
            {row(t('glossary.fee', { ns: 'common' }), f.money(done.fee), 'exchange-result-fee')}
            {row(
              t('exchange.youGet'),
              done.direction === 'buy' ? `${f.number(done.coin_amount, 8)} ${done.coin}` : f.money(done.cash_amount),
              'exchange-result-get',
            )}
          </dl>
        )}
      </Dialog>
    </section>
  );
}
