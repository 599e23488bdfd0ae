import { abortedError, networkError } from './api-error';

/** What the client reads of any answer, whichever way it came. */
export interface Answer {
  status: number;
  ok: boolean;
  contentType: string | null;
  json(): Promise<unknown>;
}

export interface XhrUpload {
  url: string;
  headers: Record<string, string>;
  form: FormData;
  signal?: AbortSignal | undefined;
  onProgress?: ((loaded: number, total: number) => void) | undefined;
}

/**
 * Posts a form with XMLHttpRequest, because fetch cannot report how much of a request body has gone.
 * Rejects like the fetch path: an aborted upload with the aborted error, no answer with the network one.
 */
export function xhrUpload(create: () => XMLHttpRequest, call: XhrUpload): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (call.signal?.aborted) {
      reject(abortedError());
      return;
    }
    const xhr = create();
    xhr.open('POST', call.url);
    for (const [name, value] of Object.entries(call.headers)) xhr.setRequestHeader(name, value);
    let settled = false;
    /** Settles once: an abort ends the call at once, whatever the request object reports after. */
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      call.signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const onAbort = () => {
      finish(() => reject(abortedError()));
      xhr.abort();
    };
    call.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && !settled) call.onProgress?.(e.loaded, e.total);
    };
    xhr.onabort = () => finish(() => reject(abortedError()));
    xhr.onerror = () => finish(() => reject(networkError()));
    xhr.ontimeout = xhr.onerror;
    xhr.onload = () =>
      finish(() => {
        const text = xhr.responseText;
        resolve({
          status: xhr.status,
          ok: xhr.status >= 200 && xhr.status < 300,
          contentType: xhr.getResponseHeader('content-type'),
          json: async () => JSON.parse(text) as unknown,
        });
      });
    xhr.send(call.form);
  });
}
