import { useState, type FormEvent } from 'react';
import { isApiError } from '@app/api-client';
import { Badge, Button, Field, useToast } from '@app/ui';
import { apiErrorText, DefaultPage, LoadError, Loading, useStepUp } from '@app/app-kit';
import { useFormatters } from '@app/i18n/client';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { useGetAllowlistQuery, useSetAllowlistMutation } from '../features/withdraw-allowlist/api/allowlist-api.ts';
import styles from '../features/passkeys/components/passkeys.module.css';

/**
 * Withdrawal allow-list mode: what it does, its state, and the switch. On is at once; off is asked with the fund
 * password (and a second factor when one is on) and takes a day, during which the page says when and offers to
 * keep it on.
 */
export default function AllowlistPage() {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  const toast = useToast();
  const state = useGetAllowlistQuery();
  const [save, saving] = useSetAllowlistMutation();
  const [fundPassword, setFundPassword] = useState('');
  const [fundError, setFundError] = useState<string | null>(null);
  const stepUp = useStepUp();

  const turnOn = async () => {
    try {
      await save({ on: '1' }).unwrap();
      toast.info(t('allowlist_on', { ns: 'errors' }));
    } catch (error) {
      toast.error(apiErrorText(error, t));
    }
  };

  const turnOff = async (event: FormEvent) => {
    event.preventDefault();
    if (!fundPassword) return setFundError(t('fund_password_required', { ns: 'errors' }));
    if (!stepUp.ready()) return;
    try {
      await save({ on: '0', fund_password: fundPassword, ...stepUp.body() }).unwrap();
      stepUp.reset();
      setFundPassword('');
      toast.info(t('allowlist_turning_off', { ns: 'errors' }));
    } catch (error) {
      if (stepUp.refused(error)) return;
      if (isApiError(error) && error.field === 'fund_password') setFundError(apiErrorText(error, t));
      else toast.error(apiErrorText(error, t));
    }
  };

  const mode = state.data;
  return (
    <DefaultPage title={t('allowlist.title')} backTo="/pages/user/security">
      <section className={styles.panel} aria-labelledby="allowlist-intro">
        <h2 id="allowlist-intro">{t('allowlist.introTitle')}</h2>
        <p>{t('allowlist.intro', { count: mode?.hold_hours ?? 24 })}</p>
        <p>{t('allowlist.offDelay', { count: mode?.off_delay_hours ?? 24 })}</p>
      </section>
      {state.isError && !mode ? (
        <LoadError error={state.error} onRetry={() => void state.refetch()} compact />
      ) : !mode ? (
        <Loading lines={3} />
      ) : mode.state === 'off' ? (
        <section className={styles.panel} data-testid="allowlist-state" data-state="off">
          <p>
            <Badge tone="neutral">{t('allowlist.stateOff')}</Badge>
          </p>
          <Button block loading={saving.isLoading} onClick={() => void turnOn()}>
            {t('allowlist.turnOn')}
          </Button>
        </section>
      ) : mode.state === 'turning_off' ? (
        <section className={styles.panel} data-testid="allowlist-state" data-state="turning_off">
          <p>
            <Badge tone="warning">{t('allowlist.stateTurningOff')}</Badge>
          </p>
          <p>{t('allowlist.turningOffAt', { time: f.dateTime(mode.off_at!) })}</p>
          <Button block loading={saving.isLoading} onClick={() => void turnOn()}>
            {t('allowlist.keepOn')}
          </Button>
        </section>
      ) : (
        <form
          className={styles.panel}
          data-testid="allowlist-state"
          data-state="on"
          onSubmit={(e) => void turnOff(e)}
          noValidate
        >
          <p>
            <Badge tone="primary">{t('allowlist.stateOn')}</Badge>{' '}
            {mode.on_since !== null && t('allowlist.onSince', { time: f.dateTime(mode.on_since) })}
          </p>
          <Field
            name="fund_password"
            type="password"
            label={t('allowlist.fundPassword')}
            autoComplete="off"
            value={fundPassword}
            error={fundError ?? undefined}
            onChange={(e) => {
              setFundPassword(e.target.value);
              setFundError(null);
            }}
          />
          {stepUp.field}
          <Button type="submit" variant="secondary" block loading={saving.isLoading}>
            {t('allowlist.turnOff', { count: mode.off_delay_hours })}
          </Button>
        </form>
      )}
    </DefaultPage>
  );
}
