import * as z from 'zod/mini';
import { mediaDescriptor, mediaKind } from './media';

/**
 * Bundles: several photos and videos in one message under one price (docs/rules.md, "Bundles").
 * A message with one media keeps the spec's single fields (`media_id`, `public_id`, `width`, `height`,
 * `video_length`); a bundle also fills them with its first item, for clients that know no bundles,
 * and lists every item in `media_items`.
 */

/** Items one message may carry at most (docs/rules.md, "Bundles"). */
export const BUNDLE_MAX_ITEMS = 10;

/** One item as a sender picks it: a ready media of theirs, and whether it is the free preview. */
export const bundleItemInput = z.object({
  media_id: z.string().check(z.maxLength(100)),
  preview: z._default(z.boolean(), false),
});
export type BundleItemInput = z.input<typeof bundleItemInput>;

/**
 * The items of a bundle as sent: 2 to BUNDLE_MAX_ITEMS different media, at most one of them the
 * free preview. Whether a preview fits the price is the sender's body's check (`bundleRefinement`).
 */
export const bundleInput = z.array(bundleItemInput).check(
  z.minLength(2, 'A bundle holds at least 2 items; send one item as media_id.'),
  z.maxLength(BUNDLE_MAX_ITEMS, `A bundle holds at most ${BUNDLE_MAX_ITEMS} items.`),
  z.refine((items) => new Set(items.map((i) => i.media_id)).size === items.length, {
    message: 'Each item may be in a bundle once.',
  }),
  z.refine((items) => items.filter((i) => i.preview).length <= 1, {
    message: 'A bundle has at most one free preview.',
  }),
);

/** A free preview only means something in a paid bundle. */
export const bundlePreviewNeedsPrice = (b: {
  price: number;
  media_items?: readonly { preview?: boolean | undefined }[] | undefined;
}) => b.price > 0 || !(b.media_items ?? []).some((i) => i.preview);
export const bundlePreviewMessage = 'Only a paid bundle can have a free preview.';

/**
 * One item of a bundle as a viewer sees it: its kind and length always (the locked bubble says what
 * is inside), `media` signed for this viewer (the blurred preview while locked; null in realtime
 * events, as for `media`, and for an item erased since).
 */
export const bundleItem = z.object({
  media_id: z.string(),
  type: mediaKind,
  /** Seconds, for videos. */
  video_length: z.nullable(z.number()),
  /** The free preview: open to the recipient before the purchase. */
  preview: z.boolean(),
  media: z.nullable(mediaDescriptor),
});
export type BundleItem = z.infer<typeof bundleItem>;
