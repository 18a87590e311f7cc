import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrandSettings } from '@app/contracts';
import { PageHeader } from '../../../components/page-header.tsx';
import page from '../../../components/page.module.css';
import { QueryState } from '../../../components/query-state.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { Field } from '../../../components/field.tsx';
import ui from '../../../components/ui.module.css';
import { useBrandSettingsQuery, useSaveBrandMutation } from '../api/brand-settings-api.ts';

const MAX_NAME = 40;

/** The platform's name in the app (Home's bar, the document title, the share poster); empty: the app's own. */
export function BrandSettingsPage() {
  const { t } = useTranslation();
  const settings = useBrandSettingsQuery();
  return (
    <div>
      <PageHeader title={t('brand.title')} subtitle={t('brand.subtitle')} />
      <section className={ui.panel} aria-label={t('brand.title')}>
        <QueryState
          isLoading={settings.isLoading}
          error={settings.error}
          isEmpty={false}
          empty={null}
          onRetry={() => void settings.refetch()}
        >
          {settings.data && <BrandForm saved={settings.data} />}
        </QueryState>
      </section>
    </div>
  );
}

function BrandForm({ saved }: { saved: BrandSettings }) {
  const { t } = useTranslation();
  const [save] = useSaveBrandMutation();
  const [name, setName] = useState(saved.brand_name ?? '');
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);
  const unchanged = name.trim() === (saved.brand_name ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!unchanged) setConfirming(true);
  };
  return (
    <form className={`${ui.panelBody} ${page.stack}`} onSubmit={submit} noValidate>
      <Field id="brand-name" label={t('brand.name')}>
        <input
          id="brand-name"
          className={ui.input}
          value={name}
          maxLength={MAX_NAME}
          placeholder={t('brand.placeholder')}
          aria-describedby="brand-name-hint"
          onChange={(event) => (setName(event.target.value), setDone(false))}
        />
        <span id="brand-name-hint" className={ui.hint}>
          {t('brand.hint', { count: MAX_NAME })}
        </span>
      </Field>
      <div>
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={unchanged}>
          {t('brand.save')}
        </button>
        {done && (
          <span role="status" className={ui.hint}>
            {' '}
            {t('brand.saved')}
          </span>
        )}
      </div>
      {confirming && (
        <ReasonDialog
          title={t('brand.confirm')}
          confirmLabel={t('brand.save')}
          onClose={() => setConfirming(false)}
          onConfirm={async (reason) => {
            await save({ brand_name: name.trim(), reason }).unwrap();
            setDone(true);
          }}
        >
          <p>{name.trim() ? t('brand.confirmName', { name: name.trim() }) : t('brand.confirmDefault')}</p>
        </ReasonDialog>
      )}
    </form>
  );
}
