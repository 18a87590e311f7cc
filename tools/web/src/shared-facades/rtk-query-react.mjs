/* What the apps share of @reduxjs/toolkit/query/react (see react-router.mjs for the rule). */
export {
  createApi,
  fetchBaseQuery,
  retry,
  setupListeners,
  skipToken,
} from 'shared-original/@reduxjs/toolkit/query/react';
