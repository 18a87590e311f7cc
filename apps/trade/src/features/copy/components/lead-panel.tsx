import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyLeader } from '@app/contracts';
import { Button, Checkbox, ConfirmDialog, Dialog, Field } from '@app/ui';
import { LoadError, Loading, apiErrorText } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { useGetMyLeaderQuery, useLeadMutation, useRetireMutation } from '../api/copy-api.ts';
import styles from './copy.module.css';

/**
 * Become a leader, or stop being one. Publishing says plainly that every real order from now on is public and
 * permanent; both acts are confirmed, and the outcome is a dialog.
 */
export function LeadPanel() {
  const { t } = useTranslation(NS);
  const query = useGetMyLeaderQuery(undefined, { refetchOnMountOrArgChange: true });
  // The outcome is kept here: the form or the leading view it came from is replaced once the status changes.
  const [outcome, setOutcome] = useState<'led' | 'retired' | null>(null);
  if (query.isLoading) return <Loading />;
  if (query.isError || !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const me = query.data.leader;
  return (
    <>
      {me && me.status === 'active' ? (
        <LeadingNow leader={me} onRetired={() => setOutcome('retired')} />
      ) : (
        <>
          {me && <p className={styles.statement}>{t('copy.lead.before', { count: me.records.length })}</p>}
          <LeadForm defaults={me} onLed={() => setOutcome('led')} />
        </>
      )}
      <Dialog
        open={outcome !== null}
        title={t(outcome === 'retired' ? 'copy.lead.retiredTitle' : 'copy.lead.doneTitle')}
        onClose={() => setOutcome(null)}
        actions={<Button onClick={() => setOutcome(null)}>{t('copy.follow.ok')}</Button>}
      >
        <p className={styles.text}>{t(outcome === 'retired' ? 'copy.lead.retiredBody' : 'copy.lead.doneBody')}</p>
      </Dialog>
    </>
  );
}

function LeadingNow({ leader, onRetired }: { leader: NonNullable<MyLeader['leader']>; onRetired: () => void }) {
  const { t } = useTranslation(NS);
  const [retire, state] = useRetireMutation();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setFailure(null);
    try {
      await retire().unwrap();
      onRetired();
    } catch (error) {
      setFailure(apiErrorText(error, t));
    } finally {
      setAsking(false);
    }
  };
  return (
    <div data-testid="leading-now">
      <p className={styles.statement}>{t('copy.lead.leading', { name: leader.display_name })}</p>
      <div className={styles.section}>
        <Link className={styles.link} to={{ pathname: '/pages/copy/leader', search: `?id=${leader.leader_id}` }}>
          {t('copy.lead.myRecord', {
            orders: t('copy.lead.ordersN', { count: leader.record.orders }),
            followers: t('copy.lead.followersN', { count: leader.followers }),
          })}
        </Link>
      </div>
      {failure && (
        <p className={styles.reason} role="alert">
          {failure}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="danger" onClick={() => setAsking(true)}>
          {t('copy.lead.retire')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('copy.lead.retireTitle')}
        message={t('copy.lead.retireBody', { count: leader.followers })}
        confirmLabel={t('copy.lead.retire')}
        cancelLabel={t('actions.cancel', { ns: 'common' })}
        danger
        busy={state.isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}

function LeadForm({ defaults, onLed }: { defaults: MyLeader['leader']; onLed: () => void }) {
  const { t } = useTranslation(NS);
  const [name, setName] = useState(defaults?.display_name ?? '');
  const [description, setDescription] = useState(defaults?.description ?? '');
  const [agreed, setAgreed] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [agreeError, setAgreeError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [lead, state] = useLeadMutation();
  const nameProblem = (v: string) => {
    const n = v.trim().length;
    return n < 2 || n > 30 ? t('copy.lead.nameError') : null;
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = nameProblem(name);
    setNameError(problem);
    setAgreeError(agreed ? null : t('copy.lead.agreeError'));
    if (!problem && agreed) setAsking(true);
  };
  const confirm = async () => {
    setFailure(null);
    try {
      await lead({ display_name: name.trim(), description: description.trim(), agree: '1' }).unwrap();
      onLed();
    } catch (error) {
      setFailure(apiErrorText(error, t));
    } finally {
      setAsking(false);
    }
  };
  return (
    <>
      <p className={styles.statement} data-testid="lead-statement">
        {t('copy.lead.statement')}
      </p>
      <form className={`${styles.form} ${styles.section}`} onSubmit={submit} noValidate data-testid="lead-form">
        <Field
          label={t('copy.lead.name')}
          name="display_name"
          value={name}
          maxLength={30}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => setNameError(nameProblem(name))}
          error={nameError}
          hint={t('copy.lead.nameHint')}
        />
        <Field
          label={t('copy.lead.description')}
          name="description"
          value={description}
          maxLength={280}
          onChange={(e) => setDescription(e.target.value)}
          hint={t('copy.lead.descriptionHint')}
        />
        <Checkbox name="agree" checked={agreed} onChange={setAgreed} label={t('copy.lead.agree')} error={agreeError} />
        {failure && (
          <p className={styles.reason} role="alert">
            {failure}
          </p>
        )}
        <Button type="submit" block loading={state.isLoading}>
          {t('copy.lead.publish')}
        </Button>
        <ConfirmDialog
          open={asking}
          title={t('copy.lead.confirmTitle')}
          message={t('copy.lead.confirmBody')}
          confirmLabel={t('copy.lead.publish')}
          cancelLabel={t('actions.cancel', { ns: 'common' })}
          busy={state.isLoading}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        />
      </form>
    </>
  );
}
