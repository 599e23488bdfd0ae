import * as z from 'zod';
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
  th: z.string().nullable(),
  st: z.string().nullable(),
  rt: z.string().nullable(),
  sr: z.string().nullable(),
  video_url: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Seconds, for videos. */
  video_length: z.number().nullable(),
});
export type MediaDescriptor = z.infer<typeof mediaDescriptor>;

/** The answer to an upload and to a status check (spec: "Media response"). */
export const mediaResponse = z.object({
  media_id: z.string(),
  public_id: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  video_length: z.number().nullable(),
  status: mediaStatus,
  /** Why processing failed, in the user's words; null otherwise. */
  message: z.string().nullable(),
  media: mediaDescriptor,
});
export type MediaResponse = z.infer<typeof mediaResponse>;

/** Text fields of the multipart upload; the file itself is the `file` part. */
export const mediaUploadFields = z.object({
  file_size: z.coerce.number().int().min(0).optional(),
  md5: z
    .string()
    .regex(/^[a-fA-F0-9]{32}$/, 'must be 32 hexadecimal digits')
    .transform((s) => s.toLowerCase())
    .optional(),
  type: mediaUploadType.default('message'),
});

/** `media_id` here is the file's MD5, as the spec's client computes it before uploading. */
export const mediaAvailableQuery = z.object({
  media_id: z
    .string()
    .regex(/^[a-fA-F0-9]{32}$/, 'must be an MD5 in hexadecimal')
    .transform((s) => s.toLowerCase()),
  /** Optional SHA-256 of the file: when given, it must match too. */
  sha256: z
    .string()
    .regex(/^[a-fA-F0-9]{64}$/, 'must be a SHA-256 in hexadecimal')
    .transform((s) => s.toLowerCase())
    .optional(),
  type: mediaUploadType.default('message'),
});
export const mediaAvailableResponse = z.object({ status: z.boolean(), media: mediaResponse.nullable() });

/**
 * A vault item (spec: "Vault media"), with what it earned its creator across every sale that opened it:
 * `earned` in credits, as attributed by docs/rules.md ("Bundles"), and `sales` (purchases, refunds gone).
 */
export const vaultItem = mediaDescriptor.extend({
  _id: z.string(),
  created_at: z.string(),
  earned: z.number().int(),
  sales: z.number().int(),
});
export type VaultItem = z.infer<typeof vaultItem>;

export const vaultQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100000).optional(),
  /** Opaque cursor from a previous page's `next`. */
  next: z.string().max(200).optional(),
  /** Only media the caller has sent in this chat. */
  chat_id: z.uuid().optional(),
});
export const vaultPage = z.object({
  data: z.array(vaultItem),
  /** The next page's URL, or null on the last page. */
  next: z.string().nullable(),
});

export const vaultDeleteBody = z.object({ ids: idList.pipe(z.array(z.uuid()).min(1).max(100)) });
export const vaultDeleteResponse = z.object({ deleted: z.number().int() });

/** Where and how big uploads may be, for the client's own checks. */
export const mediaConfig = z.object({
  upload_url: z.string(),
  max_photo_bytes: z.number().int(),
  max_video_bytes: z.number().int(),
});
export type MediaConfig = z.infer<typeof mediaConfig>;

/** Logged realtime event: an upload finished processing (or failed). */
export const mediaStatusEvent = z.object({
  type: z.literal('media_status'),
  media_id: z.string(),
  status: mediaStatus,
  message: z.string().nullable(),
});
