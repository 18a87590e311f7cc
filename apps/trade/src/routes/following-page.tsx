import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@app/ui';
import { DefaultPage } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { SubscriptionList } from '../features/copy/components/subscription-list.tsx';

/** /pages/copy/following: my subscriptions, live (active or paused) and stopped. */
export default function FollowingPage() {
  const { t } = useTranslation(NS);
  const [tab, setTab] = useState<'live' | 'stopped'>('live');
  return (
    <DefaultPage title={t('copy.mySubscriptions')} backTo="/pages/user/order?tab=follow">
      <Tabs
        idPrefix="subs"
        stretch
        label={t('copy.mySubscriptions')}
        items={[
          { key: 'live', label: t('copy.sub.live') },
          { key: 'stopped', label: t('copy.sub.stopped') },
        ]}
        value={tab}
        onChange={(k) => setTab(k as 'live' | 'stopped')}
      />
      <div id="subs-panel" role="tabpanel" aria-labelledby={`subs-tab-${tab}`}>
        <SubscriptionList key={tab} status={tab} />
      </div>
    </DefaultPage>
  );
}
