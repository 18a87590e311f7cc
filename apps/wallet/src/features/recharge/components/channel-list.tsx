import { useTranslation } from 'react-i18next';
import type { RechargeChannel } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { Cell, CellGroup, EmptyState, WalletIcon } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';

/** The operators' recharge channels, each with its limits and bonus, leading to the recharge form. */
export function ChannelList({ channels }: { channels: RechargeChannel[] }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  if (channels.length === 0)
    return (
      <EmptyState icon={<WalletIcon />} title={t('recharge.noChannels')} description={t('recharge.noChannelsBody')} />
    );
  return (
    <CellGroup title={t('recharge.chooseChannel')}>
      {channels.map((c) => (
        <Cell
          key={c.id}
          title={c.name}
          description={`${t(`kind.${c.kind}`)} · ${f.money(c.min)} – ${f.money(c.max)}${Number(c.bonus_pct) > 0 ? ` · ${t('recharge.bonusShort', { pct: f.number(c.bonus_pct, 2) })}` : ''}`}
          href={`#/pages/user/recharge?channel=${c.id}`}
          arrow
        />
      ))}
    </CellGroup>
  );
}
