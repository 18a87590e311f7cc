import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryTable } from '../../../components/query-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import { useOperatorSessionsQuery, useRevokeOperatorSessionMutation } from '../api/operators-api.ts';

type Session = { id: number; operator: string; current: boolean };

/** Everyone's live console sessions (an admin sees all), each revocable with a reason. */
export function OperatorSessions() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const list = useOperatorSessionsQuery();
  const [revoke] = useRevokeOperatorSessionMutation();
  const [revoking, setRevoking] = useState<Session | null>(null);
  const items = list.data?.items ?? [];
  return (
    <section className={ui.panel} aria-labelledby="operator-sessions-title">
      <h2 id="operator-sessions-title" className={`${ui.panelTitle} ${ui.panelBody}`}>
        {t('operators.sessions')}
      </h2>
      <QueryTable query={list} items={items} empty={t('operators.noSessions')} testId="operator-sessions">
        <thead>
          <tr>
            <th>{t('operators.name')}</th>
            <th>{t('operators.address')}</th>
            <th>{t('operators.browser')}</th>
            <th>{t('operators.signedIn')}</th>
            <th>{t('operators.lastSeen')}</th>
            <th>{t('operators.ends')}</th>
            <th aria-label={t('common.actions')} />
          </tr>
        </thead>
        <tbody>
          {items.map((s) => (
            <tr key={s.id}>
              <td>
                <strong>{s.operator}</strong>
                {s.current && <span className={ui.hint}> ({t('operators.thisSession')})</span>}
              </td>
              <td>{s.ip ?? '—'}</td>
              <td style={{ maxWidth: 280, overflowWrap: 'anywhere', fontSize: 12 }}>{s.user_agent ?? '—'}</td>
              <td>{formatDateTime(s.created_at, lang, 'short')}</td>
              <td>{formatDateTime(s.last_seen_at, lang, 'short')}</td>
              <td>{formatDateTime(s.expires_at, lang, 'short')}</td>
              <td className={ui.num}>
                <button
                  type="button"
                  className={`${ui.button} ${ui.small} ${ui.danger}`}
                  onClick={() => setRevoking(s)}
                >
                  {t('operators.revoke')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </QueryTable>
      {revoking && (
        <ReasonDialog
          title={t('operators.revokeTitle', { name: revoking.operator })}
          confirmLabel={t('operators.revoke')}
          tone="danger"
          onClose={() => setRevoking(null)}
          onConfirm={(reason) => revoke({ id: revoking.id, reason }).unwrap()}
        >
          <p>{revoking.current ? t('operators.revokeOwn') : t('operators.revokeExplain')}</p>
        </ReasonDialog>
      )}
    </section>
  );
}
