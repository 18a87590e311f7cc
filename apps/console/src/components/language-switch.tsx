import { useTranslation } from 'react-i18next';
import { CONSOLE_LANGUAGES, isConsoleLanguage } from '../lib/i18n.ts';
import ui from './ui.module.css';

const NAMES = { en: 'English', zh: '简体中文' } as const;

/** English or Simplified Chinese; the server's messages follow (each request's `lang` header). */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <select
      className={`${ui.input} ${className ?? ''}`}
      style={{ width: 'auto', minHeight: 32, paddingBlock: 2 }}
      aria-label={t('common.language')}
      value={isConsoleLanguage(current) ? current : 'en'}
      onChange={(event) => void i18n.changeLanguage(event.target.value)}
      data-testid="language-switch"
    >
      {CONSOLE_LANGUAGES.map((lang) => (
        <option key={lang} value={lang} lang={lang === 'zh' ? 'zh-Hans' : 'en'}>
          {NAMES[lang]}
        </option>
      ))}
    </select>
  );
}
