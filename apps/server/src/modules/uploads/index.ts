// The uploads module's face: checked, re-encoded images and where they are kept.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { reencodeImage } from './image-check.ts';
export { defaultUploadStore, type StoredImage, type UploadStore } from './upload-store.ts';
export { acceptUploads, readUpload, uploadRoutes } from './uploads.routes.ts';
export { eraseUploadsOnClosure } from './account-closing.ts';
