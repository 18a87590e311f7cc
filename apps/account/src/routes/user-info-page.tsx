import { useGetUserInfoQuery } from '@app/api-client';
import { useFormatters } from '@app/i18n/client';
import { Badge, Cell, CellGroup, Delayed, Skeleton } from '@app/ui';
import { DefaultPage } from '@app/app-kit';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { maskPhone } from '../features/profile/lib/mask-phone.ts';
import { AvatarPicker } from '../features/avatar/components/avatar-picker.tsx';
import prose from '../lib/prose.module.css';

/** What the server holds about the user; changes to locked data go through customer service. */
export default function UserInfoPage() {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  const { data: user } = useGetUserInfoQuery();
  return (
    <DefaultPage title={t('info.title')}>
      <AvatarPicker />
      {user ? (
        <CellGroup>
          <Cell title={t('info.account')} value={user.account} />
          <Cell title={t('info.phone')} value={maskPhone(user.phone)} />
          <Cell title={t('info.inviteCode')} value={user.invite_code} />
          <Cell
            title={t('info.realName')}
            href="#/pages/user/auth"
            value={
              <Badge tone={user.real_name_state === 'verified' ? 'primary' : 'neutral'}>
                {t(`info.realNameState.${user.real_name_state}`)}
              </Badge>
            }
          />
          <Cell title={t('info.vip')} value={user.is_vip ? t('info.yes') : t('info.no')} />
          <Cell title={t('info.joined')} value={f.date(user.created_at)} />
        </CellGroup>
      ) : (
        <Delayed>
          <Skeleton lines={5} label={t('states.loading', { ns: 'common' })} />
        </Delayed>
      )}
      <p className={prose.note}>{t('info.lockedNote')}</p>
    </DefaultPage>
  );
}
