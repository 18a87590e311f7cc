import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminUser } from '@app/contracts';
import { ExportButton } from '../../../components/export-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import page from '../../../components/page.module.css';
import { Pager } from '../../../components/pager.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime } from '../../../lib/format.ts';
import { useLanguage, usePermission } from '../../../lib/hooks.ts';
import { useSetUserLockedMutation, useUsersQuery } from '../api/users-api.ts';

const SIZE = 50;

/**
 * Find an account (by id or invitation code, or an account name or phone number whole or by its beginning, as search
 * everything finds users) and lock or unlock it with a reason.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const mayAct = usePermission('users.act');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [acting, setActing] = useState<AdminUser | null>(null);
  const [setLocked] = useSetUserLockedMutation();
  const list = useUsersQuery({ ...(q ? { q } : {}), page: pageNo, size: SIZE });
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setPageNo(1);
  };

  return (
    <div>
      <PageHeader title={t('users.title')} subtitle={list.data ? t('users.total', { count: total }) : '\u00a0'}>
        <form className={page.toolbar} onSubmit={search} role="search">
          <input
            className={ui.input}
            style={{ width: 280 }}
            type="search"
            value={draft}
            maxLength={64}
            placeholder={t('users.searchPlaceholder')}
            aria-label={t('users.search')}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className={`${ui.button} ${ui.primary}`}>
            {t('users.search')}
          </button>
        </form>
        <ExportButton url="/admin/users/export" filters={{ q }} />
      </PageHeader>
      <section className={ui.panel}>
        <QueryTable
          query={list}
          items={items}
          empty={q ? t('users.noMatch', { q }) : t('users.empty')}
          after={<Pager page={pageNo} hasMore={pageNo * SIZE < total} onPage={setPageNo} />}
        >
          <thead>
            <tr>
              <th>{t('users.id')}</th>
              <th>{t('users.account')}</th>
              <th>{t('users.phone')}</th>
              <th>{t('users.inviteCode')}</th>
              <th>{t('users.realName')}</th>
              <th>{t('users.created')}</th>
              <th>{t('users.state')}</th>
              {mayAct && <th aria-label={t('common.actions')} />}
            </tr>
          </thead>
          <tbody>
            {items.map((user) => (
              <tr key={user.id} data-testid={`user-row-${user.id}`}>
                <td>#{user.id}</td>
                <td>
                  <Link to={`/users/${user.id}`}>{user.account}</Link>
                  {user.is_vip && (
                    <>
                      {' '}
                      <span className={ui.badge}>VIP</span>
                    </>
                  )}
                </td>
                <td>{user.phone}</td>
                <td className={page.mono}>{user.invite_code}</td>
                <td>{t(`users.realNameStates.${user.real_name_state}`, { defaultValue: user.real_name_state })}</td>
                <td>{formatDateTime(user.created_at, lang, 'short')}</td>
                <td>
                  {user.closed_at ? (
                    <span className={`${ui.badge} ${ui.badgeDanger}`}>{t('users.closed')}</span>
                  ) : (
                    <span className={`${ui.badge} ${user.locked ? ui.badgeDanger : ui.badgeOk}`}>
                      {user.locked ? t('users.locked') : t('users.active')}
                    </span>
                  )}
                  {(user.frozen_at ?? null) !== null && (
                    <>
                      {' '}
                      <span className={`${ui.badge} ${ui.badgeDanger}`}>{t('users.frozen')}</span>
                    </>
                  )}
                </td>
                {mayAct && (
                  <td className={ui.num}>
                    {!user.closed_at && (
                      <button
                        type="button"
                        className={`${ui.button} ${ui.small} ${user.locked ? '' : ui.danger}`}
                        onClick={() => setActing(user)}
                      >
                        {user.locked ? t('users.unlock') : t('users.lock')}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </QueryTable>
      </section>
      {acting && (
        <ReasonDialog
          title={t(acting.locked ? 'users.confirmUnlock' : 'users.confirmLock', { account: acting.account })}
          confirmLabel={acting.locked ? t('users.unlock') : t('users.lock')}
          tone={acting.locked ? 'primary' : 'danger'}
          onClose={() => setActing(null)}
          onConfirm={(reason) => setLocked({ id: acting.id, locked: !acting.locked, reason }).unwrap()}
        >
          <p>{acting.locked ? t('users.unlockExplain') : t('users.lockExplain')}</p>
        </ReasonDialog>
      )}
    </div>
  );
}
