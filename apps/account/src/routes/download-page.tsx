import { useTranslation } from 'react-i18next';
import { DefaultPage } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import prose from '../lib/prose.module.css';

/** The app is this web page; "download" means keeping it on the home screen. */
export default function DownloadPage() {
  const { t } = useTranslation(NS);
  return (
    <DefaultPage title={t('download.title')}>
      <div className={prose.prose}>
        <p>{t('download.intro')}</p>
        <h2>{t('download.iosTitle')}</h2>
        <p>{t('download.ios')}</p>
        <h2>{t('download.androidTitle')}</h2>
        <p>{t('download.android')}</p>
      </div>
    </DefaultPage>
  );
}
