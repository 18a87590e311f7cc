import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bcp47Of, type AdminPaymentMethod } from '@app/contracts';
import page from '../../../components/page.module.css';
import { QueryState } from '../../../components/query-state.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useLanguage, usePermission } from '../../../lib/hooks.ts';
import {
  useAllowEditMutation,
  useUserAuditQuery,
  useUserDepositsQuery,
  useUserFactorsQuery,
  useUserInvitationsQuery,
  useUserLedgerQuery,
  useUserLoginsQuery,
  useUserMessagesQuery,
  useUserMethodsQuery,
  useUserOrdersQuery,
  useUserPlansQuery,
  useUserLimitsQuery,
  useUserRealNameQuery,
  useUserSessionsQuery,
  useUserSupportQuery,
  useUserWithdrawalsQuery,
} from '../api/user-page-api.ts';
import { DevicesPart } from './devices-part.tsx';
import { FreezesPart } from './freezes-part.tsx';
import { PartTable, usePagedPart } from './part-table.tsx';
import styles from './user-page.module.css';

export const PARTS = [
  'ledger',
  'orders',
  'plans',
  'deposits',
  'withdrawals',
  'methods',
  'realName',
  'limits',
  'factors',
  'devices',
  'freezes',
  'sessions',
  'messages',
  'support',
  'invitations',
  'audit',
] as const;
export type Part = (typeof PARTS)[number];

/** Cash in U; practice money and coins with their asset named. */
function useAmount() {
  const lang = useLanguage();
  return (amount: string, asset = 'USD') => (asset === 'USD' ? formatMoney(amount, lang) : `${amount} ${asset}`);
}

const signed = (amount: string) => (amount.startsWith('-') ? styles.debit : styles.credit);

export function UserPart({ part, userId }: { part: Part; userId: number }) {
  switch (part) {
    case 'ledger':
      return <LedgerPart id={userId} />;
    case 'orders':
      return <OrdersPart id={userId} />;
    case 'plans':
      return <PlansPart id={userId} />;
    case 'deposits':
      return <DepositsPart id={userId} />;
    case 'withdrawals':
      return <WithdrawalsPart id={userId} />;
    case 'methods':
      return <MethodsPart id={userId} />;
    case 'realName':
      return <RealNamePart id={userId} />;
    case 'limits':
      return <LimitsPart id={userId} />;
    case 'factors':
      return <FactorsPart id={userId} />;
    case 'devices':
      return <DevicesPart id={userId} />;
    case 'freezes':
      return <FreezesPart id={userId} />;
    case 'sessions':
      return <SessionsPart id={userId} />;
    case 'messages':
      return <MessagesPart id={userId} />;
    case 'support':
      return <SupportPart id={userId} />;
    case 'invitations':
      return <InvitationsPart id={userId} />;
    case 'audit':
      return <AuditPart id={userId} />;
  }
}

function LedgerPart({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const amount = useAmount();
  const part = usePagedPart(useUserLedgerQuery, id, 'ledger');
  return (
    <PartTable
      {...part}
      rowKey={(e) => e.id}
      columns={[
        { label: t('userPage.col.time'), cell: (e) => formatDateTime(e.at, lang, 'short') },
        { label: t('userPage.col.kind'), cell: (e) => <span className={page.mono}>{e.kind}</span> },
        { label: t('userPage.col.reference'), cell: (e) => <span className={styles.reference}>{e.reference}</span> },
        { label: t('userPage.col.account'), cell: (e) => `${e.asset} · ${t(`userPage.bucket.${e.bucket}`)}` },
        {
          label: t('userPage.col.amount'),
          num: true,
          cell: (e) => <span className={signed(e.amount)}>{amount(e.amount, e.asset)}</span>,
        },
        { label: t('userPage.col.balanceAfter'), num: true, cell: (e) => amount(e.balance_after, e.asset) },
      ]}
    />
  );
}

function OrdersPart({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const part = usePagedPart(useUserOrdersQuery, id, 'orders');
  return (
    <PartTable
      {...part}
      rowKey={(o) => o.id}
      columns={[
        { label: t('userPage.col.id'), cell: (o) => `#${o.id}` },
        { label: t('userPage.col.time'), cell: (o) => formatDateTime(o.open_time, lang, 'short') },
        { label: t('userPage.col.product'), cell: (o) => `${o.symbol} · ${o.seconds}s` },
        { label: t('userPage.col.direction'), cell: (o) => t(`userPage.direction.${o.direction}`) },
        { label: t('userPage.col.amount'), num: true, cell: (o) => formatMoney(o.amount, lang) },
        { label: t('userPage.col.prices'), cell: (o) => `${o.open_price} → ${o.settle_price ?? '…'}` },
        {
          label: t('userPage.col.result'),
          num: true,
          cell: (o) =>
            o.pnl === null ? (
              <span className={ui.badge}>{t('userPage.open')}</span>
            ) : (
              <span className={signed(o.pnl)}>{formatMoney(o.pnl, lang)}</span>
            ),
        },
      ]}
    />
  );
}

function PlansPart({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const part = usePagedPart(useUserPlansQuery, id, 'plans');
  return (
    <PartTable
      {...part}
      rowKey={(h) => h.id}
      columns={[
        { label: t('userPage.col.plan'), cell: (h) => `${h.title} (#${h.id})` },
        { label: t('userPage.col.state'), cell: (h) => t(`userPage.holding.${h.status}`) },
        { label: t('userPage.col.principal'), num: true, cell: (h) => formatMoney(h.principal, lang) },
        { label: t('userPage.col.accrued'), num: true, cell: (h) => formatMoney(h.accrued, lang) },
        { label: t('userPage.col.days'), cell: (h) => `${h.first_day} – ${h.last_day}` },
        {
          label: t('userPage.col.lots'),
          cell: (h) => (
            <ul className={styles.lots}>
              {h.lots.map((l) => (
                <li key={l.id}>
                  {t(`userPage.lot.${l.kind}`)} {formatMoney(l.principal, lang)} · {l.first_day} – {l.last_day}
                </li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}

function DepositsPart({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const part = usePagedPart(useUserDepositsQuery, id, 'deposits');
  return (
    <PartTable
      {...part}
      rowKey={(d) => d.id}
      columns={[
        { label: t('userPage.col.id'), cell: (d) => `#${d.id}` },
        { label: t('userPage.col.time'), cell: (d) => formatDateTime(d.created_at, lang, 'short') },
        { label: t('userPage.col.reference'), cell: (d) => <span className={page.mono}>{d.reference_code}</span> },
        { label: t('userPage.col.channel'), cell: (d) => d.channel_name },
        { label: t('userPage.col.amount'), num: true, cell: (d) => formatMoney(d.amount, lang) },
        { label: t('userPage.col.state'), cell: (d) => t(`deposits.status${d.status}`) },
      ]}
    />
  );
}

function WithdrawalsPart({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const part = usePagedPart(useUserWithdrawalsQuery, id, 'withdrawals');
  return (
    <PartTable
      {...part}
      rowKey={(w) => w.id}
      columns={[
        { label: t('userPage.col.id'), cell: (w) => `#${w.id}` },
        { label: t('userPage.col.time'), cell: (w) => formatDateTime(w.created_at, lang, 'short') },
        { label: t('userPage.col.destination'), cell: (w) => `${t(`kinds.${w.kind}`)} · ${w.destination}` },
        { label: t('userPage.col.amount'), num: true, cell: (w) => formatMoney(w.amount, lang) },
        { label: t('userPage.col.fee'), num: true, cell: (w) => formatMoney(w.fee, lang) },
        { label: t('userPage.col.state'), cell: (w) => t(`userPage.withdrawal.${w.status}`) },
      ]}
    />
  );
}

function MethodsPart({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const mayAct = usePermission('users.act');
  const [allowing, setAllowing] = useState<AdminPaymentMethod | null>(null);
  const [allowEdit] = useAllowEditMutation();
  const part = usePagedPart(useUserMethodsQuery, id, 'methods');
  const state = (m: AdminPaymentMethod) => {
    if (m.removed_at !== null)
      return (
        <span className={ui.badge}>{t('userPage.method.removed', { time: formatDateTime(m.removed_at, lang) })}</span>
      );
    if (!m.locked)
      return (
        <span className={`${ui.badge} ${ui.badgeWarn}`}>
          {t('userPage.method.editOpen', {
            name: m.edit_allowed_by ?? '',
            time: formatDateTime(m.edit_allowed_until, lang, 'short'),
          })}
        </span>
      );
    return <span className={`${ui.badge} ${ui.badgeOk}`}>{t('userPage.method.locked')}</span>;
  };
  return (
    <>
      <PartTable
        {...part}
        rowKey={(m) => m.id}
        columns={[
          { label: t('userPage.col.kind'), cell: (m) => `${t(`kinds.${m.kind}`)} · ${m.title}` },
          { label: t('userPage.col.account'), cell: (m) => <span className={page.mono}>{m.masked}</span> },
          { label: t('userPage.col.holder'), cell: (m) => m.holder ?? '—' },
          { label: t('userPage.col.bound'), cell: (m) => formatDateTime(m.created_at, lang) },
          { label: t('userPage.col.state'), cell: state },
          {
            label: t('common.actions'),
            num: true,
            cell: (m) =>
              mayAct && m.removed_at === null && m.locked ? (
                <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => setAllowing(m)}>
                  {t('userPage.method.allowEdit')}
                </button>
              ) : null,
          },
        ]}
      />
      {allowing && (
        <ReasonDialog
          title={t('userPage.method.confirm', { method: `${allowing.title} ${allowing.masked}` })}
          confirmLabel={t('userPage.method.allowEdit')}
          onClose={() => setAllowing(null)}
          onConfirm={(reason) => allowEdit({ id, methodId: allowing.id, reason }).unwrap()}
        >
          <p>{t('userPage.method.explain')}</p>
        </ReasonDialog>
      )}
    </>
  );
}

function RealNamePart({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const query = useUserRealNameQuery(id);
  const r = query.data;
  return (
    <QueryState
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={!r}
      empty={null}
      onRetry={() => void query.refetch()}
    >
      {r && (
        <dl className={page.facts} style={{ padding: 16 }} data-testid="part-realName">
          <dt>{t('userPage.col.state')}</dt>
          <dd>{t(`users.realNameStates.${r.state}`)}</dd>
          <dt>{t('userPage.realName.submitted')}</dt>
          <dd>{formatDateTime(r.submitted_at, lang)}</dd>
          <dt>{t('userPage.realName.decided')}</dt>
          <dd>{formatDateTime(r.decided_at, lang)}</dd>
          <dt>{t('userPage.realName.reason')}</dt>
          <dd>{r.reason ?? '—'}</dd>
          <dt>{t('userPage.realName.submissions')}</dt>
          <dd>{r.submissions}</dd>
        </dl>
      )}
      <p className={ui.hint} style={{ padding: '0 16px 16px' }}>
        {t('userPage.realName.document')}
      </p>
    </QueryState>
  );
}

/**
 * The limits the user set on themselves and any time-out or self-exclusion: read only. Nobody can end an exclusion
 * early (the database refuses it), so there is nothing here to act on.
 */
function LimitsPart({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const query = useUserLimitsQuery(id);
  const r = query.data;
  const set = r?.limits.filter((l) => l.value !== null || l.pending) ?? [];
  return (
    <QueryState
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={!r}
      empty={null}
      onRetry={() => void query.refetch()}
    >
      {r && (
        <div className={page.stack} data-testid="part-limits">
          <dl className={page.facts} style={{ padding: 16 }}>
            <dt>{t('userPage.limits.exclusion')}</dt>
            <dd data-testid="user-exclusion">
              {r.exclusion
                ? t(`userPage.limits.${r.exclusion.kind}`, {
                    from: formatDateTime(r.exclusion.started_at, lang),
                    until: formatDateTime(r.exclusion.until, lang),
                  })
                : t('userPage.limits.none')}
            </dd>
          </dl>
          {set.length === 0 ? (
            <p className={ui.hint} style={{ padding: '0 16px 16px' }}>
              {t('userPage.limits.noLimits')}
            </p>
          ) : (
            <table className={ui.table}>
              <thead>
                <tr>
                  <th>{t('userPage.limits.name')}</th>
                  <th>{t('userPage.limits.value')}</th>
                  <th>{t('userPage.limits.used')}</th>
                  <th>{t('userPage.limits.pending')}</th>
                </tr>
              </thead>
              <tbody>
                {set.map((l) => (
                  <tr key={l.name}>
                    <td className={page.mono}>{l.name}</td>
                    <td>{l.value ?? '—'}</td>
                    <td>{l.used ?? '—'}</td>
                    <td>
                      {l.pending
                        ? t('userPage.limits.pendingAt', {
                            value: l.pending.value ?? '—',
                            at: formatDateTime(l.pending.effective_at, lang, 'short'),
                          })
                        : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </QueryState>
  );
}

/** What protects the account: kinds, names and dates only (the server never sends a secret). */
function FactorsPart({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const query = useUserFactorsQuery(id);
  const f = query.data;
  const when = (at: number) => formatDateTime(at, lang, 'short');
  return (
    <QueryState
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={!f}
      empty={null}
      onRetry={() => void query.refetch()}
    >
      {f && (
        <div className={page.stack} data-testid="part-factors">
          <dl className={page.facts} style={{ padding: 16 }}>
            <dt>{t('userPage.factors.on')}</dt>
            <dd>
              {f.second_factor_on_at === null
                ? t('userPage.factors.off')
                : t('userPage.factors.onSince', { at: when(f.second_factor_on_at) })}
            </dd>
            <dt>{t('userPage.factors.authenticator')}</dt>
            <dd>
              {f.authenticator
                ? t('userPage.factors.enrolled', { at: when(f.authenticator.enrolled_at) })
                : t('userPage.factors.none')}
            </dd>
            <dt>{t('userPage.factors.recovery')}</dt>
            <dd>{f.recovery_codes_left}</dd>
            <dt>{t('userPage.factors.antiPhishing')}</dt>
            <dd>{t(f.anti_phishing_code_set ? 'userPage.factors.codeSet' : 'userPage.factors.codeNotSet')}</dd>
          </dl>
          <h3 className={styles.subhead}>{t('userPage.factors.passkeys')}</h3>
          {f.passkeys.length === 0 ? (
            <p className={ui.hint} style={{ padding: '0 16px' }}>
              {t('userPage.factors.none')}
            </p>
          ) : (
            <table className={ui.table}>
              <thead>
                <tr>
                  <th>{t('userPage.factors.name')}</th>
                  <th>{t('userPage.factors.added')}</th>
                  <th>{t('userPage.factors.lastUsed')}</th>
                </tr>
              </thead>
              <tbody>
                {f.passkeys.map((k) => (
                  <tr key={k.id}>
                    <td>{k.name}</td>
                    <td>{when(k.created_at)}</td>
                    <td>{k.last_used_at === null ? t('userPage.factors.never') : when(k.last_used_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className={ui.hint} style={{ padding: '0 16px 16px' }}>
            {t('userPage.factors.lost')}
          </p>
        </div>
      )}
    </QueryState>
  );
}

function SessionsPart({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const sessions = usePagedPart(useUserSessionsQuery, id, 'sessions', 'userPage.sessions.live');
  const logins = usePagedPart(useUserLoginsQuery, id, 'logins', 'userPage.sessions.logins');
  return (
    <div className={page.stack}>
      <h3 className={styles.subhead}>{t('userPage.sessions.live')}</h3>
      <PartTable
        {...sessions}
        rowKey={(s) => s.id}
        columns={[
          { label: t('userPage.col.device'), cell: (s) => s.device },
          { label: t('userPage.col.ip'), cell: (s) => <span className={page.mono}>{s.ip ?? '—'}</span> },
          { label: t('userPage.col.opened'), cell: (s) => formatDateTime(s.created_at, lang, 'short') },
          { label: t('userPage.col.lastSeen'), cell: (s) => formatDateTime(s.last_seen_at, lang, 'short') },
        ]}
      />
      <h3 className={styles.subhead}>{t('userPage.sessions.logins')}</h3>
      <PartTable
        {...logins}
        rowKey={(l) => l.id}
        columns={[
          { label: t('userPage.col.time'), cell: (l) => formatDateTime(l.at, lang, 'short') },
          { label: t('userPage.col.kind'), cell: (l) => t(`userPage.login.${l.kind}`) },
          { label: t('userPage.col.device'), cell: (l) => <span title={l.user_agent ?? ''}>{l.device}</span> },
          { label: t('userPage.col.ip'), cell: (l) => <span className={page.mono}>{l.ip ?? '—'}</span> },
        ]}
      />
    </div>
  );
}

function MessagesPart({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const part = usePagedPart(useUserMessagesQuery, id, 'messages');
  return (
    <PartTable
      {...part}
      rowKey={(m) => m.id}
      columns={[
        { label: t('userPage.col.time'), cell: (m) => formatDateTime(m.created_at, lang, 'short') },
        {
          label: t('userPage.col.message'),
          cell: (m) => (
            <div lang={bcp47Of(m.lang)}>
              <strong>{m.title}</strong>
              <div className={styles.body}>{m.body}</div>
            </div>
          ),
        },
        {
          label: t('userPage.col.from'),
          cell: (m) =>
            m.kind === 'operator' ? (
              t('userPage.fromOperator')
            ) : (
              <>
                {t('userPage.fromPlatform')} <span className={page.mono}>{m.kind}</span>
              </>
            ),
        },
        { label: t('userPage.col.read'), cell: (m) => (m.read ? t('userPage.read') : t('userPage.unread')) },
      ]}
    />
  );
}

function SupportPart({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const part = usePagedPart(useUserSupportQuery, id, 'support');
  return (
    <PartTable
      {...part}
      rowKey={(m) => m.id}
      columns={[
        { label: t('userPage.col.time'), cell: (m) => formatDateTime(m.created_at, lang, 'short') },
        {
          label: t('userPage.col.from'),
          cell: (m) => (m.from === 'user' ? t('userPage.fromUser') : (m.operator ?? t('userPage.fromOperator'))),
        },
        { label: t('userPage.col.message'), cell: (m) => <div className={styles.body}>{m.body}</div> },
      ]}
    />
  );
}

function InvitationsPart({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const part = usePagedPart(useUserInvitationsQuery, id, 'invitations');
  const inviter = part.query.data?.inviter;
  return (
    <div className={page.stack}>
      {part.query.data && (
        <p style={{ padding: '12px 12px 0' }}>
          {inviter ? (
            <>
              {t('userPage.invitedBy')} <a href={`#/users/${inviter.id}`}>{`${inviter.account} (#${inviter.id})`}</a>
            </>
          ) : (
            t('userPage.noInviter')
          )}
        </p>
      )}
      <PartTable
        {...part}
        rowKey={(i) => i.id}
        columns={[
          { label: t('userPage.col.user'), cell: (i) => <a href={`#/users/${i.id}`}>{`${i.account} (#${i.id})`}</a> },
          { label: t('userPage.col.registered'), cell: (i) => formatDateTime(i.registered_at, lang, 'short') },
          { label: t('userPage.col.qualified'), cell: (i) => formatDateTime(i.qualified_at, lang, 'short') },
          { label: t('userPage.col.bonus'), num: true, cell: (i) => (i.bonus ? formatMoney(i.bonus, lang) : '—') },
        ]}
      />
    </div>
  );
}

function AuditPart({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const part = usePagedPart(useUserAuditQuery, id, 'audit');
  return (
    <PartTable
      {...part}
      rowKey={(a) => a.id}
      columns={[
        { label: t('userPage.col.time'), cell: (a) => formatDateTime(a.created_at, lang, 'short') },
        { label: t('userPage.col.operator'), cell: (a) => a.operator },
        { label: t('userPage.col.action'), cell: (a) => t(`userPage.actions.${a.action}`, { defaultValue: a.action }) },
        { label: t('userPage.col.reason'), cell: (a) => a.reason },
        { label: t('userPage.col.details'), cell: (a) => <AuditDetails details={a.details} /> },
      ]}
    />
  );
}

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** An act's recorded details, one line each: what it was about, then the state before and after it. */
function AuditDetails({ details }: { details: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { before, after, ...rest } = details;
  return (
    <dl className={styles.details}>
      {Object.entries(rest).map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{shown(value)}</dd>
        </div>
      ))}
      {before !== undefined && (
        <div>
          <dt>{t('userPage.before')}</dt>
          <dd>{shown(before)}</dd>
        </div>
      )}
      {after !== undefined && (
        <div>
          <dt>{t('userPage.after')}</dt>
          <dd>{shown(after)}</dd>
        </div>
      )}
    </dl>
  );
}
