import { DefaultPage, Loading, LoadError } from '@app/app-kit';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { useGetPushQuery } from '../features/push/api/push-api.ts';
import { usePushDevice } from '../features/push/hooks/use-push-device.ts';
import { ThisDeviceSection } from '../features/push/components/this-device-section.tsx';
import { PushKindsSection } from '../features/push/components/push-kinds-section.tsx';
import { PushDevicesSection } from '../features/push/components/push-devices-section.tsx';

/**
 * Notifications: web push on this device (on, off, or how to make it possible), which kinds the user gets on every
 * device, and the devices that get them.
 */
export default function NotificationsPage() {
  const { t } = useInnerTranslation();
  const { data, error, refetch } = useGetPushQuery();
  const device = usePushDevice(data);
  return (
    <DefaultPage title={t('push.title')}>
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading lines={6} />
      ) : (
        <>
          <ThisDeviceSection device={device} />
          <PushKindsSection kinds={data.kinds} />
          <PushDevicesSection devices={data.devices} device={device} />
        </>
      )}
    </DefaultPage>
  );
}
