import type { HeldChange, RiskFlag, RiskFlagQuery, RiskRule, RiskRuleView } from '@app/contracts';
import { consoleApi } from './api.ts';

export const riskApi = consoleApi.enhanceEndpoints({ addTagTypes: ['Risk'] }).injectEndpoints({
  endpoints: (build) => ({
    riskFlags: build.query<{ items: RiskFlag[] }, RiskFlagQuery>({
      query: (params) => ({ url: '/admin/risk/flags', params }),
      // A flag is raised with a new deposit or withdrawal: those queues' tags read it again.
      providesTags: ['Risk', 'Deposits', 'Withdrawals'],
    }),
    riskRules: build.query<{ items: RiskRuleView[] }, void>({
      query: () => '/admin/risk/rules',
      providesTags: ['Risk', 'HeldChanges'],
    }),
    proposeRiskRule: build.mutation<
      HeldChange,
      { rule: RiskRule; threshold: string; window_seconds: number; enabled: boolean; reason: string }
    >({
      query: ({ rule, ...body }) => ({ url: `/admin/risk/rules/${rule}`, method: 'POST', body }),
      invalidatesTags: ['HeldChanges', 'Risk'],
    }),
  }),
});

export const { useRiskFlagsQuery, useRiskRulesQuery, useProposeRiskRuleMutation } = riskApi;
