import {
  mediaAvailableResponse,
  mediaConfig,
  mediaMessages,
  mediaResponse,
  type ApiClient,
  type MediaConfig,
  type MediaResponse,
  type MediaUploadType,
} from '@cove/contracts';
import { abortedError, isAborted, isApiError } from '../api/api-error';
import { checkFile, fileKind, type Accepts } from './file-checks';
import { md5OfFile } from './md5';
import { prepareImage, type DecodedImage } from './resize-image';
import { readVideoMetadata, type VideoMetadata } from './video-metadata';

/**
 * Where an upload is: preparing (resize, metadata, hashing: `loaded` of `total` bytes hashed), then
 * uploading (bytes of the body sent).
 */
export interface UploadProgress {
  phase: 'preparing' | 'uploading';
  loaded: number;
  total: number;
}

export interface MediaUploadOptions {
  /** What this place takes; both by default. */
  accepts?: Accepts;
  type?: MediaUploadType;
  /** The server's limits and upload URL; read from `GET /v1/media/config` when not given. */
  config?: MediaConfig;
  signal?: AbortSignal;
  onProgress?(progress: UploadProgress): void;
  /** Tests: decode images without a browser. */
  decodeImage?: (file: Blob) => Promise<DecodedImage>;
}

export interface UploadedMedia {
  media: MediaResponse;
  /** The server already had these bytes: nothing was uploaded. */
  reused: boolean;
  /** What the browser read of a video before sending it (null when it could not in time). */
  video: VideoMetadata | null;
}

/** A file the per-file checks refused; nothing was sent. */
export class UploadRefused extends Error {
  override readonly name = 'UploadRefused';
}

/**
 * The spec's media pipeline, once for every place that uploads: per-file checks, photos resized to
 * 1440 x 1440, video metadata (5 s at most), the MD5 checked with `GET /v1/media/available` so bytes
 * the server has are reused, then `POST /v1/media` through the host's client with progress and abort.
 */
export async function uploadMedia(
  api: ApiClient,
  file: File,
  options: MediaUploadOptions = {},
): Promise<UploadedMedia> {
  const { signal, onProgress, type = 'message' } = options;
  const config = options.config ?? (await api.get('/v1/media/config', { schema: mediaConfig, signal }));
  const refusal = checkFile(file, options.accepts ?? 'both', config);
  if (refusal) throw new UploadRefused(refusal);

  onProgress?.({ phase: 'preparing', loaded: 0, total: file.size });
  const isVideo = fileKind(file) === 'video';
  const [sent, video] = isVideo
    ? [file, await readVideoMetadata(file)]
    : [await prepareImage(file, options.decodeImage), null];
  if (signal?.aborted) throw abortedError();
  const md5 = await md5OfFile(
    sent,
    (loaded, total) => onProgress?.({ phase: 'preparing', loaded, total }),
    signal,
  );

  const known = await api.get('/v1/media/available', {
    query: { media_id: md5, type },
    schema: mediaAvailableResponse,
    signal,
  });
  if (known.status && known.media) return { media: known.media, reused: true, video };

  const form = new FormData();
  form.append('type', type);
  form.append('file_size', String(sent.size));
  form.append('md5', md5);
  // The file goes last: the server reads the fields before the bytes stream in.
  form.append('file', sent, sent.name);
  onProgress?.({ phase: 'uploading', loaded: 0, total: sent.size });
  const media = await api.upload(config.upload_url, form, {
    schema: mediaResponse,
    signal,
    onProgress: (loaded, total) => onProgress?.({ phase: 'uploading', loaded, total }),
  });
  return { media, reused: false, video };
}

/**
 * What to tell a person about a failed upload: a refusal's or the server's own text, the spec's
 * network text when no answer came, and nothing for one they cancelled.
 */
export function uploadErrorMessage(err: unknown): string | null {
  if (isAborted(err)) return null;
  if (err instanceof UploadRefused) return err.message;
  if (isApiError(err) && err.status !== 0) return err.message;
  return mediaMessages.uploadFailed;
}
