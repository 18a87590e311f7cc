import { useTranslation } from 'react-i18next';
import { EmptyState, WalletIcon } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage } from '../lib/default-page.tsx';

/** A wallet page of the spec whose feature comes in a later issue: it says so instead of showing samples. */
export function UnavailablePage({ titleKey, custom }: { titleKey: string; custom?: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <DefaultPage title={t(titleKey)} custom={custom}>
      <EmptyState icon={<WalletIcon />} title={t('unavailable.title')} description={t('unavailable.body')} />
    </DefaultPage>
  );
}
