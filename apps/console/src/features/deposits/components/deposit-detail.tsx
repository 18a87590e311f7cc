import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminDeposit, RechargeRecord } from '@app/contracts';
import page from '../../../components/page.module.css';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { UserTags } from '../../../components/user-tags.tsx';
import { RiskFlags } from '../../../components/risk-flags.tsx';
import { FourEyesNotice, MoneyTimeline } from '../../../components/money-review.tsx';
import { DecisionButtons, DetailHeader } from '../../../components/detail-header.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import { useDecideDepositMutation, type DepositDecision } from '../api/deposits-api.ts';
import { depositOutcome, type DepositOutcome } from '../lib/deposit-outcome.ts';
import styles from './deposit-detail.module.css';

/**
 * The transfer screenshot. Each read is audited with a reason; an <img> cannot send a header, so the reason goes
 * in the query string, naming the deposit under review.
 */
const screenshotUrl = (uploadId: string, referenceCode: string) =>
  `/admin/uploads/${encodeURIComponent(uploadId)}?reason=${encodeURIComponent(`review of deposit ${referenceCode}`)}`;

/**
 * One deposit under review: the transfer screenshot beside what the user declared, the reuse flags, who
 * approved first, and the decisions (each with a reason). Once decided it stays, with its new status and no
 * actions, until another is opened.
 */
export function DepositDetail({
  deposit,
  me,
  outcome,
  onDecided,
}: {
  deposit: AdminDeposit;
  me: string;
  outcome: DepositOutcome | null;
  /** What a decision did, and the record the server answered. */
  onDecided?: (outcome: DepositOutcome, record: RechargeRecord) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [decide] = useDecideDepositMutation();
  const [asking, setAsking] = useState<DepositDecision | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const { same_image_as: sameImage, same_transfer_note_as: sameNote } = deposit.flags;
  const image = deposit.upload_id ? screenshotUrl(deposit.upload_id, deposit.reference_code) : null;

  return (
    <>
      <DetailHeader title={t('deposits.detailTitle', { id: deposit.id })} state={t(`deposits.status${deposit.status}`)}>
        <div className={styles.actions} style={{ marginInlineStart: 'auto' }}>
          {deposit.status === 3 && (
            <DecisionButtons approve={t('deposits.approve')} refuse={t('deposits.refuse')} onAsk={setAsking} />
          )}
          {deposit.status === 4 && (
            <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => setAsking('audit')}>
              {t('deposits.audit')}
            </button>
          )}
        </div>
      </DetailHeader>
      <div className={page.detailBody}>
        {outcome && (
          <div className={outcome === 'waiting_for_second' ? ui.notice : ui.success} role="status">
            {t(`deposits.outcome.${outcome}`, { id: deposit.id })}
          </div>
        )}
        <RiskFlags userId={deposit.user_id} item={{ kind: 'deposit', id: deposit.id }} />
        <div className={styles.media}>
          {image ? (
            <button
              type="button"
              className={styles.shot}
              onClick={() => setZoomed(true)}
              aria-label={t('deposits.zoom')}
            >
              <img src={image} alt={t('deposits.screenshot')} data-testid="deposit-screenshot" />
            </button>
          ) : (
            <div className={styles.noShot}>{t('deposits.noScreenshot')}</div>
          )}
          <div className={page.stack}>
            <div className={page.amount}>{formatMoney(deposit.amount, lang)}</div>
            <dl className={page.facts}>
              <dt>{t('deposits.reference')}</dt>
              <dd className={page.mono}>{deposit.reference_code}</dd>
              <dt>{t('deposits.payer')}</dt>
              <dd>{deposit.payer_name ?? '—'}</dd>
              <dt>{t('deposits.note')}</dt>
              <dd>{deposit.transfer_note || '—'}</dd>
              <dt>{t('deposits.user')}</dt>
              <dd>
                #{deposit.user_id} · <Link to={`/users/${deposit.user_id}`}>{t('deposits.userPage')}</Link>
                <UserTags userId={deposit.user_id} />
              </dd>
              <dt>{t('deposits.channel')}</dt>
              <dd>
                {deposit.channel_name} · {t(`kinds.${deposit.channel_kind}`, { defaultValue: deposit.channel_kind })}
              </dd>
              <dt>{t('deposits.submitted')}</dt>
              <dd>{formatDateTime(deposit.created_at, lang)}</dd>
              <dt>{t('deposits.firstApprovedBy')}</dt>
              <dd data-testid="first-approved-by">{deposit.first_approved_by ?? '—'}</dd>
            </dl>
          </div>
        </div>
        <div className={styles.flags}>
          <FlagLine label={t('deposits.sameImage')} ids={sameImage} none={t('deposits.noReuse')} />
          <FlagLine label={t('deposits.sameNote')} ids={sameNote} none={t('deposits.noReuse')} />
        </div>
        {/* Who approved first matters only while the deposit waits for its decision. */}
        <FourEyesNotice
          firstApprovedBy={deposit.status === 3 ? deposit.first_approved_by : null}
          me={me}
          justHeld={outcome === 'waiting_for_second'}
        />
        <MoneyTimeline steps={deposit.timeline} />
      </div>
      {asking && (
        <ReasonDialog
          title={t(`deposits.confirm.${asking}`, { id: deposit.id })}
          confirmLabel={t(`deposits.${asking}`)}
          tone={asking === 'refuse' ? 'danger' : 'primary'}
          templateUse={asking === 'refuse' ? 'deposit_refuse' : undefined}
          onClose={() => setAsking(null)}
          onConfirm={async (reason, templateId) => {
            const record = await decide({ id: deposit.id, decision: asking, reason, template_id: templateId }).unwrap();
            onDecided?.(depositOutcome(asking, record), record);
          }}
        >
          <dl className={page.facts}>
            <dt>{t('deposits.amount')}</dt>
            <dd>{formatMoney(deposit.amount, lang)}</dd>
            <dt>{t('deposits.reference')}</dt>
            <dd className={page.mono}>{deposit.reference_code}</dd>
            <dt>{t('deposits.payer')}</dt>
            <dd>{deposit.payer_name ?? '—'}</dd>
          </dl>
        </ReasonDialog>
      )}
      {zoomed && image && (
        <button type="button" className={styles.zoom} onClick={() => setZoomed(false)} aria-label={t('common.close')}>
          <img src={image} alt={t('deposits.screenshot')} />
        </button>
      )}
    </>
  );
}

function FlagLine({ label, ids, none }: { label: string; ids: number[]; none: string }) {
  return (
    <div className={ui.checkRow}>
      <span>{label}</span>
      <span className={`${ui.badge} ${ids.length > 0 ? ui.badgeDanger : ui.badgeOk}`}>
        {ids.length > 0 ? ids.map((id) => `#${id}`).join(', ') : none}
      </span>
    </div>
  );
}
