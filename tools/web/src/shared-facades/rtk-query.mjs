/*
 * What the apps share of @reduxjs/toolkit/query (see react-router.mjs for the rule), including what
 * @reduxjs/toolkit/query/react imports from it.
 */
export {
  QueryStatus,
  buildCreateApi,
  copyWithStructuralSharing,
  coreModule,
  createApi,
  fetchBaseQuery,
  retry,
  setupListeners,
  skipToken,
} from 'shared-original/@reduxjs/toolkit/query';
