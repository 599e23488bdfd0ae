import { fileTypeFromBuffer } from 'file-type/core';

/** What the first bytes of a file say it is. The name and the declared content type are never asked. */
export type Sniffed =
  | { kind: 'image'; mime: string }
  | { kind: 'video'; mime: string; demuxer: string }
  | { kind: 'other'; mime: string | null };

/** Bytes read before deciding: enough for every signature file-type knows of the accepted formats. */
export const SNIFF_BYTES = 64 * 1024;

/** Photos sharp decodes with its bundled libraries. HEIC, SVG, TIFF and camera RAW are refused. */
export const acceptedImageTypes = new Set([
  'image/jpeg',
  'image/png',
  'image/apng',
  'image/gif',
  'image/webp',
  'image/avif',
]);

/**
 * Video containers and the ffmpeg demuxer forced for each: ffmpeg never guesses the format, so a file
 * cannot smuggle in a playlist or concat list that would make it open other files.
 */
const videoDemuxers: Record<string, string> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/x-m4v': 'mov',
  'video/3gpp': 'mov',
  'video/3gpp2': 'mov',
  'video/webm': 'matroska',
  'video/matroska': 'matroska',
  'video/vnd.avi': 'avi',
  'video/x-flv': 'flv',
  'video/ogg': 'ogg',
  'video/mp2t': 'mpegts',
  'video/mpeg': 'mpeg',
  'video/MP2P': 'mpeg',
  'video/x-ms-asf': 'asf',
};

export async function sniff(head: Uint8Array): Promise<Sniffed> {
  const found = await fileTypeFromBuffer(head);
  if (!found) return { kind: 'other', mime: null };
  if (acceptedImageTypes.has(found.mime)) return { kind: 'image', mime: found.mime };
  const demuxer = videoDemuxers[found.mime];
  if (demuxer) return { kind: 'video', mime: found.mime, demuxer };
  return { kind: 'other', mime: found.mime };
}

/** The forced demuxer for a stored video's sniffed type. */
export function demuxerOf(mime: string): string {
  const demuxer = videoDemuxers[mime];
  if (!demuxer) throw new Error(`no demuxer for ${mime}`);
  return demuxer;
}
