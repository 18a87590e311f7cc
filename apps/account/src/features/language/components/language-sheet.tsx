import { useTranslation } from 'react-i18next';
import { ActionSheet } from '@app/ui';
import { BCP47, changeLanguage, LANGUAGE_NAMES, LANGUAGES, isLanguage } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';

/** The ten languages by their own names; choosing one applies it at once and remembers it. */
export function LanguageSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation(NS);
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <ActionSheet
      open={open}
      title={t('language.title')}
      cancelLabel={t('actions.cancel', { ns: 'common' })}
      items={LANGUAGES.map((lang) => ({
        key: lang,
        label: LANGUAGE_NAMES[lang],
        lang: BCP47[lang],
        selected: lang === current,
      }))}
      onSelect={(key) => {
        onClose();
        if (isLanguage(key)) void changeLanguage(key);
      }}
      onClose={onClose}
    />
  );
}
