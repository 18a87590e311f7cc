import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetUserInfoQuery } from '@app/api-client';
import { useGetBadgesQuery } from '../features/content/api/content-api.ts';
import { Delayed, Skeleton } from '@app/ui';
import { DefaultPage, LoadError } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { ProfileHeader } from '../features/profile/components/profile-header.tsx';
import { BalanceCard } from '../features/profile/components/balance-card.tsx';
import { LiabilitiesCard } from '../features/liabilities/components/liabilities-card.tsx';
import { MineMenu } from '../features/profile/components/mine-menu.tsx';
import { LogoutConfirm } from '../features/session/components/logout-confirm.tsx';
import { useUnsubscribeOnLogout } from '../features/push/hooks/use-unsubscribe-on-logout.ts';

/** Mine (user centre): who is logged in, their balances, and every item of the spec's menu. */
export default function MinePage() {
  const { t } = useTranslation(NS);
  const { data: user, error, isLoading, refetch } = useGetUserInfoQuery();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const unsubscribePush = useUnsubscribeOnLogout();
  const { data: badges } = useGetBadgesQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <DefaultPage title={t('mine.title')} custom tab>
      {user ? (
        <>
          <ProfileHeader user={user} />
          <BalanceCard />
          <LiabilitiesCard />
        </>
      ) : isLoading ? (
        <Delayed>
          <Skeleton lines={4} label={t('states.loading', { ns: 'common' })} />
        </Delayed>
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : null}
      <MineMenu onLogout={() => setConfirmLogout(true)} badges={badges} />
      <LogoutConfirm open={confirmLogout} onClose={() => setConfirmLogout(false)} beforeLogout={unsubscribePush} />
    </DefaultPage>
  );
}
