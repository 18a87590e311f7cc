import type { z } from 'zod';
import type { BrandSettings, brandChangeBodySchema } from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

const api = consoleApi.enhanceEndpoints({ addTagTypes: ['Brand'] });

/** The platform's name as the app shows it (GET/POST /admin/brand-settings, settings.edit). */
export const brandSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    brandSettings: build.query<BrandSettings, void>({ query: () => '/admin/brand-settings', providesTags: ['Brand'] }),
    saveBrand: build.mutation<BrandSettings, z.input<typeof brandChangeBodySchema>>({
      query: (body) => ({ url: '/admin/brand-settings', method: 'POST', body }),
      invalidatesTags: ['Brand'],
    }),
  }),
});

export const { useBrandSettingsQuery, useSaveBrandMutation } = brandSettingsApi;
