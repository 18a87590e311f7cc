import type { Language, OperatorMessageSent } from '@app/contracts';
import { consoleApi } from '../../../lib/api.ts';

/** An operator's message to every user: English, and any other languages written (readers of the rest see English). */
export type BroadcastBody = {
  all: true;
  title: string;
  body: string;
  translations: Partial<Record<Exclude<Language, 'en'>, { title: string; body: string }>>;
  reason: string;
};

const api = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    broadcast: build.mutation<OperatorMessageSent, BroadcastBody>({
      query: (body) => ({ url: '/admin/messages', method: 'POST', body }),
    }),
  }),
});

export const { useBroadcastMutation } = api;
