import { baseApi } from '@app/api-client';
import type { PushKindsBody, PushSettings, PushSubscribeBody } from '@app/contracts';

/**
 * Web push of the signed-in user (/api/user/push): the server's key, the kinds turned on, the subscribed devices.
 * Every change answers with the whole settings, which replace the cached ones (no second read).
 */
export const pushApi = baseApi.enhanceEndpoints({ addTagTypes: ['Push'] }).injectEndpoints({
  endpoints: (build) => ({
    getPush: build.query<PushSettings, void>({ query: () => ({ url: '/api/user/push' }), providesTags: ['Push'] }),
    /** Idempotent: the server upserts by endpoint. */
    subscribePush: build.mutation<PushSettings, PushSubscribeBody>({
      query: (body) => ({ url: '/api/user/push/subscribe', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => replaceSettings(queryFulfilled, dispatch),
    }),
    unsubscribePush: build.mutation<PushSettings, { endpoint: string }>({
      query: (body) => ({ url: '/api/user/push/unsubscribe', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => replaceSettings(queryFulfilled, dispatch),
    }),
    removePushDevice: build.mutation<PushSettings, { id: number }>({
      query: (body) => ({ url: '/api/user/push/remove', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => replaceSettings(queryFulfilled, dispatch),
    }),
    /** One kind on ('1') or off ('0'), for every device of the user. Shown at once; put back if refused. */
    setPushKind: build.mutation<PushSettings, PushKindsBody>({
      query: (body) => ({ url: '/api/user/push/kinds', method: 'POST', body }),
      async onQueryStarted({ kind, on }, { dispatch, queryFulfilled }): Promise<void> {
        const patch = dispatch(
          pushApi.util.updateQueryData('getPush', undefined, (draft) => {
            draft.kinds[kind] = on === '1';
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
          return;
        }
        await replaceSettings(queryFulfilled, dispatch);
      },
    }),
  }),
});

async function replaceSettings(
  queryFulfilled: Promise<{ data: PushSettings }>,
  dispatch: (action: unknown) => unknown,
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(pushApi.util.upsertQueryData('getPush', undefined, data));
  } catch {
    // The caller shows the refusal; the cached settings stay.
  }
}

export const {
  useGetPushQuery,
  useSubscribePushMutation,
  useUnsubscribePushMutation,
  useRemovePushDeviceMutation,
  useSetPushKindMutation,
} = pushApi;
