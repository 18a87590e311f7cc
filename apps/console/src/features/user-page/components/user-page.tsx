import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { AdminUserProfile } from '@app/contracts';
import page from '../../../components/page.module.css';
import { QueryState } from '../../../components/query-state.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useLanguage, usePermission } from '../../../lib/hooks.ts';
import { useUserAdjustmentsQuery, useUserBalancesQuery, useUserProfileQuery } from '../api/user-page-api.ts';
import { RiskFlags } from '../../../components/risk-flags.tsx';
import { UserActs } from './user-acts.tsx';
import { NotesPanel } from './notes-panel.tsx';
import { PARTS, UserPart, type Part } from './user-parts.tsx';
import styles from './user-page.module.css';

const isPart = (value: string | null): value is Part => (PARTS as readonly (string | null)[]).includes(value);

/**
 * One user on one page: the account, its balances, customer service's acts, and a tab per part of its history. A
 * link may name the part to open (`#/users/12?part=methods`: search everything found the user by a card).
 */
export function UserPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const profile = useUserProfileQuery(id, { skip: !valid });
  const [params] = useSearchParams();
  const location = useLocation();
  const linkedPart = () => {
    const named = params.get('part');
    return isPart(named) ? named : 'ledger';
  };
  const [part, setPart] = useState<Part>(linkedPart);
  // Each link followed opens the part it names, even when this page is already showing (another user, or this one).
  const [followed, setFollowed] = useState(location.key);
  if (followed !== location.key) {
    setFollowed(location.key);
    setPart(linkedPart());
  }
  const [notice, setNotice] = useState<string | null>(null);
  const user = profile.data;

  return (
    <div className={page.stack}>
      <Link to="/users" className={styles.back}>
        ← {t('userPage.back')}
      </Link>
      <QueryState
        isLoading={profile.isLoading}
        error={
          valid ? profile.error : { kind: 'refused', key: 'user_not_found', msg: t('userPage.notFound'), code: 404 }
        }
        isEmpty={!user}
        empty={<span>{t('userPage.notFound')}</span>}
        onRetry={() => void profile.refetch()}
      >
        {user && (
          <>
            <header className={page.header}>
              <div>
                <h1 className={page.title}>
                  {user.account} <span className={styles.id}>#{user.id}</span>{' '}
                  {user.closed_at ? (
                    <span className={`${ui.badge} ${ui.badgeDanger}`} data-testid="user-closed">
                      {t('users.closedSince', { time: formatDateTime(user.closed_at, lang) })}
                    </span>
                  ) : (
                    <>
                      <span className={`${ui.badge} ${user.locked ? ui.badgeDanger : ui.badgeOk}`}>
                        {user.locked ? t('users.locked') : t('users.active')}
                      </span>{' '}
                      <FrozenBadge frozenAt={user.frozen_at ?? null} />
                    </>
                  )}
                  {user.is_vip && <span className={ui.badge}> VIP</span>}
                </h1>
                <p className={page.subtitle}>
                  {user.phone} · {t('userPage.writesIn', { language: t(`languages.${user.lang}`), code: user.lang })}
                </p>
              </div>
              <UserActs user={user} onDone={setNotice} />
            </header>
            {notice && (
              <div className={ui.success} role="status">
                {notice}
              </div>
            )}
            <div className={styles.top}>
              <Profile user={user} />
              <Balances id={user.id} />
            </div>
            <RiskFlags userId={user.id} />
            <NotesPanel userId={user.id} />
            <Adjustments id={user.id} />
            <section className={ui.panel}>
              <div className={styles.tabs} role="tablist" aria-label={t('userPage.partsLabel')}>
                {PARTS.map((p) => (
                  <button
                    key={p}
                    type="button"
                    role="tab"
                    id={`tab-${p}`}
                    aria-selected={part === p}
                    aria-controls="user-part"
                    className={styles.tab}
                    onClick={() => setPart(p)}
                  >
                    {t(`userPage.parts.${p}`)}
                  </button>
                ))}
              </div>
              <div id="user-part" role="tabpanel" aria-labelledby={`tab-${part}`}>
                <UserPart key={`${user.id}-${part}`} part={part} userId={user.id} />
              </div>
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}

/** Next to the locked state: since when withdrawals and payout-method changes are frozen, or that they are not. */
function FrozenBadge({ frozenAt }: { frozenAt: number | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <span className={`${ui.badge} ${frozenAt !== null ? ui.badgeDanger : ui.badgeOk}`} data-testid="user-frozen">
      {frozenAt !== null ? t('users.frozenSince', { time: formatDateTime(frozenAt, lang) }) : t('users.notFrozen')}
    </span>
  );
}

function Profile({ user }: { user: AdminUserProfile }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <section className={`${ui.panel} ${ui.panelBody}`} aria-label={t('userPage.profile')}>
      <dl className={page.facts} data-testid="user-profile">
        <dt>{t('users.id')}</dt>
        <dd>#{user.id}</dd>
        <dt>{t('users.account')}</dt>
        <dd>{user.account}</dd>
        <dt>{t('users.phone')}</dt>
        <dd>{user.phone}</dd>
        <dt>{t('userPage.language')}</dt>
        <dd>
          {t(`languages.${user.lang}`)} ({user.lang})
        </dd>
        <dt>{t('users.realName')}</dt>
        <dd>{t(`users.realNameStates.${user.real_name_state}`, { defaultValue: user.real_name_state })}</dd>
        <dt>{t('users.created')}</dt>
        <dd>{formatDateTime(user.created_at, lang)}</dd>
        <dt>{t('users.inviteCode')}</dt>
        <dd className={page.mono}>{user.invite_code}</dd>
        <dt>{t('userPage.invitedBy')}</dt>
        <dd>
          {user.inviter_id ? (
            <Link to={`/users/${user.inviter_id}`}>{`${user.inviter_account ?? ''} (#${user.inviter_id})`}</Link>
          ) : (
            '—'
          )}
        </dd>
        <dt>{t('userPage.fundPassword')}</dt>
        <dd>{user.has_fund_password ? t('userPage.set') : t('userPage.notSet')}</dd>
      </dl>
    </section>
  );
}

function Balances({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const query = useUserBalancesQuery(id);
  const b = query.data;
  return (
    <section className={`${ui.panel} ${ui.panelBody}`} aria-label={t('userPage.balances')}>
      <h2 className={ui.panelTitle}>{t('userPage.balances')}</h2>
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={!b}
        empty={null}
        onRetry={() => void query.refetch()}
      >
        {b && (
          <div className={styles.balances} data-testid="user-balances">
            {(
              [
                ['available', b.available],
                ['frozen', b.frozen],
                ['plan', b.plan],
                ['planInterest', b.plan_interest],
                ['yuebao', b.yuebao],
                ['yuebaoOut', b.yuebao_out],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className={styles.balance}>
                <span className={styles.balanceLabel}>{t(`userPage.balance.${key}`)}</span>
                <span className={styles.balanceValue}>{formatMoney(value, lang)}</span>
              </div>
            ))}
            <div className={styles.balance}>
              <span className={styles.balanceLabel}>{t('userPage.balance.practice')}</span>
              <span className={styles.balanceValue}>{b.practice} PUSD</span>
            </div>
            <div className={styles.balance}>
              <span className={styles.balanceLabel}>{t('userPage.balance.coins')}</span>
              <span className={styles.coins}>
                {b.coins.filter((c) => !/^0\.0+$/.test(c.amount)).length === 0
                  ? '—'
                  : b.coins
                      .filter((c) => !/^0\.0+$/.test(c.amount))
                      .map((c) => `${c.amount} ${c.coin}`)
                      .join(' · ')}
              </span>
            </div>
          </div>
        )}
      </QueryState>
    </section>
  );
}

/** The user's balance adjustments, a held one (waiting for a second operator) first in mind. */
function Adjustments({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const may = usePermission('money.adjust');
  const query = useUserAdjustmentsQuery(id, { skip: !may });
  const items = query.data?.items ?? [];
  if (!may || items.length === 0) return null;
  return (
    <section className={ui.panel} aria-label={t('userPage.adjust.list')}>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="user-adjustments">
          <caption className={styles.caption}>{t('userPage.adjust.list')}</caption>
          <thead>
            <tr>
              <th>{t('userPage.col.id')}</th>
              <th>{t('userPage.col.time')}</th>
              <th>{t('userPage.adjust.direction')}</th>
              <th className={ui.num}>{t('userPage.col.amount')}</th>
              <th>{t('userPage.adjust.category')}</th>
              <th>{t('userPage.col.reason')}</th>
              <th>{t('userPage.col.state')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((a) => (
              <tr key={a.id}>
                <td>#{a.id}</td>
                <td>{formatDateTime(a.created_at, lang, 'short')}</td>
                <td>{t(`userPage.adjust.${a.direction}`)}</td>
                <td className={ui.num}>{formatMoney(a.amount, lang)}</td>
                <td>{t(`userPage.adjust.categories.${a.category}`)}</td>
                <td>{a.reason}</td>
                <td>
                  <span
                    className={`${ui.badge} ${a.status === 'pending' ? ui.badgeWarn : a.status === 'refused' ? ui.badgeDanger : ui.badgeOk}`}
                  >
                    {t(`userPage.adjust.status.${a.status}`, { by: a.requested_by, checker: a.decided_by ?? '' })}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
