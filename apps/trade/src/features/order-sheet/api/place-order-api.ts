import { baseApi, userApi } from '@app/api-client';
import type { Direction, Order, OrderMode } from '@app/contracts';

/** What addorder takes (PlaceOrderBody with the period as a number, the way this form holds it). */
export type PlaceOrderArgs = {
  symbol: string;
  seconds: number;
  amount: string;
  direction: Direction;
  key: string;
  mode?: OrderMode;
};

/**
 * addorder. The body carries only the user's choices and the intent's key: the server looks up the terms and
 * takes the open price itself. Success refreshes the balance and every order list.
 */
export const placeOrderApi = baseApi.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  endpoints: (build) => ({
    placeOrder: build.mutation<Order, PlaceOrderArgs>({
      query: (body) => ({ url: '/api/user/addorder', method: 'POST', body }),
      invalidatesTags: ['Order'],
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(userApi.util.invalidateTags(['User']));
        } catch {
          // A refusal changed nothing.
        }
      },
    }),
  }),
});

export const { usePlaceOrderMutation } = placeOrderApi;
