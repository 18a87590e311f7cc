import { useTranslation } from 'react-i18next';
import { Cell, CellGroup } from '@app/ui';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage, LoadError, Loading } from '@app/app-kit';
import { useGetRechargeInfoQuery } from '../features/recharge/api/recharge-api.ts';
import { ChannelList } from '../features/recharge/components/channel-list.tsx';

/** Recharge methods: the channels operators offer, and the records. */
export default function RechargeListPage() {
  const { t } = useTranslation(NS);
  const { data, error, isLoading, refetch } = useGetRechargeInfoQuery();
  return (
    <DefaultPage title={t('titles.rechargeList')}>
      {isLoading ? (
        <Loading />
      ) : !data ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <ChannelList channels={data.channels} />
      )}
      <CellGroup>
        <Cell title={t('titles.rechargeRecord')} href="#/pages/user/rechargerecord" arrow />
      </CellGroup>
    </DefaultPage>
  );
}
