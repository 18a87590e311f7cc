import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AdminCase, CaseState } from '@app/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import { Pager } from '../../../components/pager.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import page from '../../../components/page.module.css';
import ui from '../../../components/ui.module.css';
import { formatDateTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import { useCaseListQuery } from '../api/cases-api.ts';
import styles from './cases.module.css';

const SIZE = 50;
const FILTERS: Array<CaseState | ''> = ['', 'open', 'correcting', 'decided'];

/** The state of a case as one badge: open, a correction waiting, or the outcome. */
export function CaseStateBadge({ item }: { item: Pick<AdminCase, 'state' | 'outcome'> }) {
  const { t } = useTranslation();
  const tone = item.state === 'open' ? ui.badgeWarn : item.state === 'correcting' ? ui.badgeWarn : ui.badgeOk;
  return (
    <span className={`${ui.badge} ${tone}`} data-testid="case-state">
      {item.state === 'decided' ? t(`cases.outcome.${item.outcome ?? 'upheld'}`) : t(`cases.state.${item.state}`)}
    </span>
  );
}

/** Users' cases: open first, oldest first (the server's order); a row opens the case's page. */
export function CasesQueue() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [state, setState] = useState<CaseState | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const list = useCaseListQuery({ state, page: pageNo, size: SIZE });
  const items = list.data?.items ?? [];
  const total = list.data?.total;
  const open = (id: number) => navigate(`/cases/${id}`);
  return (
    <div>
      <PageHeader title={t('cases.title')} subtitle={t('cases.subtitle')}>
        <div className={styles.filter}>
          <label className={ui.label} htmlFor="case-state-filter">
            {t('cases.stateFilter')}
          </label>
          <select
            id="case-state-filter"
            className={ui.input}
            value={state}
            onChange={(e) => {
              setState(e.target.value as CaseState | '');
              setPageNo(1);
            }}
          >
            {FILTERS.map((s) => (
              <option key={s} value={s}>
                {s ? t(`cases.state.${s}`) : t('filters.any')}
              </option>
            ))}
          </select>
          <button type="button" className={ui.button} onClick={() => void list.refetch()} disabled={list.isFetching}>
            {t('common.refresh')}
          </button>
        </div>
      </PageHeader>
      <section className={ui.panel} aria-label={t('cases.title')}>
        <QueryTable
          query={list}
          items={items}
          empty={t('cases.empty')}
          after={<Pager page={pageNo} hasMore={total !== undefined && pageNo * SIZE < total} onPage={setPageNo} />}
        >
          <thead>
            <tr>
              <th>{t('cases.id')}</th>
              <th>{t('cases.state.label')}</th>
              <th>{t('filters.user')}</th>
              <th>{t('cases.item')}</th>
              <th>{t('cases.text')}</th>
              <th>{t('cases.opened')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((c) => (
              <tr key={c.id} className={ui.rowButton} onClick={() => open(c.id)} data-testid={`case-row-${c.id}`}>
                <td>
                  <button
                    type="button"
                    className={page.rowOpen}
                    onClick={(e) => {
                      e.stopPropagation();
                      open(c.id);
                    }}
                    aria-label={t('cases.open', { id: c.id })}
                  >
                    #{c.id}
                  </button>
                </td>
                <td>
                  <CaseStateBadge item={c} />
                </td>
                <td>
                  #{c.user_id} · {c.account}
                </td>
                <td>{t(`cases.kind.${c.kind}`, { id: c.item_id })}</td>
                <td style={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {c.text}
                </td>
                <td>{formatDateTime(c.created_at, lang, 'short')}</td>
              </tr>
            ))}
          </tbody>
        </QueryTable>
      </section>
    </div>
  );
}
