import type { SupportChannel } from '@app/contracts';
import { HeadsetIcon } from '@app/ui';
import { LoadError, Loading } from '@app/app-kit';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import { useGetPublicSettingsQuery } from '../../../lib/public-settings-api.ts';
import styles from './support.module.css';

/** Only links a browser opens safely: web pages and e-mail. */
const OPENABLE = /^(https?:|mailto:)/i;

function ChannelRow({ channel }: { channel: SupportChannel }) {
  const { t } = useInnerTranslation();
  const href = OPENABLE.test(channel.url) ? channel.url : null;
  const body = (
    <>
      <HeadsetIcon size={22} aria-hidden="true" />
      <span className={styles.channelText}>
        <span className={styles.channelLabel}>{channel.label}</span>
        <span className={styles.channelHours}>
          {channel.hours ? t('support.hours', { hours: channel.hours }) : t('support.alwaysOpen')}
        </span>
      </span>
      {href && <span className={styles.channelAction}>{t('support.openChannel')}</span>}
    </>
  );
  return href ? (
    <a className={styles.channel} href={href} target="_blank" rel="noopener noreferrer" data-testid="service-channel">
      {body}
    </a>
  ) : (
    <div className={styles.channel} data-testid="service-channel">
      {body}
    </div>
  );
}

/** The ways to reach customer service that operators publish (/api/index/ater), with their hours. */
export function ServiceChannels() {
  const { t } = useInnerTranslation();
  const { data, error, isLoading, refetch } = useGetPublicSettingsQuery();
  return (
    <section className={styles.section} aria-labelledby="support-channels-title">
      <h2 id="support-channels-title" className={styles.heading}>
        {t('support.channels')}
      </h2>
      {isLoading ? (
        <Loading lines={2} />
      ) : !data ? (
        <LoadError compact error={error} onRetry={() => void refetch()} />
      ) : data.service_channels.length === 0 ? (
        <p className={styles.muted}>{t('support.noChannels')}</p>
      ) : (
        <ul className={styles.channels}>
          {data.service_channels.map((c) => (
            <li key={`${c.kind}:${c.url}`}>
              <ChannelRow channel={c} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
