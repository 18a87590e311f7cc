import { useTranslation } from 'react-i18next';
import type { ProjectOrder } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { ProjectIcon } from '@app/ui';
import { PagedList } from '@app/app-kit';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../../../i18n-namespace.ts';
import { useGetProjectOrderPagesInfiniteQuery } from '../../../lib/invest-api.ts';
import styles from './project-orders.module.css';

function OrderLine({ order: o }: { order: ProjectOrder }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  return (
    // The whole row leads to its plan: a project order is read from where it was bought.
    <a className={styles.row} href={`#/pages/project/details?id=${o.plan_id}`} data-testid="project-order-row">
      <div className={styles.main}>
        <span className={styles.title}>{o.title}</span>
        <span className={styles.kind} data-kind={o.kind}>
          {t(`orderKind.${o.kind}`)}
        </span>
      </div>
      <div className={styles.sub}>
        <span>{f.dateTime(o.created_at)}</span>
        <span className={styles.amounts}>
          {o.amount !== '0.00' && <span>{f.money(o.amount)}</span>}
          {o.interest !== '0.00' && <span>{t('orders.interest', { amount: f.money(o.interest) })}</span>}
          {o.forfeited !== '0.00' && <span>{t('orders.forfeited', { amount: f.money(o.forfeited) })}</span>}
        </span>
      </div>
    </a>
  );
}

/** Every buy, top-up, renewal, payout, stop and maturity of the user's plans (project_orderlist). */
export function ProjectOrderList() {
  const { t } = useTranslation(NS);
  const query = useGetProjectOrderPagesInfiniteQuery({}, { refetchOnMountOrArgChange: true });
  return (
    <PagedList
      query={query}
      empty={{
        icon: <ProjectIcon />,
        title: t('orders.empty'),
        action: <LinkButton href="#/pages/project/project">{t('mine.toProjects')}</LinkButton>,
      }}
      renderItem={(o) => <OrderLine order={o} />}
    />
  );
}
