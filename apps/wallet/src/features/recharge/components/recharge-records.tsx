import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectToken, useAppSelector } from '@app/api-client';
import type { RechargeRecord } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { RecordStatus } from '../../../lib/record-status.tsx';
import { ReceiptRows, RecordList } from '../../../lib/record-list.tsx';
import { getBlob, LoadError, Loading } from '@app/app-kit';
import { Timeline } from '../../../lib/timeline.tsx';
import { ContestLink } from '../../../lib/contest-link.tsx';
import styles from '../../../lib/wallet.module.css';
import { useGetRechargePagesInfiniteQuery, useGetRechargeRecordQuery } from '../api/recharge-api.ts';

/** Recharge records, newest first, paged as the user scrolls. */
export function RechargeRecordList() {
  const { t } = useTranslation(NS);
  const query = useGetRechargePagesInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <RecordList
      query={query}
      title={(r: RechargeRecord) => (r.class === 0 ? r.channel_name : t(`class.c${r.class}`))}
      href={(r) => `#/pages/user/rechargerecord?id=${r.id}`}
      testId="recharge-row"
      empty={{ title: t('records.noRecharge'), action: t('titles.recharge'), href: '#/pages/user/rechargeList' }}
    />
  );
}

function Screenshot({ uploadId }: { uploadId: string }) {
  const { t } = useTranslation(NS);
  const token = useAppSelector(selectToken);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let revoke: string | null = null;
    getBlob(`/api/user/upload?id=${encodeURIComponent(uploadId)}`, token)
      .then((blob) => setUrl((revoke = URL.createObjectURL(blob))))
      .catch(() => setUrl(null));
    return () => void (revoke && URL.revokeObjectURL(revoke));
  }, [uploadId, token]);
  return url ? <img className={styles.preview} src={url} alt={t('recharge.screenshotPreview')} /> : null;
}

/** One recharge as a receipt: every detail, its status timeline and the screenshot. */
export function RechargeReceipt({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const { data, error, isLoading, refetch } = useGetRechargeRecordQuery(id);
  if (isLoading) return <Loading />;
  const r = data?.items[0];
  if (!r) return <LoadError error={error} onRetry={() => void refetch()} />;
  const rows: Array<[string, string]> = [
    [t('record.reference'), r.reference_code],
    [t('record.class'), t(`class.c${r.class}`)],
    [t('record.channel'), r.channel_name],
    [t('record.amount'), f.money(r.amount)],
    ...(r.payer_name ? ([[t('recharge.payer'), r.payer_name]] as Array<[string, string]>) : []),
    ...(r.transfer_note ? ([[t('recharge.note'), r.transfer_note]] as Array<[string, string]>) : []),
    [t('record.time'), f.dateTime(r.created_at)],
  ];
  return (
    <section className={styles.card} aria-label={t('record.receipt')} data-testid="recharge-receipt">
      <p>
        <RecordStatus status={r.status} />
      </p>
      <ReceiptRows rows={rows} />
      {r.reason && <p className={styles.error}>{t('record.reason', { reason: r.reason })}</p>}
      {r.status === 2 && r.class === 0 && <ContestLink kind="deposit" id={r.id} />}
      <h2 className={styles.label}>{t('record.timeline')}</h2>
      <Timeline steps={r.timeline} />
      {r.upload_id && <Screenshot uploadId={r.upload_id} />}
    </section>
  );
}
