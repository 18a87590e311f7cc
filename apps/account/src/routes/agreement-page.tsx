import { useTranslation } from 'react-i18next';
import { DefaultPage } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import prose from '../lib/prose.module.css';

export default function AgreementPage() {
  const { t } = useTranslation(NS);
  return (
    <DefaultPage title={t('agreement.title')} backTo="/pages/login/register">
      <div className={prose.prose}>
        <p>{t('agreement.intro')}</p>
        <ol>
          <li>{t('agreement.risk')}</li>
          <li>{t('agreement.terms')}</li>
          <li>{t('agreement.results')}</li>
          <li>{t('agreement.account')}</li>
          <li>{t('agreement.data')}</li>
        </ol>
      </div>
    </DefaultPage>
  );
}
