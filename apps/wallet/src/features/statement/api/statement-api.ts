import { baseApi } from '@app/api-client';
import { cursorPaging, cursorParam } from '@app/contracts/cursor-paging';
import type { Statement, StatementType } from '@app/contracts';

export const STATEMENT_PAGE = 20;
export type StatementFilter = { type?: StatementType | undefined; from?: number | undefined; to?: number | undefined };
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Statement', 'Assets', 'Withdraw', 'Recharge', 'Exchange'] });

/** finance: every journal on the user's accounts, filtered and paged. */
export const statementApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStatementPages: build.infiniteQuery<Statement, StatementFilter, string>({
      infiniteQueryOptions: cursorPaging,
      query: ({ queryArg, pageParam }) => ({
        url: '/api/user/finance',
        params: { ...queryArg, size: STATEMENT_PAGE, ...cursorParam(pageParam) },
      }),
      providesTags: ['Statement', 'Assets', 'Withdraw', 'Recharge', 'Exchange'],
    }),
  }),
});

export const { useGetStatementPagesInfiniteQuery } = statementApi;

/** The query string of the CSV export for the same filter. */
export function csvPath(filter: StatementFilter): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return `/api/user/finance_csv${s ? `?${s}` : ''}`;
}
