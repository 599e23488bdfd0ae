export { checkFile, fileKind, type Accepts, type FileKind } from './file-checks';
export { resizeImage, prepareImage, fittedSize, maxImageSide, type DecodedImage } from './resize-image';
export { readVideoMetadata, videoMetadataTimeoutMs, type VideoMetadata } from './video-metadata';
export { md5OfFile } from './md5';
export {
  uploadMedia,
  uploadErrorMessage,
  UploadRefused,
  type MediaUploadOptions,
  type UploadProgress,
  type UploadedMedia,
} from './upload-media';
export { useUploads, type UploadItem, type Uploads, type StartOptions } from './use-uploads';
