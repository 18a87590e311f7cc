import type { HouseView } from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

const api = consoleApi.enhanceEndpoints({ addTagTypes: ['House'] }).injectEndpoints({
  endpoints: (build) => ({
    house: build.query<HouseView, void>({ query: () => '/admin/house', providesTags: ['House'] }),
  }),
});

export const { useHouseQuery } = api;
