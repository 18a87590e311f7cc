import type { HeldChangeDecision, HeldChangeList } from '@app/contracts';
import { consoleApi } from './api.ts';

/** Changes waiting for a second operator, and the second operator's decision on one. */
const api = consoleApi.enhanceEndpoints({ addTagTypes: ['WalletSettings', 'Plans', 'Channels'] }).injectEndpoints({
  endpoints: (build) => ({
    heldChanges: build.query<HeldChangeList, void>({
      query: () => '/admin/held-changes?status=pending',
      providesTags: ['HeldChanges'],
    }),
    decideHeldChange: build.mutation<
      HeldChangeDecision,
      { id: number; decision: 'approve' | 'refuse'; reason: string }
    >({
      query: ({ id, decision, reason }) => ({
        url: `/admin/held-changes/${id}/${decision}`,
        method: 'POST',
        body: { reason },
      }),
      // An approval changes the control it held: the editors showing it read it again.
      invalidatesTags: ['HeldChanges', 'WalletSettings', 'Plans', 'Channels', 'Operators', 'Audit'],
    }),
  }),
});

export const { useHeldChangesQuery, useDecideHeldChangeMutation } = api;
