import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceAlert } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { Button, Field } from '@app/ui';
import { BottomSheet, apiErrorText } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { alertProblems, type AlertProblem, type AlertProblems } from '../lib/alert-problems.ts';
import { useTimeFormat } from '../../../lib/time-format.ts';
import { useCancelAlertMutation, useCreateAlertMutation, useGetAlertsQuery } from '../api/alerts-api.ts';
import { WithLivePrice, type PriceSource } from '../../../lib/stream/with-live-price.tsx';
import { askNotificationPermission, notifyFired } from '../lib/notify.ts';
import styles from './alerts.module.css';

type Props = { symbol: string; precision: number; priceSource: PriceSource };

/**
 * The product page's price alerts: a button with the count of active ones, a sheet to set one (a level
 * to cross, or a move of N % within M minutes) and the list with the recorded tick that fired each. While
 * the page is open the list is re-read, and a newly fired alert becomes a notification.
 */
export function AlertsButton({ symbol, precision, priceSource }: Props) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const time = useTimeFormat();
  const [open, setOpen] = useState(false);
  const alerts = useGetAlertsQuery(symbol, { pollingInterval: 10_000, skipPollingIfUnfocused: false });
  const items = alerts.data?.items ?? [];
  const active = items.filter((a) => a.status === 'active').length;

  const describe = (a: PriceAlert) => {
    const condition =
      a.kind === 'cross'
        ? t(a.direction === 'above' ? 'alerts.crossAbove' : 'alerts.crossBelow', {
            price: f.number(a.price!, precision),
          })
        : t('alerts.move', { pct: f.number(a.pct!, 2), minutes: a.minutes });
    return a.fired_tick
      ? `${condition} · ${t('alerts.firedAt', { price: f.number(a.fired_tick.price, precision), time: time.dateTimeSeconds(a.fired_tick.ts) })}`
      : condition;
  };

  // Alerts seen active on this page that are now fired: tell the user once.
  const seen = useRef(new Map<number, PriceAlert['status']>());
  useEffect(() => {
    for (const a of items) {
      const before = seen.current.get(a.id);
      if (before === 'active' && a.status === 'fired' && a.fired_tick) {
        void notifyFired(t('alerts.firedTitle', { symbol: a.symbol }), describe(a), `alert-${a.id}`);
      }
      seen.current.set(a.id, a.status);
    }
  });

  return (
    <>
      <button type="button" className={styles.open} onClick={() => setOpen(true)} data-testid="alerts-open">
        {t('alerts.button')}
        {active > 0 && <span className={styles.count}>{active}</span>}
      </button>
      <BottomSheet
        open={open}
        onClose={() => setOpen(false)}
        title={t('alerts.title', { symbol })}
        testId="alerts-sheet"
      >
        {/* Inside the sheet's body, which a closed sheet does not render: it follows ticks only while open. */}
        <WithLivePrice source={priceSource}>
          {(price) => (
            <AlertForm
              symbol={symbol}
              precision={precision}
              price={price}
              full={(alerts.data?.active ?? 0) >= (alerts.data?.max ?? 20)}
            />
          )}
        </WithLivePrice>
        <h3 className={styles.heading}>{t('alerts.listTitle', { n: active, max: alerts.data?.max ?? 20 })}</h3>
        {items.length === 0 ? (
          <p className={styles.empty}>{t('alerts.empty')}</p>
        ) : (
          <ul className={styles.list} data-testid="alerts-list">
            {items.map((a) => (
              <AlertItem key={a.id} alert={a} text={describe(a)} />
            ))}
          </ul>
        )}
      </BottomSheet>
    </>
  );
}

function AlertItem({ alert, text }: { alert: PriceAlert; text: string }) {
  const { t } = useTranslation(NS);
  const [cancel, state] = useCancelAlertMutation();
  return (
    <li className={styles.item} data-status={alert.status}>
      <span className={styles.status}>{t(`alerts.status.${alert.status}`)}</span>
      <span className={styles.text}>{text}</span>
      {alert.status === 'active' && (
        <button
          type="button"
          className={styles.cancel}
          disabled={state.isLoading}
          onClick={() => void cancel(alert.id)}
        >
          {t('alerts.cancel')}
        </button>
      )}
    </li>
  );
}

function AlertForm({
  symbol,
  precision,
  price,
  full,
}: {
  symbol: string;
  precision: number;
  price: string | null;
  full: boolean;
}) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const [kind, setKind] = useState<'cross' | 'move'>('cross');
  const [level, setLevel] = useState('');
  const [pct, setPct] = useState('1');
  const [minutes, setMinutes] = useState('5');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [problems, setProblems] = useState<AlertProblems>({});
  const [create, state] = useCreateAlertMutation();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    // Said under the field before anything is sent, in the wallet's words: not the server's "not valid".
    const found = alertProblems(kind, { level, pct, minutes }, precision);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    askNotificationPermission();
    try {
      await create(
        kind === 'cross'
          ? { kind, symbol, price: level.trim() }
          : { kind, symbol, pct: pct.trim(), minutes: Number(minutes) },
      ).unwrap();
      setMessage({ text: t('alerts.created'), error: false });
      setLevel('');
    } catch (error) {
      setMessage({ text: apiErrorText(error, t), error: true });
    }
  };
  const problemText = (p: AlertProblem | undefined) =>
    p ? t(p.key, { ns: p.ns, ...(p.key === 'alerts.levelPrecision' ? { digits: precision } : {}) }) : null;
  return (
    <form onSubmit={(e) => void submit(e)} className={styles.form} noValidate>
      <div className={styles.kinds} role="group" aria-label={t('alerts.kindLabel')}>
        {(['cross', 'move'] as const).map((k) => (
          <button key={k} type="button" aria-pressed={kind === k} onClick={() => setKind(k)}>
            {t(`alerts.kind.${k}`)}
          </button>
        ))}
      </div>
      {kind === 'cross' ? (
        <Field
          label={t('alerts.level')}
          name="level"
          inputMode="decimal"
          value={level}
          onChange={(e) => (setLevel(e.target.value), setProblems({}))}
          error={problemText(problems.level)}
          hint={price ? t('alerts.now', { price: f.number(price, precision) }) : undefined}
        />
      ) : (
        <div className={styles.pair}>
          <Field
            label={t('alerts.pct')}
            name="pct"
            inputMode="decimal"
            value={pct}
            onChange={(e) => (setPct(e.target.value), setProblems({}))}
            error={problemText(problems.pct)}
            suffix="%"
          />
          <Field
            label={t('alerts.minutes')}
            name="minutes"
            inputMode="numeric"
            value={minutes}
            onChange={(e) => (setMinutes(e.target.value), setProblems({}))}
            error={problemText(problems.minutes)}
          />
        </div>
      )}
      {message && (
        <p className={message.error ? styles.error : styles.ok} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <Button type="submit" block loading={state.isLoading} disabled={full}>
        {full ? t('alerts.full') : t('alerts.set')}
      </Button>
    </form>
  );
}
