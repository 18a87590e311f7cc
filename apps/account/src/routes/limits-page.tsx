import { useState } from 'react';
import {
  COUNT_LIMITS,
  EXCLUSION_DAYS,
  EXCLUSION_PERIODS,
  REALITY_CHOICES,
  exclusionKindOf,
  type ExclusionPeriod,
  type Limit,
  type LimitName,
} from '@app/contracts';
import { Button, ConfirmDialog, Dialog, Field, useToast } from '@app/ui';
import { DefaultPage, Loading, LoadError, apiErrorText } from '@app/app-kit';
import { useFormatters } from '@app/i18n/client';
import { useInnerTranslation } from '../i18n-namespace.ts';
import {
  useCancelLimitMutation,
  useConfirmLimitMutation,
  useExcludeMutation,
  useGetLimitsQuery,
  useSetLimitMutation,
  useSetRealityMutation,
} from '../features/limits/api/limits-api.ts';
import styles from '../features/limits/components/limits.module.css';

const GROUPS: Array<{ key: string; names: LimitName[] }> = [
  { key: 'deposits', names: ['deposit_day', 'deposit_week', 'deposit_month'] },
  { key: 'loss', names: ['loss_day', 'loss_week', 'loss_month'] },
  { key: 'turnover', names: ['turnover_day', 'turnover_week', 'turnover_month'] },
  { key: 'other', names: ['max_stake', 'open_orders', 'session_minutes'] },
];

/**
 * Limits a user sets on themselves, the raises waiting their 24 hours, and a time-out or self-exclusion. Under
 * Security in the account remote, and linked from the order sheet.
 */
export default function LimitsPage() {
  const { t } = useInnerTranslation();
  const { data, error, refetch } = useGetLimitsQuery();
  const [editing, setEditing] = useState<Limit | null>(null);
  return (
    <DefaultPage title={t('limits.title')}>
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading lines={6} />
      ) : (
        <>
          {data.exclusion && <ExclusionBanner until={data.exclusion.until} kind={data.exclusion.kind} />}
          <section className={styles.section} aria-labelledby="limits-title">
            <h2 id="limits-title">{t('limits.yours')}</h2>
            <p className={styles.lead}>{t('limits.rules')}</p>
            {GROUPS.map((g) => (
              <div key={g.key}>
                <h3 className={styles.group}>{t(`limits.groups.${g.key}`)}</h3>
                <ul className={styles.list}>
                  {g.names.map((name) => (
                    <LimitRow key={name} limit={data.limits.find((l) => l.name === name)!} onEdit={setEditing} />
                  ))}
                </ul>
              </div>
            ))}
          </section>
          <section className={styles.section} aria-labelledby="loss-title">
            <h2 id="loss-title">{t('limits.lossTitle')}</h2>
            <p className={styles.lead}>{t('limits.lossHow')}</p>
            <p className={styles.lead}>{t('limits.windows')}</p>
          </section>
          <RealityCheck minutes={data.reality_minutes} min={data.reality_min_minutes} />
          {!data.exclusion || data.exclusion.kind === 'timeout' ? <TakeABreak /> : null}
          <EditDialog limit={editing} onClose={() => setEditing(null)} />
        </>
      )}
    </DefaultPage>
  );
}

function useValueText() {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  return (name: LimitName, value: string | null) => {
    if (value === null) return t('limits.none');
    if (name === 'session_minutes') return t('limits.minutes', { count: Number(value) });
    if (COUNT_LIMITS.includes(name)) return f.number(value, 0);
    return f.money(value);
  };
}

function LimitRow({ limit, onEdit }: { limit: Limit; onEdit: (l: Limit) => void }) {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  const toast = useToast();
  const text = useValueText();
  const [confirm, confirming] = useConfirmLimitMutation();
  const [cancel, cancelling] = useCancelLimitMutation();
  const run = async (act: () => Promise<unknown>) => {
    try {
      await act();
      toast.info(t('limits.saved'));
    } catch (e) {
      toast.error(apiErrorText(e, t));
    }
  };
  const name = t(`limit_${limit.name}`, { ns: 'errors' });
  return (
    <li className={styles.item} data-testid={`limit-${limit.name}`}>
      <span className={styles.name}>{name}</span>
      <span className={limit.value === null ? `${styles.value} ${styles.none}` : styles.value}>
        {text(limit.name, limit.value)}
      </span>
      {limit.value !== null && limit.used !== null && (
        <span className={styles.meta}>
          {t('limits.used', { used: text(limit.name, limit.used) })}
          {limit.resets_at !== null && ` · ${t('limits.moves', { time: f.dateTime(limit.resets_at) })}`}
        </span>
      )}
      {limit.pending && (
        <span className={styles.pending}>
          {limit.pending.confirmable
            ? t('limits.pendingReady', { value: text(limit.name, limit.pending.value) })
            : t('limits.pendingWait', {
                value: text(limit.name, limit.pending.value),
                time: f.dateTime(limit.pending.effective_at),
              })}
          {limit.pending.confirmable && (
            <Button
              size="sm"
              loading={confirming.isLoading}
              onClick={() => void run(() => confirm({ name: limit.name }).unwrap())}
            >
              {t('limits.confirm')}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            loading={cancelling.isLoading}
            onClick={() => void run(() => cancel({ name: limit.name }).unwrap())}
          >
            {t('limits.keep')}
          </Button>
        </span>
      )}
      <Button
        className={styles.edit}
        size="sm"
        variant="outline"
        onClick={() => onEdit(limit)}
        aria-label={`${t('limits.change')}: ${name}`}
      >
        {limit.value === null ? t('limits.set') : t('limits.change')}
      </Button>
    </li>
  );
}

function EditDialog({ limit, onClose }: { limit: Limit | null; onClose: () => void }) {
  const { t } = useInnerTranslation();
  const toast = useToast();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [save, { isLoading }] = useSetLimitMutation();
  const [shownFor, setShownFor] = useState<Limit | null>(null);
  if (limit !== shownFor) {
    setShownFor(limit);
    setValue(limit?.value ?? '');
    setProblem(null);
  }
  if (!limit) return null;
  const counted = COUNT_LIMITS.includes(limit.name);
  const submit = async (next: string) => {
    if (next !== '' && !(counted ? /^[1-9]\d{0,5}$/ : /^\d{1,9}(\.\d{1,2})?$/).test(next)) {
      setProblem(t('invalid_request', { ns: 'errors' }));
      return;
    }
    try {
      const answer = await save({ name: limit.name, value: next }).unwrap();
      const after = answer.limits.find((l) => l.name === limit.name);
      toast.info(after?.pending ? t('limits.waits') : t('limits.saved'));
      onClose();
    } catch (e) {
      setProblem(apiErrorText(e, t));
    }
  };
  const name = t(`limit_${limit.name}`, { ns: 'errors' });
  return (
    <Dialog
      open
      title={name.charAt(0).toUpperCase() + name.slice(1)}
      onClose={onClose}
      actions={
        <>
          {limit.value !== null && (
            <Button variant="ghost" onClick={() => void submit('')} disabled={isLoading}>
              {t('limits.remove')}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button loading={isLoading} onClick={() => void submit(value.trim())}>
            {t('limits.save')}
          </Button>
        </>
      }
    >
      <Field
        label={
          counted ? (limit.name === 'session_minutes' ? t('limits.inMinutes') : t('limits.count')) : t('limits.amount')
        }
        name="limit-value"
        inputMode={counted ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={problem}
        hint={t('limits.rulesShort')}
      />
    </Dialog>
  );
}

/** The reality-check reminder: a choice of intervals (those the server allows), saved on the tap. */
function RealityCheck({ minutes, min }: { minutes: number | null; min: number }) {
  const { t } = useInnerTranslation();
  const toast = useToast();
  const [save, { isLoading }] = useSetRealityMutation();
  const choices = [0, ...REALITY_CHOICES.filter((m) => m >= min)];
  const choose = async (m: number) => {
    try {
      await save({ minutes: m }).unwrap();
      toast.info(t('limits.saved'));
    } catch (e) {
      toast.error(apiErrorText(e, t));
    }
  };
  return (
    <section className={styles.section} aria-labelledby="reality-title">
      <h2 id="reality-title">{t('limits.reality.title')}</h2>
      <p className={styles.lead}>{t('limits.reality.lead')}</p>
      <div className={styles.periods} role="group" aria-label={t('limits.reality.every')}>
        {choices.map((m) => (
          <button
            key={m}
            type="button"
            className={styles.period}
            aria-pressed={(minutes ?? 0) === m}
            disabled={isLoading}
            onClick={() => void choose(m)}
          >
            {m === 0 ? t('limits.reality.off') : t('limits.minutes', { count: m })}
          </button>
        ))}
      </div>
    </section>
  );
}

function ExclusionBanner({ until, kind }: { until: number; kind: 'timeout' | 'self_exclusion' }) {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  return (
    <div className={styles.banner} role="status" data-testid="exclusion">
      <strong>{t(kind === 'timeout' ? 'limits.onTimeout' : 'limits.onExclusion', { time: f.dateTime(until) })}</strong>
      {t('limits.whatStops')}
    </div>
  );
}

function TakeABreak() {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  const toast = useToast();
  const [period, setPeriod] = useState<ExclusionPeriod | null>(null);
  // When the user asked: the confirmation names the moment the break would end.
  const [askedAt, setAskedAt] = useState<number | null>(null);
  const [exclude, { isLoading }] = useExcludeMutation();
  const go = async () => {
    try {
      await exclude({ period: period! }).unwrap();
      toast.info(t('limits.breakStarted'));
    } catch (e) {
      toast.error(apiErrorText(e, t));
    } finally {
      setAskedAt(null);
    }
  };
  const label = (p: ExclusionPeriod) => t(`limits.periods.${p}`);
  return (
    <section className={styles.section} aria-labelledby="break-title">
      <h2 id="break-title">{t('limits.breakTitle')}</h2>
      <p className={styles.lead}>{t('limits.breakLead')}</p>
      <p className={styles.lead}>{t('limits.whatStops')}</p>
      <div className={styles.periods} role="group" aria-label={t('limits.breakTitle')}>
        {EXCLUSION_PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            className={styles.period}
            aria-pressed={period === p}
            onClick={() => setPeriod(p)}
          >
            {label(p)}
          </button>
        ))}
      </div>
      <Button variant="danger" block disabled={!period} onClick={() => setAskedAt(Math.floor(Date.now() / 1000))}>
        {period && exclusionKindOf(period) === 'self_exclusion' ? t('limits.startExclusion') : t('limits.startTimeout')}
      </Button>
      <ConfirmDialog
        open={askedAt !== null && period !== null}
        title={period ? label(period) : ''}
        message={t('limits.breakConfirm', {
          time: period && askedAt !== null ? f.dateTime(askedAt + periodSeconds(period)) : '',
        })}
        confirmLabel={t('limits.breakYes')}
        cancelLabel={t('actions.cancel', { ns: 'common' })}
        busy={isLoading}
        danger
        onConfirm={() => void go()}
        onCancel={() => setAskedAt(null)}
      />
    </section>
  );
}

const periodSeconds = (p: ExclusionPeriod) => EXCLUSION_DAYS[p] * 86_400;
