import { useEffect, useState } from 'react';
import { selectToken, useAppSelector } from '@app/api-client';
import type { UserCase } from '@app/contracts';
import { EmptyState } from '@app/ui';
import { DefaultPage, LoadError, Loading, getBlob } from '@app/app-kit';
import { useFormatters } from '@app/i18n/client';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { useIdParam } from '../lib/use-id-param.ts';
import { useGetCaseQuery, useGetCasesQuery } from '../features/cases/api/cases-api.ts';
import { itemHref } from '../features/cases/components/case-item.ts';
import styles from '../features/cases/components/cases.module.css';

/** /pages/user/cases: the user's cases and their states; `?id=` one case with its decision and reasons. */
export default function CasesPage() {
  const { t } = useInnerTranslation();
  const id = useIdParam();
  return (
    <DefaultPage title={id ? t('cases.caseTitle', { id }) : t('cases.title')}>
      {id ? <CaseDetail id={id} /> : <CaseList />}
    </DefaultPage>
  );
}

function StateLabel({ c }: { c: UserCase }) {
  const { t } = useInnerTranslation();
  const text = c.state === 'decided' ? t(`cases.outcome.${c.outcome ?? 'upheld'}`) : t(`cases.state.${c.state}`);
  return (
    <span className={styles.state} data-state={c.state} data-testid="case-state">
      {text}
    </span>
  );
}

function CaseList() {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  const { data, error, isLoading, refetch } = useGetCasesQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isLoading) return <Loading lines={4} />;
  if (!data) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (data.items.length === 0) return <EmptyState title={t('cases.empty')} description={t('cases.emptyHint')} />;
  return (
    <section className={styles.section} aria-label={t('cases.title')}>
      <ul className={styles.list}>
        {data.items.map((c) => (
          <li key={c.id}>
            <a className={styles.item} href={`#/pages/user/cases?id=${c.id}`} data-testid={`case-${c.id}`}>
              <span className={styles.itemTitle}>{t(`cases.kind.${c.kind}`, { id: c.item_id })}</span>
              <StateLabel c={c} />
              <span className={styles.muted}>
                {t('cases.opened', { time: f.dateTime(c.created_at) })}
                {c.decided_at !== null && ` · ${t('cases.decided', { time: f.dateTime(c.decided_at) })}`}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CaseDetail({ id }: { id: number }) {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  const { data: c, error, isLoading, refetch } = useGetCaseQuery(id, { refetchOnMountOrArgChange: true });
  if (isLoading) return <Loading lines={6} />;
  if (!c) return <LoadError error={error} onRetry={() => void refetch()} />;
  return (
    <>
      <section className={styles.section} aria-labelledby="case-decision" data-testid="case-detail">
        <h2 id="case-decision" className={styles.heading}>
          {t(`cases.kind.${c.kind}`, { id: c.item_id })}
        </h2>
        <dl className={styles.facts}>
          <dt>{t('cases.stateLabel')}</dt>
          <dd>
            <StateLabel c={c} />
          </dd>
          <dt>{t('cases.openedLabel')}</dt>
          <dd>{f.dateTime(c.created_at)}</dd>
          {c.decided_at !== null && (
            <>
              <dt>{t('cases.decidedLabel')}</dt>
              <dd>{f.dateTime(c.decided_at)}</dd>
            </>
          )}
          {c.amount !== null && (
            <>
              <dt>{t('cases.amount')}</dt>
              <dd data-testid="case-amount">{f.money(c.amount)}</dd>
            </>
          )}
          {c.journal_reference !== null && (
            <>
              <dt>{t('cases.journal')}</dt>
              <dd className={styles.mono}>{c.journal_reference}</dd>
            </>
          )}
        </dl>
        {c.state === 'decided' ? (
          <>
            <h3 className={styles.label}>{t('cases.reason')}</h3>
            <p className={styles.quote} data-testid="case-reason">
              {c.reason}
            </p>
          </>
        ) : (
          <p className={styles.muted}>{t(c.state === 'correcting' ? 'cases.correctingHint' : 'cases.openHint')}</p>
        )}
        <a href={itemHref(c.kind, c.item_id)} className={styles.pickerAction}>
          {t('cases.seeItem')}
        </a>
      </section>
      <section className={styles.section} aria-labelledby="case-yours">
        <h2 id="case-yours" className={styles.heading}>
          {t('cases.yourText')}
        </h2>
        <p className={styles.quote}>{c.text}</p>
        {c.upload_id && <CasePicture uploadId={c.upload_id} />}
      </section>
    </>
  );
}

/** The user's own picture, read with the session token (so as a blob, not by URL). */
function CasePicture({ uploadId }: { uploadId: string }) {
  const { t } = useInnerTranslation();
  const token = useAppSelector(selectToken);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    getBlob(`/api/user/upload?id=${encodeURIComponent(uploadId)}`, token)
      .then((blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [uploadId, token]);
  return url ? <img className={styles.picture} src={url} alt={t('cases.filePreview')} /> : null;
}
