import { useEffect, useRef, useState } from 'react';
import { Button, useToast } from '@app/ui';
import { DefaultPage, Loading, LoadError, saveFile, useBrandName } from '@app/app-kit';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { useGetInviteSummaryQuery } from '../features/invite/api/invite-api.ts';
import { registerLink } from '../features/invite/lib/invite-link.ts';
import { drawPoster, posterBlob } from '../features/invite/lib/draw-poster.ts';
import styles from '../features/invite/components/invite.module.css';
import prose from '../lib/prose.module.css';

/** The share poster: drawn here, saved as a PNG, or handed to the system share sheet where there is one. */
export default function PosterPage() {
  const { t } = useInnerTranslation();
  const brand = useBrandName();
  const toast = useToast();
  const { data, error, refetch } = useGetInviteSummaryQuery();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [ready, setReady] = useState(false);
  const code = data?.invite_code;

  useEffect(() => {
    if (!code || !canvas.current) return;
    setReady(false);
    drawPoster(canvas.current, registerLink(code), {
      brand,
      headline: t('poster.headline'),
      codeLabel: t('invite.myCode'),
      code,
      scan: t('poster.scan'),
    }).then(
      () => setReady(true),
      () => toast.error(t('poster.failed')),
    );
  }, [brand, code, t, toast]);

  const fileName = `invite-${code ?? ''}.png`;
  const save = async () => {
    if (!canvas.current) return;
    saveFile(await posterBlob(canvas.current), fileName);
  };
  const share = async () => {
    if (!canvas.current || !code) return;
    const file = new File([await posterBlob(canvas.current)], fileName, { type: 'image/png' });
    const payload = { files: [file], title: t('poster.shareTitle'), text: registerLink(code) };
    try {
      if (navigator.canShare?.(payload)) await navigator.share(payload);
      else await navigator.share({ title: payload.title, text: payload.text, url: registerLink(code) });
    } catch (e) {
      if ((e as Error).name !== 'AbortError') toast.error(t('poster.failed'));
    }
  };
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  return (
    <DefaultPage title={t('titles.poster')}>
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <div className={styles.poster}>
            <canvas ref={canvas} role="img" aria-label={t('poster.label', { code })} data-testid="poster-canvas" />
          </div>
          <div className={prose.actions}>
            <Button onClick={() => void save()} disabled={!ready}>
              {t('poster.save')}
            </Button>
            {canShare && (
              <Button variant="secondary" onClick={() => void share()} disabled={!ready}>
                {t('poster.share')}
              </Button>
            )}
          </div>
        </>
      )}
    </DefaultPage>
  );
}
