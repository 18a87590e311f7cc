import { baseApi } from '@app/api-client';
import type {
  CopyOrderList,
  GoOrderBody,
  LeadBody,
  LeaderDetail,
  LeaderList,
  LeaderSort,
  MyLeader,
  RecordOrderList,
  Subscription,
  SubscriptionList,
} from '@app/contracts';

export const COPY_PAGE_SIZE = 20;

/** The form-encoded bodies: lists go comma separated and the agreement as "1" (the schemas accept both). */
type Wire<T, K extends keyof T> = Omit<T, K | 'agree'> & { agree: '1' };
export type LeadArgs = Wire<LeadBody, never>;
export type GoOrderArgs = Wire<GoOrderBody, 'leader_id' | 'symbols' | 'periods'> & {
  leader_id: number;
  symbols: string;
  periods: string;
};

/** Offset pages: the next page while fewer than `total` items have been read. */
const nextPage = (last: { total: number }, _all: unknown, param: number) =>
  param * COPY_PAGE_SIZE < last.total ? param + 1 : undefined;

const copyBase = baseApi.enhanceEndpoints({ addTagTypes: ['Leader', 'Subscription', 'CopyOrder', 'Order', 'User'] });

/**
 * Copy trading: leaders and their records, following (/api/user/goorder) and the follow-trade orders. Every
 * figure is the server's, computed from the orders; this file only asks for them.
 */
export const copyApi = copyBase.injectEndpoints({
  endpoints: (build) => ({
    getLeaderPages: build.infiniteQuery<LeaderList, { sort: LeaderSort; status: 'active' | 'retired' | 'all' }, number>(
      {
        infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPage },
        query: ({ queryArg, pageParam }) => ({
          url: '/api/copy/leaders',
          params: { sort: queryArg.sort, status: queryArg.status, page: pageParam, size: COPY_PAGE_SIZE },
        }),
        providesTags: ['Leader'],
      },
    ),
    getLeader: build.query<LeaderDetail, { leader_id: number; record_id?: number }>({
      query: (params) => ({ url: '/api/copy/leader', params }),
      providesTags: (_r, _e, arg) => [{ type: 'Leader', id: arg.leader_id }, 'Leader'],
    }),
    getRecordOrderPages: build.infiniteQuery<RecordOrderList, number, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPage },
      query: ({ queryArg, pageParam }) => ({
        url: '/api/copy/record_orders',
        params: { record_id: queryArg, page: pageParam, size: COPY_PAGE_SIZE },
      }),
      providesTags: ['Leader'],
    }),
    getMyLeader: build.query<MyLeader, void>({
      query: () => ({ url: '/api/user/copy_lead' }),
      providesTags: ['Leader'],
    }),
    lead: build.mutation<MyLeader, LeadArgs>({
      query: (body) => ({ url: '/api/user/copy_lead', method: 'POST', body }),
      invalidatesTags: ['Leader'],
    }),
    retire: build.mutation<MyLeader, void>({
      query: () => ({ url: '/api/user/copy_unlead', method: 'POST', body: {} }),
      invalidatesTags: ['Leader', 'Subscription'],
    }),
    goOrder: build.mutation<Subscription, GoOrderArgs>({
      query: (body) => ({ url: '/api/user/goorder', method: 'POST', body }),
      invalidatesTags: ['Subscription', 'Leader'],
    }),
    getSubscriptions: build.query<SubscriptionList, 'live' | 'stopped' | 'all'>({
      query: (status) => ({ url: '/api/user/copy_list', params: { status } }),
      providesTags: ['Subscription'],
    }),
    setSubscription: build.mutation<Subscription, { id: number; action: 'pause' | 'resume' | 'stop' }>({
      query: ({ id, action }) => ({ url: `/api/user/copy_${action}`, method: 'POST', body: { id } }),
      invalidatesTags: ['Subscription', 'Leader'],
    }),
    getCopyOrderPages: build.infiniteQuery<CopyOrderList, void, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPage },
      query: ({ pageParam }) => ({
        url: '/api/user/copy_orders',
        params: { status: 'all', page: pageParam, size: COPY_PAGE_SIZE },
      }),
      providesTags: ['CopyOrder', 'Order'],
    }),
  }),
});

export const {
  useGetLeaderPagesInfiniteQuery,
  useGetLeaderQuery,
  useGetRecordOrderPagesInfiniteQuery,
  useGetMyLeaderQuery,
  useLeadMutation,
  useRetireMutation,
  useGoOrderMutation,
  useGetSubscriptionsQuery,
  useSetSubscriptionMutation,
  useGetCopyOrderPagesInfiniteQuery,
} = copyApi;
