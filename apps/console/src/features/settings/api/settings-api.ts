import type { AdminRechargeChannel, ChannelKind, InviteRules, Network, WalletSettings } from '@app/contracts';
import { consoleApi, maybeHeld, type MaybeHeld } from '../../../lib/api.ts';

/** A change of the wallet settings: the fields changed, in the formats the settings are read in, and why. */
export type WalletSettingsChange = Partial<WalletSettings> & { reason: string };

/** A recharge channel as the server's channel schema reads it (amounts in U, the bonus in percent). */
export type ChannelBody = {
  kind: ChannelKind;
  name: string;
  bank_name?: string;
  account?: string;
  holder?: string;
  currency?: string;
  network?: Network;
  address?: string;
  min: string;
  max: string;
  bonus_pct: string;
  enabled: boolean;
  sort: number;
  reason: string;
};

const api = consoleApi
  .enhanceEndpoints({ addTagTypes: ['WalletSettings', 'Channels', 'InviteSettings'] })
  .injectEndpoints({
    endpoints: (build) => ({
      walletSettings: build.query<WalletSettings, void>({
        query: () => '/admin/wallet-settings',
        providesTags: ['WalletSettings'],
      }),
      // A change that weakens a control is held for a second operator: the answer is then the settings in force.
      saveWalletSettings: build.mutation<MaybeHeld<WalletSettings>, WalletSettingsChange>({
        query: (body) => ({ url: '/admin/wallet-settings', method: 'POST', body }),
        transformResponse: (settings: WalletSettings, meta) => maybeHeld(settings, meta),
        invalidatesTags: ['WalletSettings', 'HeldChanges'],
      }),
      channels: build.query<{ items: AdminRechargeChannel[] }, void>({
        query: () => '/admin/recharge-channels',
        providesTags: ['Channels'],
      }),
      // A new channel, new receiving details, wider limits or another bonus are held for a second operator:
      // `held` says so (the answer is then the proposal, or the channel with those terms still in force).
      saveChannel: build.mutation<MaybeHeld<unknown>, { id: number | null; body: ChannelBody }>({
        query: ({ id, body }) => ({
          url: id === null ? '/admin/recharge-channels' : `/admin/recharge-channels/${id}`,
          method: 'POST',
          body,
        }),
        transformResponse: (answer: unknown, meta) => maybeHeld(answer, meta),
        invalidatesTags: ['Channels', 'HeldChanges'],
      }),
      setChannelEnabled: build.mutation<AdminRechargeChannel, { id: number; enabled: boolean; reason: string }>({
        query: ({ id, enabled, reason }) => ({
          url: `/admin/recharge-channels/${id}/${enabled ? 'enable' : 'disable'}`,
          method: 'POST',
          body: { reason },
        }),
        invalidatesTags: ['Channels'],
      }),
      inviteSettings: build.query<InviteRules, void>({
        query: () => '/admin/invite-settings',
        providesTags: ['InviteSettings'],
      }),
      saveInviteSettings: build.mutation<InviteRules, InviteRules & { reason: string }>({
        query: (body) => ({ url: '/admin/invite-settings', method: 'POST', body }),
        invalidatesTags: ['InviteSettings'],
      }),
    }),
  });

export const {
  useWalletSettingsQuery,
  useSaveWalletSettingsMutation,
  useChannelsQuery,
  useSaveChannelMutation,
  useSetChannelEnabledMutation,
  useInviteSettingsQuery,
  useSaveInviteSettingsMutation,
} = api;
