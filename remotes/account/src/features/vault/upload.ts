import { mediaMessages, type MediaResponse } from '@cove/contracts';
import { localTokenStore, webTypeHeader } from '@cove/runtime';

/** The spec's client-side refusal of a file, or null when it may be sent. */
export function checkFile(file: File): string | null {
  if (file.size === 0) return mediaMessages.empty;
  if (!/^(image|video)\//.test(file.type)) return mediaMessages.unsupported(file.type || file.name);
  return null;
}

export class UploadFailure extends Error {}

/**
 * Sends one file as `POST /v1/media` multipart (`type`, `file_size`, then the `file` part last) with the
 * same headers as the API client. XMLHttpRequest, because fetch cannot report upload progress.
 */
export function uploadMedia(
  url: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<MediaResponse> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append('type', 'message');
    body.append('file_size', String(file.size));
    body.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(webTypeHeader.name, webTypeHeader.value);
    const token = localTokenStore().get();
    if (token) xhr.setRequestHeader('access-token', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new UploadFailure(mediaMessages.uploadFailed));
    xhr.onabort = () => reject(new UploadFailure(mediaMessages.uploadFailed));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && data) {
        resolve(data as MediaResponse);
        return;
      }
      const message =
        data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
          ? data.message
          : mediaMessages.uploadFailed;
      reject(new UploadFailure(message));
    };
    xhr.send(body);
  });
}
