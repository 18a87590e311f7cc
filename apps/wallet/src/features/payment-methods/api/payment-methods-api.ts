import { baseApi } from '@app/api-client';
import type {
  AddCardBody,
  AddPayAccountBody,
  AddWalletBody,
  EditCardBody,
  EditPayAccountBody,
  EditWalletBody,
  PaymentMethod,
  PaymentMethodList,
  WalletOptions,
} from '@app/contracts';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['PaymentMethod'] });

/** Bank cards, wallet addresses, Alipay / WeChat (add_card, bank_card, add_wallet_addr, user_wallet, wallet, ...). */
export const paymentMethodsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentMethods: build.query<PaymentMethodList, void>({
      query: () => '/api/user/payment',
      providesTags: ['PaymentMethod'],
    }),
    getWalletOptions: build.query<WalletOptions, void>({ query: () => '/api/user/wallet' }),
    addCard: build.mutation<PaymentMethod, AddCardBody>({
      query: (body) => ({ url: '/api/user/add_card', method: 'POST', body: body as Record<string, string> }),
      invalidatesTags: ['PaymentMethod'],
    }),
    addWallet: build.mutation<PaymentMethod, AddWalletBody>({
      query: (body) => ({ url: '/api/user/add_wallet_addr', method: 'POST', body: body as Record<string, string> }),
      invalidatesTags: ['PaymentMethod'],
    }),
    addPayAccount: build.mutation<PaymentMethod, AddPayAccountBody>({
      query: (body) => ({ url: '/api/user/add_payment', method: 'POST', body: body as Record<string, string> }),
      invalidatesTags: ['PaymentMethod'],
    }),
    // The one change customer service allowed of a locked method (edit_card, edit_wallet_addr, edit_payment).
    editCard: build.mutation<PaymentMethod, EditCardBody>({
      query: (body) => ({ url: '/api/user/edit_card', method: 'POST', body: body as Record<string, string> }),
      invalidatesTags: ['PaymentMethod'],
    }),
    editWallet: build.mutation<PaymentMethod, EditWalletBody>({
      query: (body) => ({ url: '/api/user/edit_wallet_addr', method: 'POST', body: body as Record<string, string> }),
      invalidatesTags: ['PaymentMethod'],
    }),
    editPayAccount: build.mutation<PaymentMethod, EditPayAccountBody>({
      query: (body) => ({ url: '/api/user/edit_payment', method: 'POST', body: body as Record<string, string> }),
      invalidatesTags: ['PaymentMethod'],
    }),
    removeMethod: build.mutation<null, { id: number; second_factor_code?: string }>({
      query: (body) => ({ url: '/api/user/del_payment', method: 'POST', body }),
      invalidatesTags: ['PaymentMethod'],
    }),
  }),
});

export const {
  useGetPaymentMethodsQuery,
  useGetWalletOptionsQuery,
  useAddCardMutation,
  useAddWalletMutation,
  useAddPayAccountMutation,
  useEditCardMutation,
  useEditWalletMutation,
  useEditPayAccountMutation,
  useRemoveMethodMutation,
} = paymentMethodsApi;
