import { createApi } from '@reduxjs/toolkit/query/react';
import { formBaseQuery } from './base-query.ts';

/**
 * The tag of every answer the server writes in the reader's language (the `lang` header): banners, notices,
 * news, activities, inbox messages. An endpoint that reads such an answer provides it, so a change of language
 * asks for it again (`languageChanged`) instead of showing the old language until a reload.
 */
export const LANGUAGE_TAG = 'Language';

/**
 * The one RTK Query api of the app. It declares no endpoints: the shell and every remote inject theirs
 * (`baseApi.injectEndpoints`) in their own files, and add their own tag types with `enhanceEndpoints`.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: formBaseQuery,
  tagTypes: ['User', LANGUAGE_TAG],
  endpoints: () => ({}),
});

/**
 * The action to dispatch once the language has changed: the answers written in the previous language are
 * fetched again in the new one where they are on screen, and dropped where they are not.
 */
export const languageChanged = () => baseApi.util.invalidateTags([LANGUAGE_TAG]);
