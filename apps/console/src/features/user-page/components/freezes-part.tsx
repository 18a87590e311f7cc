import { useTranslation } from 'react-i18next';
import type { AdminUserFreezeEvent } from '@app/contracts';
import page from '../../../components/page.module.css';
import ui from '../../../components/ui.module.css';
import { formatDateTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import { useUserFreezesQuery } from '../api/user-page-api.ts';
import { PartTable, usePagedPart } from './part-table.tsx';

/** Every freeze and unfreeze of the account: the user's own from the app, and operators' with their reason. */
export function FreezesPart({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const part = usePagedPart(useUserFreezesQuery, id, 'freezes');
  return (
    <div className={page.stack}>
      <PartTable
        {...part}
        rowKey={(e) => e.id}
        columns={[
          { label: t('userPage.col.time'), cell: (e) => formatDateTime(e.at, lang, 'short') },
          {
            label: t('userPage.col.action'),
            cell: (e) => (
              <span className={`${ui.badge} ${e.act === 'freeze' ? ui.badgeDanger : ui.badgeOk}`}>
                {t(`userPage.freezes.${e.act}`)}
              </span>
            ),
          },
          { label: t('userPage.freezes.by'), cell: (e) => <FreezeActor event={e} /> },
          { label: t('userPage.freezes.details'), cell: (e) => <FreezeDetails event={e} /> },
        ]}
      />
      {part.query.data && (
        <p className={ui.hint} style={{ padding: '0 16px 16px' }}>
          {t('userPage.freezes.hint')}
        </p>
      )}
    </div>
  );
}

function FreezeActor({ event: e }: { event: AdminUserFreezeEvent }) {
  const { t } = useTranslation();
  if (e.by === 'operator') return <>{e.operator}</>;
  const where = [e.device, e.ip].filter((part) => part !== null).join(' · ');
  return (
    <>
      {t('userPage.freezes.theUser')}
      {where && <div className={page.mono}>{where}</div>}
    </>
  );
}

function FreezeDetails({ event: e }: { event: AdminUserFreezeEvent }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (e.by === 'operator') return <>{e.reason}</>;
  const lines = [
    e.already_frozen_since !== null &&
      t('userPage.freezes.alreadyFrozen', { at: formatDateTime(e.already_frozen_since, lang, 'short') }),
    e.signed_out !== null && t('userPage.freezes.signedOut', { count: e.signed_out }),
  ].filter((line) => line !== false);
  return lines.length === 0 ? (
    <>—</>
  ) : (
    <>
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </>
  );
}
