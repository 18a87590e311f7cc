import { PUSH_KINDS, type PushKind, type PushSettings } from '@app/contracts';
import { useToast } from '@app/ui';
import { apiErrorText } from '@app/app-kit';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import { useSetPushKindMutation } from '../api/push-api.ts';
import styles from './push.module.css';

/** One switch per kind of notification; a kind is on or off for every device of the user. */
export function PushKindsSection({ kinds }: { kinds: PushSettings['kinds'] }) {
  const { t } = useInnerTranslation();
  const toast = useToast();
  const [setKind] = useSetPushKindMutation();
  const toggle = async (kind: PushKind, on: boolean) => {
    try {
      await setKind({ kind, on: on ? '1' : '0' }).unwrap();
    } catch (e) {
      toast.error(apiErrorText(e, t));
    }
  };
  return (
    <section className={styles.section} aria-labelledby="push-kinds-title">
      <h2 id="push-kinds-title">{t('push.kinds.title')}</h2>
      <p className={styles.lead}>{t('push.kinds.lead')}</p>
      <ul className={styles.list} data-testid="push-kinds">
        {PUSH_KINDS.map((kind) => (
          <li key={kind} className={styles.kind}>
            <span className={styles.text}>
              <span className={styles.name} id={`push-kind-${kind}`}>
                {t(`push.kinds.${kind}.title`)}
              </span>
              <span className={styles.meta} id={`push-kind-${kind}-hint`}>
                {t(`push.kinds.${kind}.hint`)}
              </span>
            </span>
            <button
              type="button"
              role="switch"
              className={styles.switch}
              aria-checked={kinds[kind]}
              aria-labelledby={`push-kind-${kind}`}
              aria-describedby={`push-kind-${kind}-hint`}
              onClick={() => void toggle(kind, !kinds[kind])}
            />
          </li>
        ))}
      </ul>
      <p className={styles.note}>{t('push.kinds.inApp')}</p>
    </section>
  );
}
