import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentText, Language } from '@app/contracts';
import { errorText } from '../../../components/error-text.ts';
import ui from '../../../components/ui.module.css';
import { LANGUAGE_NAMES, EDITOR_LANGUAGES } from '../../../lib/editor-languages.ts';
import { fromLocalInput } from '../../../lib/editor-time.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import { usePreviewContentMutation } from '../api/content-api.ts';
import { shownText, type ContentDraft } from '../lib/content-form.ts';
import { phoneDocument } from '../lib/phone-document.ts';
import styles from './content.module.css';

/** The app's width on a common phone: the preview is drawn at exactly this many CSS pixels. */
export const PHONE_WIDTH = 390;

/**
 * The item as a reader of one language sees it in the app, 390 px wide: their text, or English with the app's
 * note when theirs is missing. The body shown is the server's sanitised version of what is typed (asked for a
 * moment after typing stops), never the raw input.
 */
export function PhonePreview({ draft }: { draft: ContentDraft }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [reader, setReader] = useState<Language>('en');
  const [preview, { isLoading }] = usePreviewContentMutation();
  const [cleaned, setCleaned] = useState<ContentText | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = shownText(draft, reader);

  const { title, summary, body } = shown.text;
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      preview({ title, summary, body })
        .unwrap()
        .then((answer) => {
          if (!live) return;
          setCleaned(answer);
          setFailure(null);
        })
        .catch((error: unknown) => live && setFailure(errorText(error, t)));
    }, 350);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [title, summary, body, preview, t]);

  const activity = draft.kind === 'activity';
  const starts = fromLocalInput(draft.starts_at);
  const ends = fromLocalInput(draft.ends_at);
  const meta = activity
    ? t('content.preview.activityDates', {
        from: formatDateTime(starts, lang),
        to: formatDateTime(ends, lang),
      })
    : t('content.preview.published', { date: formatDateTime(fromLocalInput(draft.publish_at), lang) });
  const document = cleaned
    ? phoneDocument({
        kind: draft.kind,
        heading: t(`content.preview.heading.${draft.kind}`),
        title: cleaned.title,
        summary: cleaned.summary,
        body: cleaned.body,
        meta,
        fallbackNote:
          shown.lang !== reader ? t('content.preview.fallback', { language: LANGUAGE_NAMES[reader] }) : null,
        tone: draft.tone,
      })
    : null;

  return (
    <section className={`${ui.panel} ${styles.preview}`} aria-labelledby="preview-title">
      <div className={styles.previewHead}>
        <h2 id="preview-title" className={ui.panelTitle}>
          {t('content.preview.title')}
        </h2>
        <label className={styles.inline}>
          <span className={ui.label}>{t('content.preview.reader')}</span>
          <select
            className={`${ui.input} ${styles.compact}`}
            value={reader}
            onChange={(event) => setReader(event.target.value as Language)}
            data-testid="preview-language"
          >
            {EDITOR_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
                {shownText(draft, l).lang !== l ? ` → ${LANGUAGE_NAMES.en}` : ''}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className={ui.hint}>
        {shown.lang === reader
          ? t('content.preview.ownText', { language: LANGUAGE_NAMES[reader] })
          : t('content.preview.fallsBack', { language: LANGUAGE_NAMES[reader] })}
      </p>
      <div className={styles.phone} style={{ width: PHONE_WIDTH + 2 }}>
        {document ? (
          <iframe
            title={t('content.preview.frame')}
            className={styles.screen}
            style={{ width: PHONE_WIDTH }}
            sandbox=""
            srcDoc={document}
            data-testid="phone-preview"
          />
        ) : (
          <div className={styles.screenEmpty} style={{ width: PHONE_WIDTH }}>
            {isLoading ? t('common.loading') : ''}
          </div>
        )}
      </div>
      {failure && (
        <div className={ui.alert} role="alert">
          {failure}
        </div>
      )}
    </section>
  );
}
