import { baseApi } from '@app/api-client';
import type { CheckinStatus } from '@app/contracts';

/*
 * A check-in credits the available balance and writes an inbox message: the user info (Mine's balances),
 * the wallet's assets and statement, and the inbox are stale afterwards.
 */
const checkinBase = baseApi.enhanceEndpoints({ addTagTypes: ['Checkin', 'User', 'Assets', 'Statement', 'Inbox'] });

export const checkinApi = checkinBase.injectEndpoints({
  endpoints: (build) => ({
    getCheckin: build.query<CheckinStatus, void>({ query: () => '/api/user/checkin', providesTags: ['Checkin'] }),
    checkIn: build.mutation<CheckinStatus, void>({
      query: () => ({ url: '/api/user/checkin', method: 'POST' }),
      invalidatesTags: ['Checkin', 'User', 'Assets', 'Statement', 'Inbox'],
    }),
  }),
});

export const { useGetCheckinQuery, useCheckInMutation } = checkinApi;
