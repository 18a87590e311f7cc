import type {
  AdminContractTerms,
  AdminHoliday,
  adminHolidayListSchema,
  AdminProduct,
  AdminProductCreate,
  AdminProductUpdate,
  adminProductListSchema,
  adminTermsListSchema,
} from '@app/contracts';
import type { z } from 'zod';
import { consoleApi, maybeHeld, type MaybeHeld } from '../../../lib/api.ts';

type ProductList = z.infer<typeof adminProductListSchema>;
type TermsList = z.infer<typeof adminTermsListSchema>;
type HolidayList = z.infer<typeof adminHolidayListSchema>;
/** The terms form as the server's route reads it (percentages and amounts as decimal strings). */
export type TermsInput = {
  seconds: number;
  payout_pct: string;
  loss_pct: string;
  fee_pct: string;
  min_amount: string;
  max_amount: string;
  max_open_amount: string;
  enabled: boolean;
};

const path = (symbol: string) => `/admin/products/${encodeURIComponent(symbol)}`;

// The products screen's reads and acts; after each act the page reads its list again (no shared cache tags).
export const productsApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    products: build.query<ProductList, void>({ query: () => ({ url: '/admin/products' }) }),
    createProduct: build.mutation<AdminProduct, AdminProductCreate>({
      query: (body) => ({ url: '/admin/products', method: 'POST', body }),
    }),
    updateProduct: build.mutation<AdminProduct, AdminProductUpdate & { symbol: string }>({
      query: ({ symbol, ...body }) => ({ url: path(symbol), method: 'POST', body }),
    }),
    setForbidden: build.mutation<unknown, { symbol: string; forbidden: boolean; reason: string }>({
      query: ({ symbol, forbidden, reason }) => ({
        url: `${path(symbol)}/${forbidden ? 'forbid' : 'allow'}`,
        method: 'POST',
        body: { reason },
      }),
    }),
    terms: build.query<TermsList, string>({ query: (symbol) => ({ url: `${path(symbol)}/terms` }) }),
    // Terms that weaken the house's are held for a second operator: the answer is then the terms in force.
    setTerms: build.mutation<MaybeHeld<AdminContractTerms>, TermsInput & { symbol: string; reason: string }>({
      query: ({ symbol, ...body }) => ({ url: `${path(symbol)}/terms`, method: 'POST', body }),
      transformResponse: (terms: AdminContractTerms, meta) => maybeHeld(terms, meta),
      invalidatesTags: ['HeldChanges'],
    }),
    holidays: build.query<HolidayList, void>({ query: () => ({ url: '/admin/holidays' }) }),
    addHoliday: build.mutation<HolidayList, Omit<AdminHoliday, 'created_by'> & { reason: string }>({
      query: (body) => ({ url: '/admin/holidays', method: 'POST', body }),
    }),
    removeHoliday: build.mutation<HolidayList, Pick<AdminHoliday, 'session' | 'day'> & { reason: string }>({
      query: (body) => ({ url: '/admin/holidays/remove', method: 'POST', body }),
    }),
  }),
});

export const {
  useHolidaysQuery,
  useAddHolidayMutation,
  useRemoveHolidayMutation,
  useProductsQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useSetForbiddenMutation,
  useTermsQuery,
  useSetTermsMutation,
} = productsApi;
