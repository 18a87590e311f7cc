export { baseApi, LANGUAGE_TAG, languageChanged } from './api.ts';
export { formBaseQuery, type RequestArgs } from './base-query.ts';
export { configureApiClient, apiClientConfig, type ApiClientConfig } from './config.ts';
export { isApiError, type ApiError } from './api-error.ts';
export {
  sessionSlice,
  sessionStarted,
  sessionEnded,
  selectToken,
  selectIsLoggedIn,
  selectSessionEndReason,
  type SessionState,
  type SessionEndReason,
} from './session-slice.ts';
export { TOKEN_STORAGE_KEY } from './token-storage.ts';
export { rootReducer, type RootState, type LazyLoadedSlices } from './root-reducer.ts';
export { makeStore, type AppStore, type AppDispatch } from './store.ts';
export { useAppDispatch, useAppSelector, useAppStore } from './hooks.ts';
export { userApi, useGetUserInfoQuery, useGetBadgesQuery, useGetTotalAssetsQuery, MONEY_TAGS } from './user-api.ts';
