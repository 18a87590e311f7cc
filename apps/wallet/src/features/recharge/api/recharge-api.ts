import { baseApi } from '@app/api-client';
import { cursorPaging, cursorParam } from '@app/contracts/cursor-paging';
import type { RechargeInfo, RechargeRecord, RechargeRecordList } from '@app/contracts';

export const RECORD_PAGE = 20;
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Recharge'] });

export type DoRechargeArgs = {
  channel_id: number;
  amount: string;
  payer_name: string;
  transfer_note: string;
  upload_id: string;
  key: string;
};

/** recharge (channels), dorecharge, recharge_record. */
export const rechargeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRechargeInfo: build.query<RechargeInfo, void>({ query: () => '/api/user/recharge' }),
    doRecharge: build.mutation<RechargeRecord, DoRechargeArgs>({
      query: (body) => ({ url: '/api/user/dorecharge', method: 'POST', body }),
      invalidatesTags: ['Recharge'],
    }),
    getRechargeRecord: build.query<RechargeRecordList, number>({
      query: (id) => ({ url: '/api/user/recharge_record', params: { id } }),
      providesTags: ['Recharge'],
    }),
    getRechargePages: build.infiniteQuery<RechargeRecordList, void, string>({
      infiniteQueryOptions: cursorPaging,
      query: ({ pageParam }) => ({
        url: '/api/user/recharge_record',
        params: { size: RECORD_PAGE, ...cursorParam(pageParam) },
      }),
      providesTags: ['Recharge'],
    }),
  }),
});

export const {
  useGetRechargeInfoQuery,
  useDoRechargeMutation,
  useGetRechargeRecordQuery,
  useGetRechargePagesInfiniteQuery,
} = rechargeApi;
