import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage, LoadError, Loading } from '@app/app-kit';
import { useGetRechargeInfoQuery } from '../features/recharge/api/recharge-api.ts';
import { ChannelList } from '../features/recharge/components/channel-list.tsx';
import { RechargeForm } from '../features/recharge/components/recharge-form.tsx';

/** Recharge: `?channel=<id>` is the form for that channel; without it, the channels to choose from. */
export default function RechargePage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const { data, error, isLoading, refetch } = useGetRechargeInfoQuery();
  const channel = data?.channels.find((c) => String(c.id) === params.get('channel'));
  return (
    <DefaultPage title={channel ? channel.name : t('titles.recharge')}>
      {isLoading ? (
        <Loading />
      ) : !data ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : channel ? (
        <RechargeForm key={channel.id} channel={channel} />
      ) : (
        <ChannelList channels={data.channels} />
      )}
    </DefaultPage>
  );
}
