import { useTranslation } from 'react-i18next';
import { BCP47, changeLanguage, LANGUAGE_NAMES, LANGUAGES, isLanguage } from '@app/i18n/client';
import { CheckIcon } from '@app/ui';
import { DefaultPage } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import styles from './choice-list.module.css';

/** Language change: applied at once (tab labels included), remembered for the next visit. */
export default function LanguagePage() {
  const { t, i18n } = useTranslation(NS);
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <DefaultPage title={t('language.title')}>
      <div className={styles.group} role="radiogroup" aria-label={t('language.title')}>
        {LANGUAGES.map((lang) => (
          <button
            key={lang}
            type="button"
            role="radio"
            aria-checked={lang === current}
            lang={BCP47[lang]}
            className={styles.choice}
            onClick={() => void changeLanguage(lang)}
          >
            <span>{LANGUAGE_NAMES[lang]}</span>
            {lang === current && <CheckIcon size={20} />}
          </button>
        ))}
      </div>
    </DefaultPage>
  );
}
