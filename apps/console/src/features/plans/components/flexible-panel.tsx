import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { HeldChangesPanel } from '../../../components/held-changes-panel.tsx';
import { PanelHeading } from '../../../components/panel-heading.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import ui from '../../../components/ui.module.css';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import { useFlexibleQuery, useProposeFlexRateMutation, useSetInstantOutMutation } from '../api/flexible-api.ts';

const RATE = /^\d{1,3}(\.\d{1,2})?$/;
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The flexible Yuebao balance: the rate in force and every change announced, a new rate from a later day (held for
 * a second operator, as plan rates are), and what one user may move out instantly per day (applied at once).
 */
export function FlexiblePanel() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const flex = useFlexibleQuery();
  const [propose] = useProposeFlexRateMutation();
  const [setInstant] = useSetInstantOutMutation();
  const [rate, setRate] = useState('');
  const [from, setFrom] = useState('');
  const [instant, setInstantText] = useState('');
  const [asking, setAsking] = useState<'rate' | 'instant' | null>(null);
  const [problem, setProblem] = useState<{ field: string; text: string } | null>(null);
  const d = flex.data;

  const ask = (what: 'rate' | 'instant') => {
    if (what === 'rate' && !RATE.test(rate.trim())) return setProblem({ field: 'rate', text: t('plans.flex.badRate') });
    if (what === 'rate' && !(DAY.test(from) && d && from > d.today))
      return setProblem({ field: 'from', text: t('plans.flex.badFrom') });
    if (what === 'instant' && !AMOUNT.test(instant.trim()))
      return setProblem({ field: 'instant', text: t('plans.flex.badAmount') });
    setProblem(null);
    setAsking(what);
  };

  return (
    <section className={ui.panel} aria-labelledby="flex-title" data-testid="flexible-panel">
      <div className={ui.panelBody}>
        <PanelHeading id="flex-title" title={t('plans.flex.title')} hint={t('plans.flex.hint')} />
        {d && (
          <p data-testid="flexible-now">
            {t('plans.flex.now', { rate: d.rate_pct, instant: formatMoney(d.instant_out_daily, lang) })}
          </p>
        )}
        {d && d.rates.some((r) => r.day > d.today) && (
          <ul data-testid="flexible-announced">
            {d.rates
              .filter((r) => r.day > d.today)
              .map((r) => (
                <li key={r.day}>{t('plans.flex.announced', { rate: r.rate_pct, day: r.day })}</li>
              ))}
          </ul>
        )}
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-end' }}>
          <Field id="flex-rate" label={t('plans.flex.rate')} error={problem?.field === 'rate' ? problem.text : null}>
            <input
              id="flex-rate"
              className={ui.input}
              inputMode="decimal"
              value={rate}
              onChange={(e) => setRate(e.target.value)}
            />
          </Field>
          <Field
            id="flex-from"
            label={t('plans.flex.from')}
            hint={d ? t('plans.flex.fromHint', { today: d.today, zone: d.time_zone }) : undefined}
            error={problem?.field === 'from' ? problem.text : null}
          >
            <input
              id="flex-from"
              className={ui.input}
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </Field>
          <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => ask('rate')}>
            {t('plans.flex.propose')}
          </button>
        </div>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-end' }}>
          <Field
            id="flex-instant"
            label={t('plans.flex.instant')}
            error={problem?.field === 'instant' ? problem.text : null}
          >
            <input
              id="flex-instant"
              className={ui.input}
              inputMode="decimal"
              value={instant}
              onChange={(e) => setInstantText(e.target.value)}
            />
          </Field>
          <button type="button" className={ui.button} onClick={() => ask('instant')}>
            {t('plans.flex.saveInstant')}
          </button>
        </div>
        <div style={{ marginTop: 16 }}>
          <HeldChangesPanel targets={['yuebao-flexible:']} fieldLabel={() => t('plans.flex.rate')} />
        </div>
      </div>
      {asking === 'rate' && (
        <ReasonDialog
          title={t('plans.flex.confirmRate', { rate: rate.trim(), day: from })}
          confirmLabel={t('plans.flex.propose')}
          onClose={() => setAsking(null)}
          onConfirm={(reason) =>
            propose({ rate_pct: rate.trim(), effective_from: from, reason })
              .unwrap()
              .then(() => (setRate(''), setFrom('')))
          }
        >
          <p>{t('plans.flex.rateExplain')}</p>
        </ReasonDialog>
      )}
      {asking === 'instant' && (
        <ReasonDialog
          title={t('plans.flex.confirmInstant', { amount: formatMoney(instant.trim(), lang) })}
          confirmLabel={t('plans.flex.saveInstant')}
          onClose={() => setAsking(null)}
          onConfirm={(reason) =>
            setInstant({ instant_out_daily: instant.trim(), reason })
              .unwrap()
              .then(() => setInstantText(''))
          }
        >
          <p>{t('plans.flex.instantExplain')}</p>
        </ReasonDialog>
      )}
    </section>
  );
}
