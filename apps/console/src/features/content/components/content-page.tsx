import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_KINDS, type ContentKind } from '@app/contracts';
import { useEditorOpening } from '../../../components/editor-opening.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import page from '../../../components/page.module.css';
import { QueryTable } from '../../../components/query-table.tsx';
import ui from '../../../components/ui.module.css';
import { formatDateTime } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/hooks.ts';
import { useContentItemsQuery } from '../api/content-api.ts';
import { ContentEditor } from './content-editor.tsx';
import styles from './content.module.css';

const STATE_BADGE: Record<string, string> = {
  draft: ui.badgeWarn!,
  published: ui.badgeOk!,
  withdrawn: ui.badgeDanger!,
};

/** Banners, notices, news and activities: the list by kind, and the editor of one item (or a new one). */
export function ContentPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [kind, setKind] = useState<ContentKind | undefined>(undefined);
  const list = useContentItemsQuery(kind);
  const items = list.data?.items ?? [];
  const editor = useEditorOpening(items);

  if (editor.isOpen) {
    return (
      <ContentEditor
        key={editor.key}
        item={editor.current}
        kind={kind ?? 'notice'}
        onClose={editor.close}
        onCreated={editor.created}
      />
    );
  }

  return (
    <div>
      <PageHeader title={t('content.title')} subtitle={t('content.subtitle')}>
        <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => editor.edit('new')}>
          {t('content.new')}
        </button>
      </PageHeader>
      <div className={page.stack}>
        <div className={styles.tabs} role="tablist" aria-label={t('content.kindFilter')}>
          {[undefined, ...CONTENT_KINDS].map((k) => (
            <button
              key={k ?? 'all'}
              type="button"
              role="tab"
              aria-selected={kind === k}
              className={`${ui.button} ${ui.small} ${kind === k ? styles.tabActive : ''}`}
              onClick={() => setKind(k)}
            >
              {k ? t(`content.kind.${k}`) : t('content.all')}
            </button>
          ))}
        </div>
        <section className={ui.panel} aria-label={t('content.listLabel')}>
          <QueryTable query={list} items={items} empty={t('content.empty')}>
            <thead>
              <tr>
                <th>{t('content.kindLabel')}</th>
                <th>{t('content.titleEn')}</th>
                <th>{t('content.languages')}</th>
                <th>{t('content.state')}</th>
                <th>{t('content.publishAt')}</th>
                <th aria-label={t('common.actions')} />
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-testid={`content-row-${item.slug}`}>
                  <td>{t(`content.kind.${item.kind}`)}</td>
                  <td>
                    <strong>{item.translations.en?.title ?? item.slug}</strong>
                    {item.pinned && <span className={ui.hint}> · {t('content.pinned')}</span>}
                    <div className={`${ui.hint} ${page.mono}`}>{item.slug}</div>
                  </td>
                  <td>
                    {t('content.languageCount', { count: item.languages.length })}
                    {item.languages.length < 10 && <div className={ui.hint}>{t('content.restEnglish')}</div>}
                  </td>
                  <td>
                    <span className={`${ui.badge} ${STATE_BADGE[item.state] ?? ''}`}>
                      {t(`content.states.${item.state}`)}
                    </span>
                  </td>
                  <td>{formatDateTime(item.publish_at, lang, 'short')}</td>
                  <td className={ui.num}>
                    <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => editor.edit(item)}>
                      {t('content.edit')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </QueryTable>
        </section>
      </div>
    </div>
  );
}
