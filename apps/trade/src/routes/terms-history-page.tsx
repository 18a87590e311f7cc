import { useTranslation } from 'react-i18next';
import { DefaultPage, LoadError, Loading } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { useGetTermsHistoryQuery } from '../features/terms-history/api/terms-history-api.ts';
import { TermsHistory } from '../features/terms-history/components/terms-history.tsx';

/** /pages/trade/terms: the public history of every change of terms, from the transparency log. No sign-in. */
export default function TermsHistoryPage() {
  const { t } = useTranslation(NS);
  const { data, error, isLoading, isError, refetch } = useGetTermsHistoryQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <DefaultPage title={t('terms.title')} backTo="/pages/trade/trade">
      {isLoading ? (
        <Loading lines={8} />
      ) : isError || !data ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <TermsHistory history={data} />
      )}
    </DefaultPage>
  );
}
