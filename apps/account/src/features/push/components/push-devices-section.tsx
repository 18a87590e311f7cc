import { useState } from 'react';
import type { PushDevice as ListedDevice } from '@app/contracts';
import { Badge, Button, EmptyState, BellIcon, useToast } from '@app/ui';
import { apiErrorText } from '@app/app-kit';
import { useFormatters } from '@app/i18n/client';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import { useRemovePushDeviceMutation } from '../api/push-api.ts';
import type { PushDevice } from '../hooks/use-push-device.ts';
import styles from './push.module.css';

/**
 * The user's devices that get notifications, newest first, each with Remove. Removing this device is turning it
 * off (the browser's subscription goes too, or the next visit would send it again).
 */
export function PushDevicesSection({ devices, device }: { devices: ListedDevice[]; device: PushDevice }) {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  const toast = useToast();
  const [remove] = useRemovePushDeviceMutation();
  const [removing, setRemoving] = useState<number | null>(null);
  const removeOne = async (id: number) => {
    setRemoving(id);
    try {
      if (id === device.thisId) await device.turnOff();
      else await remove({ id }).unwrap();
      toast.info(t('push.devices.removed'));
    } catch (e) {
      toast.error(apiErrorText(e, t));
    } finally {
      setRemoving(null);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="push-devices-title">
      <h2 id="push-devices-title">{t('push.devices.title')}</h2>
      {devices.length === 0 ? (
        <EmptyState
          compact
          headingLevel={3}
          icon={<BellIcon />}
          title={t('push.devices.empty')}
          description={t('push.devices.emptyHint')}
        />
      ) : (
        <ul className={styles.list} data-testid="push-devices">
          {devices.map((d) => (
            <li key={d.id} className={styles.device}>
              <span className={styles.text}>
                <span className={styles.name}>
                  {d.label}
                  {d.id === device.thisId && <Badge tone="primary">{t('push.devices.thisDevice')}</Badge>}
                </span>
                <span className={`${styles.meta} ${styles.dates}`}>
                  {t('push.devices.added', { time: f.date(d.created_at) })}
                  {' · '}
                  {d.last_sent_at === null
                    ? t('push.devices.noneYet')
                    : t('push.devices.lastSent', { time: f.dateTime(d.last_sent_at) })}
                </span>
              </span>
              <Button
                size="sm"
                variant="outline"
                loading={removing === d.id}
                disabled={removing !== null && removing !== d.id}
                aria-label={`${t('push.devices.remove')}: ${d.label}`}
                onClick={() => void removeOne(d.id)}
              >
                {t('push.devices.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
