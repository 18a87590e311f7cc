import { useTranslation } from 'react-i18next';
import { DefaultPage } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import prose from '../lib/prose.module.css';

/** What customer service is for, per the spec. How to reach them is published by the operator. */
export default function CustomerPage() {
  const { t } = useTranslation(NS);
  return (
    <DefaultPage title={t('customer.title')}>
      <div className={prose.prose}>
        <p>{t('customer.intro')}</p>
        <ul>
          <li>{t('customer.topicPassword')}</li>
          <li>{t('customer.topicLocked')}</li>
          <li>{t('customer.topicRecharge')}</li>
          <li>{t('customer.topicRewards')}</li>
        </ul>
        <p>{t('customer.contact')}</p>
      </div>
    </DefaultPage>
  );
}
