import { Button, Delayed, Skeleton, useToast } from '@app/ui';
import { apiErrorText } from '@app/app-kit';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import type { PushDevice, TurnOnProblem } from '../hooks/use-push-device.ts';
import styles from './push.module.css';

const IOS_STEPS = ['share', 'add', 'open', 'back'] as const;

/** "Push notifications on this device": what the browser allows, and the one action that fits. */
export function ThisDeviceSection({ device }: { device: PushDevice }) {
  const { t } = useInnerTranslation();
  const toast = useToast();
  const { state, busy, problem } = device;
  const turnOff = async () => {
    try {
      await device.turnOff();
      toast.info(t('push.device.turnedOff'));
    } catch (e) {
      toast.error(apiErrorText(e, t));
    }
  };
  return (
    <section className={styles.section} aria-labelledby="push-device-title" data-testid="push-device">
      <h2 id="push-device-title">{t('push.device.title')}</h2>
      {state === 'unsupported' ? (
        <p className={styles.lead}>{t('push.device.unsupported')}</p>
      ) : state === 'ios-install' ? (
        <>
          <p className={styles.lead}>{t('push.device.iosLead')}</p>
          <ol className={styles.steps} data-testid="ios-steps">
            {IOS_STEPS.map((step) => (
              <li key={step}>{t(`push.device.iosSteps.${step}`)}</li>
            ))}
          </ol>
        </>
      ) : state === 'denied' ? (
        <>
          <p className={styles.status}>
            <span className={styles.dot} aria-hidden="true" />
            {t('push.device.denied')}
          </p>
          <p className={styles.lead}>{t('push.device.deniedHow')}</p>
        </>
      ) : state === 'checking' ? (
        <Delayed>
          <Skeleton lines={2} label={t('states.loading', { ns: 'common' })} />
        </Delayed>
      ) : state === 'on' ? (
        <>
          <p className={styles.status} role="status">
            <span className={`${styles.dot} ${styles.dotOn}`} aria-hidden="true" />
            {t('push.device.on')}
          </p>
          <Button variant="secondary" block loading={busy} onClick={() => void turnOff()}>
            {t('push.device.turnOff')}
          </Button>
        </>
      ) : (
        <>
          <p className={styles.status} role="status">
            <span className={styles.dot} aria-hidden="true" />
            {t('push.device.off')}
          </p>
          <Button block loading={busy} onClick={() => void device.turnOn()}>
            {t('push.device.turnOn')}
          </Button>
          {problem && (
            <p className={styles.problem} role="alert">
              <ProblemText problem={problem} />
            </p>
          )}
        </>
      )}
    </section>
  );
}

function ProblemText({ problem }: { problem: TurnOnProblem }) {
  const { t } = useInnerTranslation();
  if (problem.kind === 'server') return <>{apiErrorText(problem.error, t)}</>;
  return <>{t(problem.kind === 'subscribe' ? 'push.device.failed' : 'push.device.notAllowed')}</>;
}
