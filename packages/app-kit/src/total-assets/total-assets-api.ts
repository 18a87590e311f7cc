import { baseApi } from '@app/api-client';
import { MONEY_TAGS } from '@app/api-client/money-tags';
import type { TotalAssets } from '@app/contracts';

/**
 * The same query @app/api-client holds for the shell's Home, declared again here because this card is bundled into
 * every remote: under a shell released before that query existed, the remotes' cards still read total assets
 * (docs/web-delivery.md, version skew). Under a newer shell this identical declaration replaces that one
 * (overrideExisting): one endpoint, one cache entry.
 */
export const totalAssetsApi = baseApi.enhanceEndpoints({ addTagTypes: [...MONEY_TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    getTotalAssets: build.query<TotalAssets, void>({
      query: () => '/api/user/total-assets',
      providesTags: [...MONEY_TAGS],
    }),
  }),
  overrideExisting: true,
});

export const { useGetTotalAssetsQuery } = totalAssetsApi;
