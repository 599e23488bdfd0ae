import { useCallback, useEffect, useRef, useState } from 'react';
import { useHost } from '../host/host-context';
import {
  uploadErrorMessage,
  uploadMedia,
  type MediaUploadOptions,
  type UploadProgress,
  type UploadedMedia,
} from './upload-media';

/** One file on its way: its progress, or why it failed (kept until dismissed). */
export interface UploadItem {
  key: number;
  name: string;
  progress: UploadProgress;
  error: string | null;
}

export type StartOptions = Omit<MediaUploadOptions, 'signal' | 'onProgress'>;

export interface Uploads {
  items: readonly UploadItem[];
  /** Uploads each file through the shared pipeline, all at once. */
  start(files: readonly File[], options?: StartOptions): void;
  /** Stops an upload; it leaves the list without an error. */
  cancel(key: number): void;
  /** Removes a failed upload's notice. */
  dismiss(key: number): void;
}

let nextKey = 0;

/**
 * The spec's background upload queue, keyed by id: progress, loaded and total bytes, an abort handle
 * per file, and failures kept for the person to read. Uploads still running when the screen goes
 * away are aborted.
 */
export function useUploads(onUploaded: (result: UploadedMedia, file: File) => void): Uploads {
  const { api } = useHost();
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  }, [onUploaded]);
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  const update = (key: number, change: Partial<UploadItem>) =>
    setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i)));
  const remove = (key: number) => setItems((all) => all.filter((i) => i.key !== key));

  const startOne = useCallback(
    async (file: File, options: StartOptions) => {
      const key = ++nextKey;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      const progress: UploadProgress = { phase: 'preparing', loaded: 0, total: file.size };
      setItems((all) => [...all, { key, name: file.name, progress, error: null }]);
      try {
        const result = await uploadMedia(api, file, {
          ...options,
          signal: controller.signal,
          onProgress: (p) => update(key, { progress: p }),
        });
        remove(key);
        uploaded.current(result, file);
      } catch (err) {
        const message = uploadErrorMessage(err);
        if (message === null) remove(key);
        else update(key, { error: message });
      } finally {
        controllers.current.delete(key);
      }
    },
    [api],
  );

  return {
    items,
    start: useCallback(
      (files, options = {}) => files.forEach((file) => void startOne(file, options)),
      [startOne],
    ),
    cancel: useCallback((key) => controllers.current.get(key)?.abort(), []),
    dismiss: useCallback((key) => remove(key), []),
  };
}
