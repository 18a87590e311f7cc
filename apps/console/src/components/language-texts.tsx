import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@app/contracts';
import { EDITOR_LANGUAGES, LANGUAGE_NAMES } from '../lib/editor-languages.ts';
import editor from './editor.module.css';
import ui from './ui.module.css';

/**
 * Whether a language's text is there: English always must be; another left empty shows English to its readers.
 * `texts` names the editor's own strings (`<texts>.required`, `.written`, `.showsEnglish`).
 */
export function WrittenBadge({ lang, written, texts }: { lang: Language; written: boolean; texts: string }) {
  const { t } = useTranslation();
  if (lang === 'en') return <span className={`${ui.badge} ${ui.badgeOk}`}>{t(`${texts}.required`)}</span>;
  return written ? (
    <span className={`${ui.badge} ${ui.badgeOk}`}>{t(`${texts}.written`)}</span>
  ) : (
    <span className={`${ui.badge} ${ui.badgeWarn}`}>{t(`${texts}.showsEnglish`)}</span>
  );
}

/** An editor's text in the ten languages side by side, one fieldset each headed by the language and its badge. */
export function LanguageTexts({
  texts,
  testId,
  written,
  children,
}: {
  texts: string;
  testId: (lang: Language) => string;
  written: (lang: Language) => boolean;
  /** A language's fields. */
  children: (lang: Language) => ReactNode;
}) {
  return (
    <div className={editor.languages}>
      {EDITOR_LANGUAGES.map((lang) => (
        <fieldset key={lang} className={editor.language} data-testid={testId(lang)}>
          <legend className={editor.languageHead}>
            <span>
              {LANGUAGE_NAMES[lang]} <span className={ui.hint}>({lang})</span>
            </span>
            <WrittenBadge lang={lang} written={written(lang)} texts={texts} />
          </legend>
          {children(lang)}
        </fieldset>
      ))}
    </div>
  );
}
