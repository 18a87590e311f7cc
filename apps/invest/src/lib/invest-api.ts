import { baseApi, LANGUAGE_TAG, userApi } from '@app/api-client';
import { cursorPaging, cursorParam } from '@app/contracts/cursor-paging';
import type {
  AccrualList,
  HoldingList,
  InvestResult,
  PlanDetail,
  PlanFilter,
  PlanList,
  ProjectOrderList,
  StopQuote,
  YuebaoInfo,
} from '@app/contracts';

export const PAGE_SIZE = 10;

const investBase = baseApi.enhanceEndpoints({ addTagTypes: ['Plan', 'Holding', 'User'] });

/** Every money-moving answer refreshes the plans, the holdings and the user's balance. */
const afterMove = {
  invalidatesTags: ['Plan', 'Holding'] as const,
  async onQueryStarted(
    _arg: unknown,
    { dispatch, queryFulfilled }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<unknown> },
  ) {
    try {
      await queryFulfilled;
      dispatch(userApi.util.invalidateTags(['User']));
    } catch {
      // A refusal changed nothing.
    }
  },
};

export type MoveArgs = { id: number; amount: string; key: string };

/** The Yuebao endpoints, with the spec's names (yeb_project, yeb, yebjoinnow, yebappend, yebkeep, yebstop, ...). */
export const investApi = investBase.injectEndpoints({
  endpoints: (build) => ({
    getPlanPages: build.infiniteQuery<PlanList, PlanFilter, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last, _all, param) => (param * PAGE_SIZE < last.total ? param + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/api/user/yeb_project',
        params: { filter: queryArg, page: pageParam, size: PAGE_SIZE },
      }),
      // Plan names and descriptions come in the reader's language: a change of language asks again.
      providesTags: ['Plan', LANGUAGE_TAG],
    }),
    getPopularPlans: build.query<PlanList, void>({
      query: () => ({ url: '/api/user/yeb_project', params: { filter: 'active', page: 1, size: 3 } }),
      providesTags: ['Plan', LANGUAGE_TAG],
    }),
    getPlan: build.query<PlanDetail, number>({
      query: (id) => ({ url: '/api/user/yeb', params: { id } }),
      providesTags: ['Plan', 'Holding', LANGUAGE_TAG],
    }),
    getYuebaoInfo: build.query<YuebaoInfo, void>({
      query: () => ({ url: '/api/user/yuebaoinfo' }),
      providesTags: ['Holding'],
    }),
    getHoldingPages: build.infiniteQuery<HoldingList, { status?: 1 | 2 | 3 }, string>({
      infiniteQueryOptions: cursorPaging,
      query: ({ queryArg, pageParam }) => ({
        url: '/api/user/myproject',
        params: { status: queryArg.status, size: PAGE_SIZE, ...cursorParam(pageParam) },
      }),
      providesTags: ['Holding', LANGUAGE_TAG],
    }),
    getProjectOrderPages: build.infiniteQuery<ProjectOrderList, { holdingId?: number }, string>({
      infiniteQueryOptions: cursorPaging,
      query: ({ queryArg, pageParam }) => ({
        url: '/api/user/project_orderlist',
        params: { size: 20, holding_id: queryArg.holdingId, ...cursorParam(pageParam) },
      }),
      providesTags: ['Holding'],
    }),
    getAccruals: build.query<AccrualList, number>({
      query: (id) => ({ url: '/api/user/yeb_accruals', params: { id } }),
      providesTags: ['Holding'],
    }),
    getStopQuote: build.query<StopQuote, number>({
      query: (id) => ({ url: '/api/user/yebstop', params: { id } }),
      providesTags: ['Holding'],
      keepUnusedDataFor: 0,
    }),
    join: build.mutation<InvestResult, MoveArgs>({
      query: (body) => ({ url: '/api/user/yebjoinnow', method: 'POST', body }),
      ...afterMove,
    }),
    append: build.mutation<InvestResult, MoveArgs>({
      query: (body) => ({ url: '/api/user/yebappend', method: 'POST', body }),
      ...afterMove,
    }),
    keep: build.mutation<InvestResult, { id: number; renew: '0' | '1'; key: string }>({
      query: (body) => ({ url: '/api/user/yebkeep', method: 'POST', body }),
      ...afterMove,
    }),
    stop: build.mutation<InvestResult & { quote: StopQuote }, { id: number; key: string }>({
      query: (body) => ({ url: '/api/user/yebstop', method: 'POST', body }),
      ...afterMove,
    }),
  }),
});

export const {
  useGetPlanPagesInfiniteQuery,
  useGetPopularPlansQuery,
  useGetPlanQuery,
  useGetYuebaoInfoQuery,
  useGetHoldingPagesInfiniteQuery,
  useGetProjectOrderPagesInfiniteQuery,
  useGetAccrualsQuery,
  useGetStopQuoteQuery,
  useJoinMutation,
  useAppendMutation,
  useKeepMutation,
  useStopMutation,
} = investApi;
