import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage } from '@app/app-kit';
import { CashReceipt, CashRecordList } from '../features/withdraw/components/cash-records.tsx';

/** Withdrawal records; `?id=<id>` shows one as a receipt with its timeline. */
export default function CashRecordPage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <DefaultPage title={id ? t('record.receipt') : t('titles.cashRecord')}>
      {id > 0 ? <CashReceipt id={id} /> : <CashRecordList />}
    </DefaultPage>
  );
}
