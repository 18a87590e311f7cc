import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { LeaderSort } from '@app/contracts';
import { DefaultPage } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { LeaderList } from '../features/copy/components/leader-list.tsx';
import { SORT_CHOICES } from '../features/copy/lib/leader-figures.ts';
import styles from '../features/copy/components/copy.module.css';

const STATUSES = ['active', 'retired', 'all'] as const;
type Status = (typeof STATUSES)[number];

// The contracts' LEADER_SORTS lives beside the copy schemas: importing it would bring zod into this page.
const isSort = (v: string | null): v is LeaderSort => (SORT_CHOICES as readonly string[]).includes(v ?? '');
const isStatus = (v: string | null): v is Status => (STATUSES as readonly string[]).includes(v ?? '');

/** /pages/copy/leaders: leaders sorted by the measure chosen; ?sort= and ?status= keep the choice in the address. */
export default function LeadersPage() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const sort: LeaderSort = isSort(params.get('sort')) ? (params.get('sort') as LeaderSort) : 'pnl_pct';
  const status: Status = isStatus(params.get('status')) ? (params.get('status') as Status) : 'active';
  const choose = (next: { sort?: LeaderSort; status?: Status }) =>
    setParams({ sort: next.sort ?? sort, status: next.status ?? status }, { replace: true });
  return (
    <DefaultPage title={t('copy.leadersTitle')} backTo="/pages/user/order?tab=follow">
      <p className={styles.statement}>{t('copy.listIntro', { count: 30 })}</p>
      <div className={styles.toolbar}>
        <label className={styles.label} htmlFor="leader-sort">
          {t('copy.sortBy')}
        </label>
        <select
          id="leader-sort"
          className={styles.select}
          value={sort}
          onChange={(e) => choose({ sort: e.target.value as LeaderSort })}
        >
          {SORT_CHOICES.map((s) => (
            <option key={s} value={s}>
              {t(`copy.sort.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.toolbar} role="group" aria-label={t('copy.statusLabel')}>
        <div className={styles.chips}>
          {STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              className={styles.chip}
              aria-pressed={status === s}
              onClick={() => choose({ status: s })}
            >
              {t(`copy.status.${s}`)}
            </button>
          ))}
        </div>
      </div>
      <LeaderList sort={sort} status={status} />
      <div className={styles.actions}>
        <Link className={styles.link} to="/pages/copy/following">
          {t('copy.mySubscriptions')}
        </Link>
        <Link className={styles.link} to="/pages/copy/lead">
          {t('copy.becomeLeader')}
        </Link>
      </div>
      <p className={styles.risk}>{t('copy.risk')}</p>
    </DefaultPage>
  );
}
