import { Button, CheckIcon, DownloadIcon, LinkButton, ShareIcon } from '@app/ui';
import { DefaultPage, LoadError, Loading } from '@app/app-kit';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { useGetPublicSettingsQuery } from '../lib/public-settings-api.ts';
import { isAppleMobile, useInstallPrompt } from '../features/download/hooks/use-install-prompt.ts';
import styles from '../features/download/components/download.module.css';

/** Only web addresses are offered as download links (never javascript: or data:). */
const isWebLink = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url);

/** How to install where the browser offers no button: Safari on iPhone and iPad, or a browser's menu. */
function ManualSteps() {
  const { t } = useInnerTranslation();
  if (isAppleMobile())
    return (
      <div data-testid="install-ios">
        <h3 className={styles.stepsTitle}>{t('download.iosTitle')}</h3>
        <ol className={styles.steps}>
          <li>
            <ShareIcon size={16} aria-hidden="true" /> {t('download.iosStep1')}
          </li>
          <li>{t('download.iosStep2')}</li>
          <li>{t('download.iosStep3')}</li>
        </ol>
      </div>
    );
  return (
    <div data-testid="install-manual">
      <h3 className={styles.stepsTitle}>{t('download.iosTitle')}</h3>
      <p className={styles.text}>{t('download.ios')}</p>
      <h3 className={styles.stepsTitle}>{t('download.androidTitle')}</h3>
      <p className={styles.text}>{t('download.android')}</p>
    </div>
  );
}

function InstallCard() {
  const { t } = useInnerTranslation();
  const { state, install } = useInstallPrompt();
  return (
    <section className={styles.card} aria-labelledby="download-install-title">
      <h2 id="download-install-title" className={styles.title}>
        {t('download.installTitle')}
      </h2>
      <p className={styles.text}>{t('download.intro')}</p>
      {state === 'available' && (
        <Button block onClick={() => void install()} data-testid="install-button">
          <DownloadIcon size={18} aria-hidden="true" /> {t('download.installButton')}
        </Button>
      )}
      {(state === 'installed' || state === 'standalone') && (
        <p className={styles.done} role="status">
          <CheckIcon size={18} aria-hidden="true" />
          {state === 'installed' ? t('download.installed') : t('download.standalone')}
        </p>
      )}
      {state === 'unavailable' && <ManualSteps />}
    </section>
  );
}

function StoreLinks() {
  const { t } = useInnerTranslation();
  const { data, error, refetch } = useGetPublicSettingsQuery();
  if (error) return <LoadError compact error={error} onRetry={() => void refetch()} />;
  if (!data) return <Loading lines={2} />;
  const android = isWebLink(data.download.android) ? data.download.android : null;
  const ios = isWebLink(data.download.ios) ? data.download.ios : null;
  // Links operators have not set are not shown at all.
  if (!android && !ios) return null;
  return (
    <section className={styles.card} aria-labelledby="download-links-title" data-testid="download-links">
      <h2 id="download-links-title" className={styles.title}>
        {t('download.linksTitle')}
      </h2>
      <p className={styles.text}>{t('download.linksIntro')}</p>
      <div className={styles.links}>
        {android && (
          <LinkButton href={android} variant="outline" block target="_blank" rel="noopener noreferrer">
            {t('download.androidLink')}
          </LinkButton>
        )}
        {ios && (
          <LinkButton href={ios} variant="outline" block target="_blank" rel="noopener noreferrer">
            {t('download.iosLink')}
          </LinkButton>
        )}
      </div>
    </section>
  );
}

/** App download: install the web app where the browser offers it (or how to by hand), and operators' links. */
export default function DownloadPage() {
  const { t } = useInnerTranslation();
  return (
    <DefaultPage title={t('download.title')}>
      <InstallCard />
      <StoreLinks />
    </DefaultPage>
  );
}
