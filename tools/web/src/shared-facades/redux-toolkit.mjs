/*
 * What the apps share of @reduxjs/toolkit (see react-router.mjs for the rule), including what RTK Query itself
 * imports from it (it is consumed through this facade too).
 */
export {
  SHOULD_AUTOBATCH,
  combineReducers,
  combineSlices,
  configureStore,
  createAction,
  createAsyncThunk,
  createEntityAdapter,
  createListenerMiddleware,
  createNextState,
  createReducer,
  createSelector,
  createSlice,
  formatProdErrorMessage,
  isAction,
  isAllOf,
  isAnyOf,
  isAsyncThunkAction,
  isFulfilled,
  isPending,
  isPlainObject,
  isRejected,
  isRejectedWithValue,
  miniSerializeError,
  nanoid,
  prepareAutoBatched,
} from 'shared-original/@reduxjs/toolkit';
