import { mediaMessages, type MediaConfig } from '@cove/contracts';

/** What a place that takes uploads accepts: the spec's photo-only and video-only fields, or both. */
export type Accepts = 'photos' | 'videos' | 'both';
export type FileKind = 'photo' | 'video';

/** Photo or video by the browser's type; null for anything else. */
export function fileKind(file: Blob): FileKind | null {
  if (file.type.startsWith('image/')) return 'photo';
  if (file.type.startsWith('video/')) return 'video';
  return null;
}

export type SizeLimits = Pick<MediaConfig, 'max_photo_bytes' | 'max_video_bytes'>;

/**
 * The spec's per-file checks, in its order, with its texts: null when the file may be sent. The server
 * checks again; these spare a person an upload that would be refused at the end.
 */
export function checkFile(file: File, accepts: Accepts, limits: SizeLimits): string | null {
  const kind = fileKind(file);
  if (kind === null) return mediaMessages.unsupported(file.type || file.name);
  if (kind === 'photo' && accepts === 'videos') return mediaMessages.photoNotAllowed;
  if (kind === 'video' && accepts === 'photos') return mediaMessages.videoNotAllowed;
  if (file.size === 0) return mediaMessages.empty;
  if (kind === 'photo' && file.size > limits.max_photo_bytes) return mediaMessages.photoTooLarge;
  if (kind === 'video' && file.size > limits.max_video_bytes) return mediaMessages.videoTooLarge;
  return null;
}
