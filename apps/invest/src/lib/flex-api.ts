import { baseApi, userApi } from '@app/api-client';
import type { FlexInfo, FlexMove, FlexMoveResult, FlexOutQuote } from '@app/contracts';

const flexBase = baseApi.enhanceEndpoints({ addTagTypes: ['Flex'] });

/** Every move refreshes the flexible figures and, through the user's tags, the one total of assets everywhere. */
const afterMove = {
  invalidatesTags: ['Flex'] as const,
  async onQueryStarted(
    _arg: unknown,
    { dispatch, queryFulfilled }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<unknown> },
  ) {
    try {
      await queryFulfilled;
      dispatch(userApi.util.invalidateTags(['User', 'Assets']));
    } catch {
      // A refusal changed nothing.
    }
  },
};

/** The flexible Yuebao balance: its figures, its moves, and a move out's split before it is confirmed. */
export const flexApi = flexBase.injectEndpoints({
  endpoints: (build) => ({
    getFlex: build.query<FlexInfo, void>({ query: () => ({ url: '/api/user/yeb_flex' }), providesTags: ['Flex'] }),
    getFlexMoves: build.query<{ items: FlexMove[] }, void>({
      query: () => ({ url: '/api/user/yeb_flex_moves' }),
      providesTags: ['Flex'],
    }),
    getFlexOutQuote: build.query<FlexOutQuote, string>({
      query: (amount) => ({ url: '/api/user/yeb_flex_out', params: { amount } }),
      providesTags: ['Flex'],
      keepUnusedDataFor: 0,
    }),
    flexIn: build.mutation<FlexMoveResult, { amount: string; key: string }>({
      query: (body) => ({ url: '/api/user/yeb_flex_in', method: 'POST', body }),
      ...afterMove,
    }),
    flexOut: build.mutation<FlexMoveResult, { amount: string; instant: string; key: string }>({
      query: (body) => ({ url: '/api/user/yeb_flex_out', method: 'POST', body }),
      ...afterMove,
    }),
  }),
});

export const {
  useGetFlexQuery,
  useGetFlexMovesQuery,
  useLazyGetFlexOutQuoteQuery,
  useFlexInMutation,
  useFlexOutMutation,
} = flexApi;
