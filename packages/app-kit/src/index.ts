export { DefaultPage, type DefaultPageProps } from './default-page.tsx';
export { useGoBack } from './use-go-back.ts';
export { usePageMeta, TITLE_SEPARATOR } from './use-page-meta.ts';
export { useBrandName } from './brand-name.ts';
export { BottomSheet, type BottomSheetProps } from './bottom-sheet/bottom-sheet.tsx';
export { LoadError } from './load-error.tsx';
export { useRetryWhenOnline } from './use-retry-when-online.ts';
export { TotalAssetsCard, type TotalAssetsCardProps } from './total-assets/total-assets-card.tsx';
export { apiErrorText } from './api-error-text.ts';
export { Loading } from './loading.tsx';
export { IntentKey, newIdempotencyKey } from './intent-key.ts';
export { getBlob, postFile, postForFile, postForm } from './raw-request.ts';
export { saveFile } from './save-file.ts';
export { PagedList, type PagedListProps, type PagedQuery } from './paged-list/paged-list.tsx';
export { pagedItems } from './paged-list/paged-items.ts';
export { page, pageRoutes, type Page, type PageDeclaration, type PageHead } from './pages/page-routes.tsx';
export {
  loadRemoteModule,
  loadThroughHost,
  RemoteLoadError,
  REMOTE_TIMEOUT_MS,
  type RemoteLoader,
} from './remote-module/load-remote-module.ts';
export { RemoteErrorBody, type RemoteVariant } from './remote-module/remote-error-body.tsx';
export {
  RemoteModule,
  resetRemoteModules,
  type ExposedLoader,
  type RemoteModuleProps,
} from './remote-module/remote-module.tsx';
export { SecondFactorField } from './second-factor-field.tsx';
export { ImageUploadField, UPLOAD_MAX_MB, type ImageUploadTexts } from './image-upload/image-upload-field.tsx';
export { useStepUp } from './use-step-up.tsx';
export {
  isPasskeyCode,
  passkeyAssertion,
  passkeyCreation,
  passkeyStepUpCode,
  passkeysSupported,
} from './passkeys/webauthn.ts';
