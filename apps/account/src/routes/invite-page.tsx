import { useState } from 'react';
import { Button, EmptyState, LinkButton, useToast } from '@app/ui';
import { DefaultPage, Loading, LoadError } from '@app/app-kit';
import { useFormatters } from '@app/i18n/client';
import type { InviteRules } from '@app/contracts';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { useGetInviteRecordsQuery, useGetInviteSummaryQuery } from '../features/invite/api/invite-api.ts';
import { registerLink } from '../features/invite/lib/invite-link.ts';
import { QrCanvas } from '../features/invite/components/qr-canvas.tsx';
import { copyText } from '../features/invite/lib/copy-text.ts';
import styles from '../features/invite/components/invite.module.css';
import prose from '../lib/prose.module.css';

/** The rule in words, with its exact amount and condition, as the server applies it. */
export function RulesText({ rules }: { rules: InviteRules }) {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  const paid = rules.bonus_amount !== '0.00';
  return (
    <ul>
      <li>
        {paid
          ? t('invite.rules.bonus', {
              amount: f.money(rules.bonus_amount),
              condition: t(`invite.rules.condition.${rules.condition}`),
            })
          : t('invite.rules.noBonus')}
      </li>
      <li>{t('invite.rules.once')}</li>
      <li>{t('invite.rules.oneLevel')}</li>
      <li>{t('invite.rules.accumulate')}</li>
    </ul>
  );
}

function RecordsPage({ page, onMore }: { page: number; onMore: (() => void) | null }) {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  const { data, error, refetch } = useGetInviteRecordsQuery({ page });
  // Whatever this page shows sits in the list as an item of its own.
  if (error)
    return (
      <li>
        <LoadError compact error={error} onRetry={() => void refetch()} />
      </li>
    );
  if (!data)
    return (
      <li>
        <Loading lines={2} />
      </li>
    );
  if (page === 1 && data.items.length === 0)
    return (
      <li>
        <EmptyState compact title={t('invite.records.empty')} />
      </li>
    );
  const more = onMore && page * 20 < data.total;
  return (
    <>
      {data.items.map((r, i) => (
        <li key={`${page}-${i}`} className={styles.record}>
          <div>
            <div>{r.account_masked}</div>
            <div className={styles.recordMeta}>{t('invite.records.registered', { date: f.date(r.registered_at) })}</div>
          </div>
          <div>
            {r.qualified ? (
              <>
                <div>{t('invite.records.qualified')}</div>
                {r.bonus !== null && r.bonus !== '0.00' && <div className={styles.recordMeta}>+{f.money(r.bonus)}</div>}
              </>
            ) : (
              <div className={styles.recordMeta}>{t('invite.records.notQualified')}</div>
            )}
          </div>
        </li>
      ))}
      {more && (
        <li>
          <Button variant="secondary" block onClick={onMore}>
            {t('invite.records.more')}
          </Button>
        </li>
      )}
    </>
  );
}

/** My code and link (copyable), the QR of the link, a poster, the rule, and the people I invited. */
export default function InvitePage() {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  const toast = useToast();
  const { data, error, refetch } = useGetInviteSummaryQuery();
  const [pages, setPages] = useState(1);
  const copy = async (text: string) => {
    try {
      await copyText(text);
      toast.info(t('copied', { ns: 'errors' }));
    } catch {
      toast.error(t('invite.copyFailed'));
    }
  };
  if (error)
    return (
      <DefaultPage title={t('invite.title')}>
        <LoadError error={error} onRetry={() => void refetch()} />
      </DefaultPage>
    );
  if (!data)
    return (
      <DefaultPage title={t('invite.title')}>
        <Loading />
      </DefaultPage>
    );
  const link = registerLink(data.invite_code);
  return (
    <DefaultPage title={t('invite.title')}>
      <div className={prose.prose}>
        <h2>{t('invite.myCode')}</h2>
        <p className={prose.code} data-testid="invite-code">
          {data.invite_code}
        </p>
        <h2>{t('invite.link')}</h2>
        <p className={prose.link} data-testid="invite-link">
          {link}
        </p>
        <div className={styles.qr}>
          <QrCanvas text={link} size={200} label={t('invite.qrLabel')} />
        </div>
        <p>{t('invite.how')}</p>
      </div>
      <div className={prose.actions}>
        <Button onClick={() => void copy(data.invite_code)}>{t('invite.copyCode')}</Button>
        <Button variant="secondary" onClick={() => void copy(link)}>
          {t('invite.copyLink')}
        </Button>
        <LinkButton href="#/pages/user/poster" variant="secondary">
          {t('invite.poster')}
        </LinkButton>
      </div>
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>{t('invite.stats.invited')}</dt>
          <dd>{f.number(data.invited_count, 0)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{t('invite.stats.qualified')}</dt>
          <dd>{f.number(data.qualified_count, 0)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{t('invite.stats.bonus')}</dt>
          <dd>{f.money(data.bonus_total)}</dd>
        </div>
      </dl>
      <section className={prose.prose} aria-labelledby="invite-rules">
        <h2 id="invite-rules">{t('invite.rules.title')}</h2>
        <RulesText rules={data.rules} />
      </section>
      <section className={prose.prose} aria-labelledby="invite-records">
        <h2 id="invite-records">{t('invite.records.title')}</h2>
        <ul className={styles.records}>
          {Array.from({ length: pages }, (_, i) => (
            <RecordsPage key={i} page={i + 1} onMore={i + 1 === pages ? () => setPages((p) => p + 1) : null} />
          ))}
        </ul>
      </section>
    </DefaultPage>
  );
}
