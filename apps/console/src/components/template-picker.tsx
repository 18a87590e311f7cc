import { useTranslation } from 'react-i18next';
import { LANGUAGES, type ReplyTemplate, type ReplyTemplateUse } from '@app/contracts';
import { useReplyTemplatesQuery } from '../lib/reply-templates-api.ts';
import { Field } from './field.tsx';
import ui from './ui.module.css';

/**
 * The reply templates offered for an act, to tell the user in their language instead of in the operator's words:
 * a choice (none by default) and, once one is picked, its English text and how many languages it is written in.
 * Nothing at all when there is no template for the act (or the list cannot be read): the act works as before.
 */
export function TemplatePicker({
  use,
  value,
  onChange,
  noneLabel,
}: {
  use: ReplyTemplateUse;
  value: ReplyTemplate | null;
  onChange: (template: ReplyTemplate | null) => void;
  /** What "no template" means for this act (the user reads the reason, or the operator's own answer). */
  noneLabel: string;
}) {
  const { t } = useTranslation();
  const items = useReplyTemplatesQuery(use).data?.items ?? [];
  if (items.length === 0) return null;
  const id = `template-${use}`;
  const written = value ? LANGUAGES.filter((lang) => value.texts[lang]).length : 0;
  return (
    <Field id={id} label={t('templates.pick')}>
      <select
        id={id}
        className={ui.input}
        value={value?.id ?? ''}
        onChange={(event) => onChange(items.find((i) => String(i.id) === event.target.value) ?? null)}
      >
        <option value="">{noneLabel}</option>
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </select>
      {value && (
        <div className={ui.notice} data-testid="template-preview">
          <span lang="en">{value.texts.en}</span>
          <br />
          <span className={ui.hint}>{t('templates.inTheirLanguage', { count: written, total: LANGUAGES.length })}</span>
        </div>
      )}
    </Field>
  );
}
