import { abortedError } from '../api/api-error';

/** Read in slices so a 499 MB video is never held in memory whole. */
const sliceBytes = 4 * 1024 * 1024;

/** The file's MD5 in hexadecimal (what `GET /v1/media/available` and `POST /v1/media` take). */
export async function md5OfFile(
  file: Blob,
  onProgress?: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  // Loaded with the first upload: no first screen hashes a file.
  const { default: SparkMD5 } = await import('spark-md5');
  const hash = new SparkMD5.ArrayBuffer();
  for (let offset = 0; offset < file.size; offset += sliceBytes) {
    if (signal?.aborted) throw abortedError();
    hash.append(await file.slice(offset, offset + sliceBytes).arrayBuffer());
    onProgress?.(Math.min(offset + sliceBytes, file.size), file.size);
  }
  return hash.end();
}
