import { useTranslation } from 'react-i18next';
import type { AdminUserDeviceSession } from '@app/contracts';
import page from '../../../components/page.module.css';
import ui from '../../../components/ui.module.css';
import { formatDateTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import { useUserDevicesQuery } from '../api/user-page-api.ts';
import { PartTable, usePagedPart } from './part-table.tsx';
import styles from './user-page.module.css';

/**
 * Where the user is signed in, and was: each session's device, address and times, how it ended, and the devices a
 * new sign-in is compared with, so customer service can tell a caller why an alert came or did not.
 */
export function DevicesPart({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const part = usePagedPart(useUserDevicesQuery, id, 'devices');
  const data = part.query.data;
  const when = (at: number) => formatDateTime(at, lang, 'short');
  return (
    <div className={page.stack}>
      <PartTable
        {...part}
        rowKey={(s) => s.id}
        columns={[
          { label: t('userPage.col.device'), cell: (s) => s.device },
          { label: t('userPage.col.ip'), cell: (s) => <span className={page.mono}>{s.ip ?? '—'}</span> },
          { label: t('userPage.devices.firstSeen'), cell: (s) => when(s.first_seen_at) },
          { label: t('userPage.col.lastSeen'), cell: (s) => when(s.last_seen_at) },
          { label: t('userPage.col.state'), cell: (s) => <SessionState session={s} /> },
        ]}
      />
      {data && (
        <>
          <p className={ui.hint} style={{ padding: '0 16px' }}>
            {t('userPage.devices.endedHint')}
          </p>
          <h3 className={styles.subhead}>{t('userPage.devices.known')}</h3>
          {data.known_devices.length === 0 ? (
            <p className={ui.hint} style={{ padding: '0 16px' }}>
              {t('userPage.devices.noneKnown')}
            </p>
          ) : (
            <table className={ui.table} aria-label={t('userPage.devices.known')} data-testid="known-devices">
              <thead>
                <tr>
                  <th>{t('userPage.col.device')}</th>
                  <th>{t('userPage.devices.lastSignIn')}</th>
                  <th className={ui.num}>{t('userPage.devices.signIns')}</th>
                </tr>
              </thead>
              <tbody>
                {data.known_devices.map((d) => (
                  <tr key={d.device}>
                    <td>{d.device}</td>
                    <td>{when(d.last_sign_in_at)}</td>
                    <td className={ui.num}>{d.sign_ins}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className={ui.hint} style={{ padding: '0 16px 16px' }}>
            {t('userPage.devices.knownHint', { count: data.known_from_last })}
          </p>
        </>
      )}
    </div>
  );
}

function SessionState({ session: s }: { session: AdminUserDeviceSession }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (s.state === 'live') return <span className={`${ui.badge} ${ui.badgeOk}`}>{t('userPage.devices.live')}</span>;
  const at = s.ended_at === null ? '' : formatDateTime(s.ended_at, lang, 'short');
  if (s.ended_by_operator) return <>{t('userPage.devices.endedBy', { at, operator: s.ended_by_operator })}</>;
  return <>{t(`userPage.devices.ended.${s.state}`, { at })}</>;
}
