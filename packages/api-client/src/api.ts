import { createApi } from '@reduxjs/toolkit/query/react';
import { formBaseQuery } from './base-query.ts';

/**
 * The one RTK Query api of the app. It declares no endpoints: the shell and every remote inject theirs
 * (`baseApi.injectEndpoints`) in their own files, and add their own tag types with `enhanceEndpoints`.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: formBaseQuery,
  tagTypes: ['User'],
  endpoints: () => ({}),
});
