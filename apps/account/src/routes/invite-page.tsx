import { useTranslation } from 'react-i18next';
import { useGetUserInfoQuery } from '@app/api-client';
import { Button, Delayed, Skeleton, useToast } from '@app/ui';
import { DefaultPage } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import prose from '../lib/prose.module.css';

function registerLink(code: string): string {
  const base = `${window.location.origin}${window.location.pathname}`;
  return `${base}#/pages/login/register?invite=${encodeURIComponent(code)}`;
}

/** The user's own invitation code and a registration link carrying it, each copyable. */
export default function InvitePage() {
  const { t } = useTranslation(NS);
  const toast = useToast();
  const { data: user } = useGetUserInfoQuery();
  const copy = async (text: string) => {
    try {
      if (!text) throw new Error('empty');
      await navigator.clipboard.writeText(text);
      toast.info(t('copied', { ns: 'errors' }));
    } catch {
      toast.error(t('invite.copyFailed'));
    }
  };
  return (
    <DefaultPage title={t('invite.title')}>
      {user ? (
        <>
          <div className={prose.prose}>
            <h2>{t('invite.myCode')}</h2>
            <p className={prose.code}>{user.invite_code}</p>
            <h2>{t('invite.link')}</h2>
            <p className={prose.link}>{registerLink(user.invite_code)}</p>
            <p>{t('invite.how')}</p>
          </div>
          <div className={prose.actions}>
            <Button onClick={() => void copy(user.invite_code)}>{t('invite.copyCode')}</Button>
            <Button variant="secondary" onClick={() => void copy(registerLink(user.invite_code))}>
              {t('invite.copyLink')}
            </Button>
          </div>
        </>
      ) : (
        <Delayed>
          <Skeleton lines={4} label={t('states.loading', { ns: 'common' })} />
        </Delayed>
      )}
    </DefaultPage>
  );
}
