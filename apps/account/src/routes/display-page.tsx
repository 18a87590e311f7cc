import { useTranslation } from 'react-i18next';
import { CheckIcon, setPreferences, usePreferences, type ThemePreference, type UpDownPreference } from '@app/ui';
import { DefaultPage } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import styles from './choice-list.module.css';

const THEMES: ThemePreference[] = ['system', 'light', 'dark'];
const UP_DOWN: UpDownPreference[] = ['green-up', 'red-up'];

/** Theme and the colour convention for rises and falls (arrows always accompany the colour). */
export default function DisplayPage() {
  const { t } = useTranslation(NS);
  const prefs = usePreferences();
  return (
    <DefaultPage title={t('display.title')}>
      <h2 id="theme-heading" className={styles.heading}>
        {t('display.theme')}
      </h2>
      <div className={styles.group} role="radiogroup" aria-labelledby="theme-heading">
        {THEMES.map((theme) => (
          <button
            key={theme}
            type="button"
            role="radio"
            aria-checked={prefs.theme === theme}
            className={styles.choice}
            onClick={() => setPreferences({ theme })}
          >
            <span>{t(`display.themes.${theme}`)}</span>
            {prefs.theme === theme && <CheckIcon size={20} />}
          </button>
        ))}
      </div>
      <h2 id="updown-heading" className={styles.heading}>
        {t('display.upDown')}
      </h2>
      <div className={styles.group} role="radiogroup" aria-labelledby="updown-heading">
        {UP_DOWN.map((choice) => (
          <button
            key={choice}
            type="button"
            role="radio"
            aria-checked={prefs.upDown === choice}
            className={styles.choice}
            onClick={() => setPreferences({ upDown: choice })}
          >
            <span>{t(`display.upDowns.${choice}`)}</span>
            <span className={styles.sample}>
              <span className={choice === 'green-up' ? styles.up : styles.down}>▲ {t('display.rise')}</span>
              <span className={choice === 'green-up' ? styles.down : styles.up}>▼ {t('display.fall')}</span>
              {prefs.upDown === choice && <CheckIcon size={20} />}
            </span>
          </button>
        ))}
      </div>
    </DefaultPage>
  );
}
