import { baseApi } from '@app/api-client';
import type {
  PasskeyAddBody,
  PasskeyList,
  PasskeyOptionsBody,
  PasskeyRemoveBody,
  PasskeyRenameBody,
  WebAuthnOptions,
} from '@app/contracts';

export const passkeysApi = baseApi.enhanceEndpoints({ addTagTypes: ['Passkeys'] }).injectEndpoints({
  endpoints: (build) => ({
    getPasskeys: build.query<PasskeyList, void>({
      query: () => '/api/user/passkeys',
      providesTags: ['Passkeys'],
    }),
    passkeyOptions: build.mutation<WebAuthnOptions, PasskeyOptionsBody>({
      query: (body) => ({ url: '/api/user/passkeys/options', method: 'POST', body }),
    }),
    // The first passkey turns the second factor on (the user summary's second_factor, which the money forms read).
    addPasskey: build.mutation<null, PasskeyAddBody>({
      query: (body) => ({ url: '/api/user/passkeys/add', method: 'POST', body }),
      invalidatesTags: ['Passkeys', 'User'],
    }),
    renamePasskey: build.mutation<null, PasskeyRenameBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/api/user/passkeys/${id}/rename`, method: 'POST', body }),
      invalidatesTags: ['Passkeys'],
    }),
    removePasskey: build.mutation<null, PasskeyRemoveBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/api/user/passkeys/${id}/remove`, method: 'POST', body }),
      invalidatesTags: ['Passkeys', 'User'],
    }),
  }),
});

export const {
  useGetPasskeysQuery,
  usePasskeyOptionsMutation,
  useAddPasskeyMutation,
  useRenamePasskeyMutation,
  useRemovePasskeyMutation,
} = passkeysApi;
