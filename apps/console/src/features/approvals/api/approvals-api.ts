import type { ApprovalItem } from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

/** Where each kind of item is decided: the approvals queue uses the same acts as the item's own queue. */
const DECIDE_URL: Record<ApprovalItem['kind'], string> = {
  deposit: '/admin/deposits',
  withdrawal: '/admin/withdrawals',
  adjustment: '/admin/adjustments',
  held_change: '/admin/held-changes',
};

export const approvalsApi = consoleApi
  .enhanceEndpoints({ addTagTypes: ['WalletSettings', 'Plans', 'Channels'] })
  .injectEndpoints({
    endpoints: (build) => ({
      approvals: build.query<{ items: ApprovalItem[] }, void>({
        query: () => '/admin/approvals',
        providesTags: ['Approvals'],
      }),
      decideApproval: build.mutation<
        unknown,
        { kind: ApprovalItem['kind']; id: number; decision: 'approve' | 'refuse'; reason: string }
      >({
        query: ({ kind, id, decision, reason }) => ({
          url: `${DECIDE_URL[kind]}/${id}/${decision}`,
          method: 'POST',
          body: { reason },
        }),
        // A decision here also changes the item's own queue and, for a held change, the control it held.
        invalidatesTags: [
          'Approvals',
          'Deposits',
          'Withdrawals',
          'HeldChanges',
          'WalletSettings',
          'Plans',
          'Channels',
          'Operators',
          'Audit',
        ],
      }),
    }),
  });

export const { useApprovalsQuery, useDecideApprovalMutation } = approvalsApi;
