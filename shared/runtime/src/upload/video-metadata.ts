/** The spec: when a video's metadata has not loaded within 5 s, it is uploaded without it. */
export const videoMetadataTimeoutMs = 5000;

export interface VideoMetadata {
  width: number;
  height: number;
  /** Seconds. */
  duration: number;
}

/**
 * A video's size and length as the browser reads them, for the local copy shown while it uploads.
 * Null when the browser cannot read it in time or at all: the server, which reads more formats than
 * a browser plays, is the judge of whether it can be processed.
 */
export function readVideoMetadata(
  file: Blob,
  timeoutMs = videoMetadataTimeoutMs,
): Promise<VideoMetadata | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (value: VideoMetadata | null) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () =>
      done(
        video.videoWidth > 0
          ? { width: video.videoWidth, height: video.videoHeight, duration: video.duration }
          : null,
      );
    video.onerror = () => done(null);
    video.src = url;
  });
}
