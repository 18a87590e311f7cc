import { combineSlices } from '@reduxjs/toolkit';
import { baseApi } from './api.ts';
import { sessionSlice } from './session-slice.ts';

/**
 * Slices that remotes inject at run time declare themselves here by interface merging:
 *   declare module '@app/api-client' { interface LazyLoadedSlices extends WithSlice<typeof mySlice> {} }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/** The root reducer lives in this shared package so a remote can `slice.injectInto(rootReducer)`. */
export const rootReducer = combineSlices(baseApi, sessionSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
