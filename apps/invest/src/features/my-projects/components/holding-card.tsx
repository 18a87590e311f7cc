import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayOf, type Holding } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { Button } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../../../i18n-namespace.ts';
import { labelToSeconds } from '../../../lib/plan-math.ts';
import { HoldingHistory } from './holding-history.tsx';
import styles from './my-projects.module.css';

/** Platform days from today to the day of the instant (a daylight-saving day is still one day). */
function daysUntil(seconds: number, timeZone: string) {
  return Math.max(0, dayOf(seconds, timeZone) - dayOf(Date.now() / 1000, timeZone));
}

/** One holding: status, figures, next credit, maturity countdown, what an awaiting top-up still needs, history. */
export function HoldingCard({ holding: h }: { holding: Holding }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const [open, setOpen] = useState(false);
  const live = h.status !== 2;
  return (
    <article className={styles.card} data-testid="holding-card" aria-labelledby={`holding-${h.id}`}>
      <div className={styles.head}>
        <h3 id={`holding-${h.id}`} className={styles.title}>
          {h.title}
        </h3>
        <span className={styles.status} data-status={h.status}>
          {t(`status.${h.status}`)}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('holding.principal')}</dt>
          <dd data-testid="holding-principal">{f.money(h.principal)}</dd>
        </div>
        <div>
          <dt>{t('holding.accrued')}</dt>
          <dd>{f.money(h.accrued)}</dd>
        </div>
        <div>
          <dt>{t('terms.rate')}</dt>
          <dd>{t('plan.ratePct', { rate: f.number(h.terms.rate, 2) })}</dd>
        </div>
        <div>
          <dt>{t('plan.period')}</dt>
          <dd>
            {f.date(labelToSeconds(h.first_day))} – {f.date(labelToSeconds(h.last_day))}
          </dd>
        </div>
        {live ? (
          <>
            <div>
              <dt>{t('holding.nextAccrual')}</dt>
              <dd>{h.next_accrual_time ? f.dateTime(h.next_accrual_time) : t('holding.settling')}</dd>
            </div>
            <div>
              <dt>{t('holding.maturity')}</dt>
              <dd>
                {f.dateTime(h.maturity_time)} ·{' '}
                {t('holding.inDays', { count: daysUntil(h.maturity_time, h.time_zone) })}
              </dd>
            </div>
            <div>
              <dt>{t('sheet.atMaturity')}</dt>
              <dd>{f.money(h.amount_at_maturity)}</dd>
            </div>
            {h.held !== '0.00' && (
              <div>
                <dt>{t('holding.held')}</dt>
                <dd>{f.money(h.held)}</dd>
              </div>
            )}
          </>
        ) : (
          <div>
            <dt>{t('holding.settledAt')}</dt>
            <dd>{h.settled_at ? f.dateTime(h.settled_at) : '—'}</dd>
          </div>
        )}
      </dl>
      {h.status === 3 && h.topup_needed && (
        <p className={styles.needed} data-testid="topup-needed">
          {t('holding.needed', {
            amount: f.money(h.topup_needed),
            when: h.topup_until ? f.dateTime(h.topup_until) : '',
          })}
        </p>
      )}
      {live && h.renew && h.renew_rate && (
        <p className={styles.renewNote}>{t('holding.renewOn', { rate: f.number(h.renew_rate, 2) })}</p>
      )}
      {h.renew_offer_rate && (
        <p className={styles.needed} data-testid="renew-offer">
          {t('holding.renewOffer', { rate: f.number(h.renew_offer_rate, 2) })}
        </p>
      )}
      <div className={styles.actions}>
        {live && (
          <LinkButton size="sm" href={`#/pages/project/details?id=${h.plan_id}`}>
            {t('holding.manage')}
          </LinkButton>
        )}
        <Button size="sm" variant="outline" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          {t(open ? 'holding.hideHistory' : 'holding.history')}
        </Button>
      </div>
      {open && <HoldingHistory holding={h} />}
    </article>
  );
}
