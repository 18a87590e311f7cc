import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminSupportConversationItem, ReplyTemplate, SupportQueueState } from '@app/contracts';
import { errorText } from '../../../components/error-text.ts';
import { useQueueState } from '../../../components/queue-state.ts';
import page from '../../../components/page.module.css';
import { QueueShell } from '../../../components/queue-shell.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { Field } from '../../../components/field.tsx';
import { TemplatePicker } from '../../../components/template-picker.tsx';
import { DetailHeader } from '../../../components/detail-header.tsx';
import { UserTags } from '../../../components/user-tags.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useLanguage, usePermission, useSession } from '../../../lib/hooks.ts';
import {
  useAssignSupportMutation,
  useCloseSupportMutation,
  useReplySupportMutation,
  useSupportQueueQuery,
  useSupportThreadQuery,
  useUserActivityQuery,
} from '../api/support-api.ts';

/** Who wrote: the account, or for a logged-out conversation the phone its writer proved. */
function Who({ c }: { c: AdminSupportConversationItem }) {
  const { t } = useTranslation();
  if (c.account) return <>{c.account}</>;
  return (
    <>
      <span className={page.mono}>{c.phone}</span>{' '}
      <span className={`${ui.badge} ${ui.badgeWarn}`}>{t('support.loggedOut')}</span>
    </>
  );
}

/** Customer service: conversations by state (open, assigned, closed); beside them, the one opened. */
export function SupportQueue() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const me = useSession().operator?.name ?? '';
  const queue = useQueueState({ state: 'open' });
  const { filters, selectedId } = queue;
  const state = (filters.state || undefined) as SupportQueueState | undefined;
  const list = useSupportQueueQuery({ state, assignee: filters.mine ? me : undefined, ...queue.paging });

  return (
    <QueueShell
      title={t('support.title')}
      queue={queue}
      exportUrl="/admin/support/conversations/export"
      exportFilters={{ state }}
      filterFields={[
        {
          name: 'state',
          label: t('support.stateFilter'),
          kind: 'select',
          options: [
            { value: 'open', label: t('support.state.open') },
            { value: 'assigned', label: t('support.state.assigned') },
            { value: 'closed', label: t('support.state.closed') },
            { value: '', label: t('filters.any') },
          ],
        },
        {
          name: 'mine',
          label: t('support.whose'),
          kind: 'select',
          options: [
            { value: '', label: t('support.everyone') },
            { value: '1', label: t('support.mine') },
          ],
        },
      ]}
      list={list}
      listLabel={t('support.title')}
      columns={[
        { key: 'id', header: t('support.id'), cell: (c) => `#${c.id}` },
        { key: 'who', header: t('filters.user'), cell: (c) => <Who c={c} /> },
        {
          key: 'last',
          header: t('support.last'),
          cell: (c) => (
            <>
              {c.awaiting_answer && <span className={`${ui.badge} ${ui.badgeDanger}`}>{t('support.awaiting')}</span>}{' '}
              {c.last}
            </>
          ),
        },
        { key: 'assigned', header: t('support.assignedTo'), cell: (c) => c.assigned_to ?? '—' },
        { key: 'at', header: t('support.lastAt'), cell: (c) => formatDateTime(c.last_at, lang, 'short') },
      ]}
      openLabel={(c) => t('support.open', { id: c.id })}
      rowTestId={(c) => `support-row-${c.id}`}
      empty={t('support.empty')}
      detailLabel={t('support.detailLabel')}
      placeholder={t('support.pick')}
      detail={selectedId !== null ? <SupportDetail key={selectedId} id={selectedId} me={me} /> : null}
    />
  );
}

function SupportDetail({ id, me }: { id: number; me: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const thread = useSupportThreadQuery(id);
  const [reply, replying] = useReplySupportMutation();
  const [assign] = useAssignSupportMutation();
  const [close] = useCloseSupportMutation();
  const [draft, setDraft] = useState('');
  const [template, setTemplate] = useState<ReplyTemplate | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<'assign' | 'close' | null>(null);
  const [assignee, setAssignee] = useState(me);
  const c = thread.data?.conversation;
  if (!c)
    return <div className={page.placeholder}>{thread.error ? errorText(thread.error, t) : t('common.loading')}</div>;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!template && !draft.trim()) return;
    setFailure(null);
    try {
      await reply(template ? { id, template_id: template.id } : { id, body: draft.trim() }).unwrap();
      setDraft('');
      setTemplate(null);
    } catch (error) {
      setFailure(errorText(error, t));
    }
  };

  return (
    <>
      <DetailHeader title={t('support.detailTitle', { id })} state={t(`support.state.${c.state}`)}>
        <div className={page.toolbar} style={{ marginInlineStart: 'auto' }}>
          <button type="button" className={ui.button} onClick={() => setAsking('assign')}>
            {t('support.assign')}
          </button>
          {c.state !== 'closed' && (
            <button type="button" className={ui.button} onClick={() => setAsking('close')}>
              {t('support.close')}
            </button>
          )}
        </div>
      </DetailHeader>
      <div className={page.detailBody}>
        <dl className={page.facts}>
          <dt>{t('filters.user')}</dt>
          <dd>
            {c.user_id !== null ? (
              <>
                #{c.user_id} · {c.account} · <Link to={`/users/${c.user_id}`}>{t('support.activity.userPage')}</Link>
                <UserTags userId={c.user_id} />
              </>
            ) : (
              <Who c={c} />
            )}
          </dd>
          {c.user_id === null && (
            <>
              <dt>{t('support.phone')}</dt>
              <dd data-testid="support-phone">
                {c.phone} · {c.phone_verified ? t('support.phoneVerified') : '—'}
              </dd>
              <dt>{t('support.matched')}</dt>
              <dd data-testid="support-matched">
                {c.matched_user ? `#${c.matched_user.id} · ${c.matched_user.account}` : t('support.noMatch')}
              </dd>
            </>
          )}
          <dt>{t('support.assignedTo')}</dt>
          <dd>{c.assigned_to ?? '—'}</dd>
        </dl>
        {c.matched_user && <div className={ui.notice}>{t('support.matchedHint')}</div>}
        {c.user_id !== null && <RecentActivity userId={c.user_id} />}
        <div className={page.thread} aria-label={t('support.thread')} data-testid="support-thread">
          {thread.data!.messages.map((m) => (
            <div key={m.id} className={`${page.bubble} ${m.from === 'operator' ? page.bubbleOperator : ''}`}>
              {m.body}
              <span className={page.bubbleMeta}>
                {m.from === 'operator' ? (m.operator ?? t('support.operator')) : t('support.customer')} ·{' '}
                {formatDateTime(m.created_at, lang, 'short')}
              </span>
            </div>
          ))}
        </div>
        <form onSubmit={send} className={ui.field}>
          <TemplatePicker
            use="support_reply"
            value={template}
            onChange={setTemplate}
            noneLabel={t('templates.noneOwnWords')}
          />
          {!template && (
            <>
              <label className={ui.label} htmlFor="support-reply">
                {t('support.reply')}
              </label>
              <textarea
                id="support-reply"
                className={ui.input}
                rows={3}
                maxLength={2000}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
              />
            </>
          )}
          {failure && (
            <div className={ui.alert} role="alert">
              {failure}
            </div>
          )}
          <div className={ui.actions}>
            <button
              type="submit"
              className={`${ui.button} ${ui.primary}`}
              disabled={(!template && !draft.trim()) || replying.isLoading}
            >
              {t('support.send')}
            </button>
          </div>
        </form>
      </div>
      {asking === 'assign' && (
        <ReasonDialog
          title={t('support.assignTitle', { id })}
          confirmLabel={t('support.assign')}
          onClose={() => setAsking(null)}
          onConfirm={(reason) => assign({ id, operator: assignee.trim(), reason }).unwrap()}
        >
          <Field id="assignee" label={t('support.assignee')}>
            <input
              id="assignee"
              className={ui.input}
              value={assignee}
              maxLength={64}
              onChange={(event) => setAssignee(event.target.value)}
            />
            <span className={ui.hint}>{t('support.assigneeHint')}</span>
          </Field>
        </ReasonDialog>
      )}
      {asking === 'close' && (
        <ReasonDialog
          title={t('support.closeTitle', { id })}
          confirmLabel={t('support.close')}
          onClose={() => setAsking(null)}
          onConfirm={(reason) => close({ id, reason }).unwrap()}
        />
      )}
    </>
  );
}

/** The user's latest five acts (orders, plans, deposits, withdrawals, exchanges), to answer "where is my money". */
function RecentActivity({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const may = usePermission('users.read');
  const activity = useUserActivityQuery(userId, { skip: !may });
  if (!activity.data) return null;
  return (
    <section aria-label={t('support.activity.recent')} data-testid="support-activity">
      <h3 className={ui.label}>{t('support.activity.recent')}</h3>
      {activity.data.items.length === 0 ? (
        <p className={ui.hint}>{t('support.activity.noActivity')}</p>
      ) : (
        <ol className={page.timeline}>
          {activity.data.items.map((item) => (
            <li key={`${item.kind}-${item.id}`}>
              {formatDateTime(item.created_at, lang, 'short')} · {t(`support.activity.kind.${item.kind}`)} #{item.id}{' '}
              {item.title} · {formatMoney(item.amount, lang)} ·{' '}
              {t(`support.activity.status.${item.status}`, { defaultValue: item.status })}
              {item.pnl !== null && ` · ${formatMoney(item.pnl, lang)}`}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
