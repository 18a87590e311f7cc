import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage } from '@app/app-kit';
import { RechargeReceipt, RechargeRecordList } from '../features/recharge/components/recharge-records.tsx';

/** Recharge records; `?id=<id>` shows one as a receipt with its timeline. */
export default function RechargeRecordPage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <DefaultPage title={id ? t('record.receipt') : t('titles.rechargeRecord')}>
      {id > 0 ? <RechargeReceipt id={id} /> : <RechargeRecordList />}
    </DefaultPage>
  );
}
