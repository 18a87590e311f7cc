import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AdminCaseDetail, CaseMoneyEvidence, CaseOrderEvidence } from '@app/contracts';
import { Field } from '../../../components/field.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ReasonDialog, MIN_REASON } from '../../../components/reason-dialog.tsx';
import { errorText } from '../../../components/error-text.ts';
import page from '../../../components/page.module.css';
import ui from '../../../components/ui.module.css';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useLanguage, useSession } from '../../../lib/hooks.ts';
import { useCaseDetailQuery, useDecideCaseMutation, useDecideCorrectionMutation } from '../api/cases-api.ts';
import { CaseStateBadge } from './cases-queue.tsx';
import styles from './cases.module.css';

/** One case: the user's text and picture, the evidence the server attached, and the decision. */
export function CasePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const detail = useCaseDetailQuery(id, { skip: !(id > 0) });
  return (
    <div>
      <PageHeader
        title={t('cases.caseTitle', { id })}
        subtitle={detail.data ? t(`cases.kind.${detail.data.kind}`, { id: detail.data.item_id }) : '\u00a0'}
      >
        <div className={page.toolbar}>
          {detail.data && <CaseStateBadge item={detail.data} />}
          <Link className={ui.button} to="/cases">
            {t('cases.back')}
          </Link>
        </div>
      </PageHeader>
      <QueryState
        isLoading={detail.isLoading}
        error={detail.error}
        isEmpty={!detail.data}
        empty={null}
        onRetry={() => void detail.refetch()}
      >
        {detail.data && <CaseBody item={detail.data} />}
      </QueryState>
    </div>
  );
}

function CaseBody({ item }: { item: AdminCaseDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const picture = item.upload_id
    ? `/admin/cases/${item.id}/file?reason=${encodeURIComponent(`review of case #${item.id}`)}`
    : null;
  return (
    <div className={styles.layout}>
      <div className={page.stack}>
        <section className={ui.panel} aria-labelledby="case-user">
          <div className={ui.panelBody}>
            <h2 id="case-user" className={ui.panelTitle}>
              {t('cases.userSays')}
            </h2>
            <dl className={page.facts}>
              <dt>{t('filters.user')}</dt>
              <dd>
                <Link to={`/users/${item.user_id}`}>
                  #{item.user_id} · {item.account}
                </Link>
              </dd>
              <dt>{t('cases.item')}</dt>
              <dd>{t(`cases.kind.${item.kind}`, { id: item.item_id })}</dd>
              <dt>{t('cases.opened')}</dt>
              <dd>{formatDateTime(item.created_at, lang)}</dd>
            </dl>
            <p className={styles.quote} data-testid="case-text">
              {item.text}
            </p>
            {picture ? (
              <img className={styles.picture} src={picture} alt={t('cases.picture')} data-testid="case-picture" />
            ) : (
              <p className={ui.hint}>{t('cases.noPicture')}</p>
            )}
            {picture && <p className={ui.hint}>{t('cases.pictureAudited')}</p>}
          </div>
        </section>
        <Decision item={item} />
      </div>
      <Evidence item={item} />
    </div>
  );
}

function Decision({ item }: { item: AdminCaseDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const me = useSession().operator?.name;
  const [asking, setAsking] = useState<'approve' | 'refuse' | null>(null);
  const [decideCorrection] = useDecideCorrectionMutation();
  const c = item.correction;
  return (
    <section className={ui.panel} aria-labelledby="case-decision" data-testid="case-decision">
      <div className={ui.panelBody}>
        <h2 id="case-decision" className={ui.panelTitle}>
          {t('cases.decision')}
        </h2>
        {item.state === 'open' && (
          <>
            {c?.status === 'refused' && (
              <p className={ui.notice}>
                {t('cases.correctionRefused', { amount: formatMoney(c.amount, lang), by: c.decided_by ?? '' })}
              </p>
            )}
            <DecideForm id={item.id} />
          </>
        )}
        {item.state === 'correcting' && c && (
          <>
            <p className={ui.notice} data-testid="correction-waiting">
              {t('cases.correctionWaiting', { amount: formatMoney(c.amount, lang), by: c.requested_by })}
            </p>
            <dl className={page.facts}>
              <dt>{t('cases.reason')}</dt>
              <dd>{item.reason}</dd>
              <dt>{t('cases.adjustment')}</dt>
              <dd className={page.mono}>#{c.adjustment_id}</dd>
            </dl>
            {me === c.requested_by ? (
              <p className={ui.hint}>{t('cases.notYourOwn')}</p>
            ) : (
              <div className={page.toolbar}>
                <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => setAsking('approve')}>
                  {t('cases.approveCorrection')}
                </button>
                <button type="button" className={`${ui.button} ${ui.danger}`} onClick={() => setAsking('refuse')}>
                  {t('cases.refuseCorrection')}
                </button>
              </div>
            )}
          </>
        )}
        {item.state === 'decided' && (
          <dl className={page.facts}>
            <dt>{t('cases.outcomeLabel')}</dt>
            <dd>
              <CaseStateBadge item={item} />
            </dd>
            <dt>{t('cases.reason')}</dt>
            <dd data-testid="case-reason">{item.reason}</dd>
            <dt>{t('cases.decidedBy')}</dt>
            <dd>
              {item.decided_by}
              {c?.status === 'posted' && c.decided_by
                ? ` · ${t('cases.approvedBy', { name: c.decided_by })}`
                : ''} · {formatDateTime(item.decided_at, lang)}
            </dd>
            {c?.status === 'posted' && (
              <>
                <dt>{t('cases.credited')}</dt>
                <dd>{formatMoney(c.amount, lang)}</dd>
                <dt>{t('cases.journal')}</dt>
                <dd className={page.mono} data-testid="case-journal">
                  {c.journal_reference}
                </dd>
              </>
            )}
          </dl>
        )}
      </div>
      {asking && c && (
        <ReasonDialog
          title={t(`cases.confirm.${asking}`, { amount: formatMoney(c.amount, lang), id: item.id })}
          confirmLabel={t(asking === 'approve' ? 'cases.approveCorrection' : 'cases.refuseCorrection')}
          tone={asking === 'refuse' ? 'danger' : 'primary'}
          onClose={() => setAsking(null)}
          onConfirm={(reason) => decideCorrection({ adjustmentId: c.adjustment_id, decision: asking, reason }).unwrap()}
        />
      )}
    </section>
  );
}

/** Uphold (nothing changes) or correct (a credit held for a second operator), with the reason the user reads. */
function DecideForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const [decide, deciding] = useDecideCaseMutation();
  const [outcome, setOutcome] = useState<'upheld' | 'corrected'>('upheld');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const ready =
    reason.trim().length >= MIN_REASON && (outcome === 'upheld' || /^\d{1,9}(\.\d{1,2})?$/.test(amount.trim()));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || deciding.isLoading) return;
    setFailure(null);
    try {
      await decide({
        id,
        outcome,
        reason: reason.trim(),
        ...(outcome === 'corrected' ? { amount: amount.trim() } : {}),
      }).unwrap();
    } catch (error) {
      setFailure(errorText(error, t));
    }
  };
  return (
    <form onSubmit={submit} noValidate className={page.stack} data-testid="decide-form">
      <fieldset className={styles.choices}>
        <legend className={ui.label}>{t('cases.outcomeLabel')}</legend>
        {(['upheld', 'corrected'] as const).map((o) => (
          <label key={o} className={ui.checkRow}>
            <input type="radio" name="outcome" value={o} checked={outcome === o} onChange={() => setOutcome(o)} />
            <strong>{t(`cases.choose.${o}`)}</strong>
            <span className={ui.hint}>— {t(`cases.chooseHint.${o}`)}</span>
          </label>
        ))}
      </fieldset>
      {outcome === 'corrected' && (
        <Field id="case-amount" label={t('cases.amount')} hint={t('cases.amountHint')}>
          <input
            id="case-amount"
            className={ui.input}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
      )}
      <Field id="case-reason" label={t('cases.reasonForUser')} hint={t('cases.reasonHint')}>
        <textarea
          id="case-reason"
          className={ui.input}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      {failure && (
        <div className={ui.alert} role="alert">
          {failure}
        </div>
      )}
      <div className={ui.actions}>
        <button
          type="submit"
          className={`${ui.button} ${ui.primary}`}
          disabled={!ready || deciding.isLoading}
          aria-busy={deciding.isLoading}
        >
          {deciding.isLoading ? t('common.working') : t(`cases.submit.${outcome}`)}
        </button>
      </div>
    </form>
  );
}

function Evidence({ item }: { item: AdminCaseDetail }) {
  const { t } = useTranslation();
  const e = item.evidence;
  return (
    <section className={ui.panel} aria-labelledby="case-evidence" data-testid="case-evidence">
      <div className={ui.panelBody}>
        <h2 id="case-evidence" className={ui.panelTitle}>
          {t('cases.evidence')}
        </h2>
        <p className={`${ui.hint} ${styles.lead}`}>{t('cases.evidenceHint')}</p>
        {e.kind === 'order' ? <OrderEvidence e={e} /> : <MoneyEvidence e={e} />}
        <Journals journals={e.journals} />
      </div>
    </section>
  );
}

const pct = (bp: number) => `${(bp / 100).toFixed(2)}%`;

function OrderEvidence({ e }: { e: CaseOrderEvidence }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const o = e.order;
  return (
    <>
      <dl className={page.facts}>
        <dt>{t('cases.ev.order')}</dt>
        <dd>
          #{o.id} · {o.symbol} · {t(`cases.ev.direction.${o.direction}`)} · {o.mode}
        </dd>
        <dt>{t('cases.ev.stake')}</dt>
        <dd>
          {formatMoney(o.stake, lang)} ({t('cases.ev.fee')} {formatMoney(o.fee, lang)})
        </dd>
        <dt>{t('cases.ev.result')}</dt>
        <dd>
          {o.result ?? '—'} · {t('cases.ev.payout')} {o.payout === null ? '—' : formatMoney(o.payout, lang)}
        </dd>
        <dt>{t('cases.ev.terms')}</dt>
        <dd>
          {t('cases.ev.termsText', {
            seconds: e.terms.seconds,
            payout: pct(e.terms.payout_bp),
            loss: pct(e.terms.loss_bp),
            fee: pct(e.terms.fee_bp),
          })}
        </dd>
        <dt>{t('cases.ev.log')}</dt>
        <dd className={page.mono}>
          {t('cases.ev.logText', {
            placed: e.log_index.placed ?? '—',
            settled: e.log_index.settled ?? '—',
          })}
        </dd>
      </dl>
      <h3 className={styles.subheading}>{t('cases.ev.prices')}</h3>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="case-prices">
          <thead>
            <tr>
              <th>{t('cases.ev.role')}</th>
              <th>{t('cases.ev.second')}</th>
              <th className={ui.num}>{t('cases.ev.price')}</th>
              <th>{t('cases.ev.source')}</th>
              <th>{t('cases.ev.reference')}</th>
            </tr>
          </thead>
          <tbody>
            {e.prices.map((p) => (
              <tr key={p.role}>
                <td>{t(`cases.ev.roles.${p.role}`)}</td>
                <td>
                  {formatDateTime(p.second, lang)}
                  <div className={`${ui.hint} ${page.mono}`}>
                    {p.second}
                    {p.recorded_second !== null && p.recorded_second !== p.second && ` ← ${p.recorded_second}`}
                    {p.carried && ` · ${t('cases.ev.carried')}`}
                  </div>
                </td>
                <td className={`${ui.num} ${page.mono}`}>{p.price ?? '—'}</td>
                <td>
                  {p.source}
                  {p.trade_id && (
                    <div className={`${ui.hint} ${page.mono}`}>{t('cases.ev.trade', { id: p.trade_id })}</div>
                  )}
                </td>
                <td className={page.mono}>{p.reference ? `${p.reference.source} ${p.reference.price}` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function MoneyEvidence({ e }: { e: CaseMoneyEvidence }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const r = e.record;
  return (
    <>
      <dl className={page.facts}>
        <dt>{t(`cases.kind.${e.kind}`, { id: r.id })}</dt>
        <dd>
          {formatMoney(r.amount, lang)} · {r.via}
          {r.reference_code ? ` · ${r.reference_code}` : ''}
        </dd>
        <dt>{t('cases.ev.submitted')}</dt>
        <dd>{formatDateTime(r.created_at, lang)}</dd>
        <dt>{t('cases.ev.reviewed')}</dt>
        <dd>
          {r.reviewed_by ?? '—'} · {formatDateTime(r.reviewed_at, lang)}
        </dd>
        <dt>{t('cases.ev.refusal')}</dt>
        <dd>{r.reason ?? '—'}</dd>
      </dl>
      <h3 className={styles.subheading}>{t('cases.ev.acts')}</h3>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="case-acts">
          <thead>
            <tr>
              <th>{t('cases.ev.when')}</th>
              <th>{t('cases.ev.operator')}</th>
              <th>{t('cases.ev.action')}</th>
              <th>{t('cases.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {e.acts.map((a) => (
              <tr key={a.id}>
                <td>{formatDateTime(a.created_at, lang, 'short')}</td>
                <td>{a.operator}</td>
                <td className={page.mono}>{a.action}</td>
                <td>{a.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Journals({ journals }: { journals: CaseOrderEvidence['journals'] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <>
      <h3 className={styles.subheading}>{t('cases.ev.journals')}</h3>
      {journals.length === 0 ? (
        <p className={ui.hint}>{t('cases.ev.noJournals')}</p>
      ) : (
        <div className={ui.tableWrap}>
          <table className={ui.table} data-testid="case-journals">
            <thead>
              <tr>
                <th>{t('cases.ev.journal')}</th>
                <th>{t('cases.ev.account')}</th>
                <th className={ui.num}>{t('cases.ev.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {journals.flatMap((j) =>
                j.lines.map((l, i) => (
                  <tr key={`${j.id}-${i}`}>
                    <td className={page.mono}>{i === 0 ? `${j.reference} (${j.kind})` : ''}</td>
                    <td className={page.mono}>{l.account}</td>
                    <td className={`${ui.num} ${page.mono}`}>{formatMoney(l.amount, lang)}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
