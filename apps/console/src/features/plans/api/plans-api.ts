import type { AdminPlan, HeldChange, Language, PlanText } from '@app/contracts';
import { consoleApi, maybeHeld, type MaybeHeld } from '../../../lib/api.ts';

/** The answer of a change held whole for a second operator. */
type HeldOnly = { held: HeldChange };
/**
 * What the plan editor sends. Amounts are decimal strings in U and rates percentages with up to two decimals, as
 * the server's plan schema reads them; English is title and description, the other languages `translations`.
 */
export type PlanFields = {
  title: string;
  description: string;
  start_time: number;
  end_time: number;
  min_amount: string;
  start_amount: string;
  rate_pct: string;
  expected_rate_pct: string | null;
  early_exit_rate_pct: string;
  total: string;
  personal_cap: string | null;
  sort: number;
  translations: Partial<Record<Exclude<Language, 'en'>, PlanText>>;
};
export type PlanCreate = PlanFields & {
  slug: string;
  period_days: number;
  share_type: 'daily' | 'maturity';
  committed_amount: string | null;
  reason: string;
};
export type PlanEdit = Partial<PlanFields> & { reason: string };
export type PlanAction = 'pause' | 'resume' | 'close';

const api = consoleApi.enhanceEndpoints({ addTagTypes: ['Plans'] }).injectEndpoints({
  endpoints: (build) => ({
    plans: build.query<{ items: AdminPlan[] }, void>({
      query: () => '/admin/plans',
      providesTags: ['Plans'],
    }),
    // A new plan is held whole for a second operator: the answer is the proposal, and the plans page lists it.
    createPlan: build.mutation<HeldOnly, PlanCreate>({
      query: (body) => ({ url: '/admin/plans', method: 'POST', body }),
      invalidatesTags: ['Plans', 'HeldChanges'],
    }),
    // A changed rate is held for a second operator; the answer is the plan with the rest saved.
    editPlan: build.mutation<MaybeHeld<AdminPlan>, { id: number; body: PlanEdit }>({
      query: ({ id, body }) => ({ url: `/admin/plans/${id}`, method: 'POST', body }),
      transformResponse: (plan: AdminPlan, meta) => maybeHeld(plan, meta),
      invalidatesTags: ['Plans', 'HeldChanges'],
    }),
    planAction: build.mutation<AdminPlan, { id: number; action: PlanAction; reason: string }>({
      query: ({ id, action, reason }) => ({ url: `/admin/plans/${id}/${action}`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Plans'],
    }),
  }),
});

export const { usePlansQuery, useCreatePlanMutation, useEditPlanMutation, usePlanActionMutation } = api;
