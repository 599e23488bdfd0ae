import * as z from 'zod/mini';
import { idList } from './chat';

/** What an upload is for: an ordinary message, or a paid (pay-per-view) one. */
export const mediaUploadType = z.enum(['message', 'paid_message']);
export type MediaUploadType = z.infer<typeof mediaUploadType>;

export const mediaKind = z.enum(['image', 'video']);
export type MediaKind = z.infer<typeof mediaKind>;

/** processing: renditions are being made; ready: every URL works; failed: see `message`. */
export const mediaStatus = z.enum(['processing', 'ready', 'failed']);
export type MediaStatus = z.infer<typeof mediaStatus>;

/** Renditions a viewer can be handed (docs/rules.md gives their sizes). `bl` is the blurred preview. */
export const renditionNames = ['th', 'st', 'rt', 'sr', 'bl', 'mp4'] as const;
export type RenditionName = (typeof renditionNames)[number];

/** The user-facing texts of upload failures (spec, chat document section 5, and the error catalogue). */
export const mediaMessages = {
  photoNotAllowed: 'Photos are not allowed here. Please choose a video instead.',
  videoNotAllowed: 'Videos are not allowed here. Please choose a photo instead.',
  empty:
    'This file seems to be corrupted (0 bytes). Please try different file or try using different browser.',
  photoTooLarge:
    'This photo is too large. Please use a smaller photo or set lower camera quality in your camera settings.',
  videoTooLarge:
    'This video is too large. Please use a smaller video or set lower video quality in your camera settings.',
  imageFailed: 'There was an error processing this image. Please try again later.',
  videoFailed: 'There was an error processing this video. Please try again later.',
  uploadFailed: 'This file failed to upload. Please check your network connection and try again.',
  unsupported: (type: string) =>
    `Sorry, we cannot process this type of file (${type}). Please choose different file type and try again.`,
  notUsable: 'This media cannot be sent.',
} as const;

/**
 * Media as a viewer may see it. URLs are signed for that viewer and expire (docs/rules.md); a locked
 * paid media has `locked: true`, every image field pointing at the blurred preview and no `video_url`.
 */
export const mediaDescriptor = z.object({
  media_id: z.string(),
  public_id: z.string(),
  type: mediaKind,
  status: mediaStatus,
  locked: z.boolean(),
  th: z.nullable(z.string()),
  st: z.nullable(z.string()),
  rt: z.nullable(z.string()),
  sr: z.nullable(z.string()),
  video_url: z.nullable(z.string()),
  width: z.nullable(z.int()),
  height: z.nullable(z.int()),
  /** Seconds, for videos. */
  video_length: z.nullable(z.number()),
});
export type MediaDescriptor = z.infer<typeof mediaDescriptor>;

/** The answer to an upload and to a status check (spec: "Media response"). */
export const mediaResponse = z.object({
  media_id: z.string(),
  public_id: z.string(),
  width: z.nullable(z.int()),
  height: z.nullable(z.int()),
  video_length: z.nullable(z.number()),
  status: mediaStatus,
  /** Why processing failed, in the user's words; null otherwise. */
  message: z.nullable(z.string()),
  media: mediaDescriptor,
});
export type MediaResponse = z.infer<typeof mediaResponse>;

/** Text fields of the multipart upload; the file itself is the `file` part. */
export const mediaUploadFields = z.object({
  file_size: z.optional(z.coerce.number().check(z.int(), z.gte(0))),
  md5: z.optional(
    z.pipe(
      z.string().check(z.regex(/^[a-fA-F0-9]{32}$/, 'must be 32 hexadecimal digits')),
      z.transform((s) => s.toLowerCase()),
    ),
  ),
  type: z._default(mediaUploadType, 'message'),
});

/** `media_id` here is the file's MD5, as the spec's client computes it before uploading. */
export const mediaAvailableQuery = z.object({
  media_id: z.pipe(
    z.string().check(z.regex(/^[a-fA-F0-9]{32}$/, 'must be an MD5 in hexadecimal')),
    z.transform((s) => s.toLowerCase()),
  ),
  /** Optional SHA-256 of the file: when given, it must match too. */
  sha256: z.optional(
    z.pipe(
      z.string().check(z.regex(/^[a-fA-F0-9]{64}$/, 'must be a SHA-256 in hexadecimal')),
      z.transform((s) => s.toLowerCase()),
    ),
  ),
  type: z._default(mediaUploadType, 'message'),
});
export const mediaAvailableResponse = z.object({ status: z.boolean(), media: z.nullable(mediaResponse) });

/**
 * A vault item (spec: "Vault media"), with what it earned its creator across every sale that opened it:
 * `earned` in credits, as attributed by docs/rules.md ("Bundles"), and `sales` (purchases, refunds gone).
 */
export const vaultItem = z.extend(mediaDescriptor, {
  _id: z.string(),
  created_at: z.string(),
  earned: z.int(),
  sales: z.int(),
});
export type VaultItem = z.infer<typeof vaultItem>;

export const vaultQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
  offset: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(100000))),
  /** Opaque cursor from a previous page's `next`. */
  next: z.optional(z.string().check(z.maxLength(200))),
  /** Only media the caller has sent in this chat. */
  chat_id: z.optional(z.uuid()),
});
export const vaultPage = z.object({
  data: z.array(vaultItem),
  /** The next page's URL, or null on the last page. */
  next: z.nullable(z.string()),
});

export const vaultDeleteBody = z.object({
  ids: z.pipe(idList, z.array(z.uuid()).check(z.minLength(1), z.maxLength(100))),
});
export const vaultDeleteResponse = z.object({ deleted: z.int() });

/** Where and how big uploads may be, for the client's own checks. */
export const mediaConfig = z.object({
  upload_url: z.string(),
  max_photo_bytes: z.int(),
  max_video_bytes: z.int(),
});
export type MediaConfig = z.infer<typeof mediaConfig>;

/** Logged realtime event: an upload finished processing (or failed). */
export const mediaStatusEvent = z.object({
  type: z.literal('media_status'),
  media_id: z.string(),
  status: mediaStatus,
  message: z.nullable(z.string()),
});
