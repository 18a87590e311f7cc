export { DefaultPage, type DefaultPageProps } from './default-page.tsx';
export { useGoBack } from './use-go-back.ts';
export { usePageMeta, TITLE_SEPARATOR } from './use-page-meta.ts';
export { BottomSheet, type BottomSheetProps } from './bottom-sheet/bottom-sheet.tsx';
export { LoadError } from './load-error.tsx';
export { apiErrorText } from './api-error-text.ts';
export { Loading } from './loading.tsx';
export { IntentKey, newIdempotencyKey } from './intent-key.ts';
export { getBlob, postFile } from './raw-request.ts';
