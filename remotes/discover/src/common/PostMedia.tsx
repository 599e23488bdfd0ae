import type { FeedItem, MediaDescriptor } from '@cove/contracts';
import { kit, MediaViewer, viewerItemOf, type ViewerItem } from '@cove/ui';
import { useState, type ReactNode } from 'react';
import { MediaCarousel } from './MediaCarousel';
import { mediaCountLabel } from './media-count';
import styles from './Posts.module.css';

const labelOf = (media: MediaDescriptor) => (media.type === 'video' ? 'Video' : 'Photo');

/**
 * One open photo or video; it also opens full screen among `all` (the post's viewable items), at `at`.
 */
function OneMedia({
  media,
  alt,
  all,
  at,
}: {
  media: MediaDescriptor;
  alt: string;
  all: ViewerItem[];
  at: number | null;
}) {
  const [viewing, setViewing] = useState(false);
  // `st` is the whole picture (fits 1440 x 1440); `sr` is a square crop for grids, which cuts a post.
  const still = media.st ?? media.th ?? media.sr ?? media.rt;
  // The box keeps the picture's shape before it loads, so the feed does not jump.
  const shape = media.width && media.height ? { aspectRatio: `${media.width} / ${media.height}` } : undefined;
  const label = labelOf(media);
  const full = at === null ? undefined : all[at];
  const viewer = viewing && full && (
    <MediaViewer items={all} index={at ?? 0} onClose={() => setViewing(false)} />
  );
  const open = (name: string, className: string | undefined, children: ReactNode) => (
    <button type="button" className={className} aria-label={name} onClick={() => setViewing(true)}>
      {children}
    </button>
  );
  if (media.type === 'video' && media.video_url) {
    return (
      <>
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- creators' videos come without captions */}
        <video
          className={styles.media}
          src={media.video_url}
          poster={still ?? undefined}
          controls
          aria-label={label}
        />
        {full && open('Open video full screen', kit.openFull, <span aria-hidden="true">⤢</span>)}
        {viewer}
      </>
    );
  }
  if (media.status === 'processing')
    return <p className={styles.processing}>Processing {label.toLowerCase()}…</p>;
  if (!still) return null;
  const picture = (
    <img className={styles.media} src={still} alt={alt || label} loading="lazy" style={shape} />
  );
  return full ? (
    <>
      {open('Open photo full screen', `${kit.openPicture} ${styles.openPicture}`, picture)}
      {viewer}
    </>
  ) : (
    picture
  );
}

/**
 * A post's photos and videos as the viewer may see them. Locked: the blurred preview of its cover
 * only (none at all on a public page) and how many photos and videos unlocking gives. Open: every
 * item, several in a carousel.
 */
export function PostMedia({ post }: { post: FeedItem }) {
  const media = post.media;
  const count =
    post.media_count && (post.media_count.images + post.media_count.videos > 1 || !media)
      ? mediaCountLabel(post.media_count)
      : null;
  const countLine = count && <p className={styles.mediaCount}>{count}</p>;
  if (!post.unlocked || !media || media.locked) {
    if (!media) {
      // A public page sends no media of a locked post at all, not even blurred: a plain locked box.
      if (post.unlocked || (post.type !== 'image' && post.type !== 'video')) return null;
      return (
        <>
          <div className={`${styles.media} ${styles.blurred} ${styles.lockedBox}`} aria-hidden="true" />
          {countLine}
        </>
      );
    }
    const still = media.st ?? media.th ?? media.sr ?? media.rt;
    const shape =
      media.width && media.height ? { aspectRatio: `${media.width} / ${media.height}` } : undefined;
    return (
      <>
        {still && <img className={`${styles.media} ${styles.blurred}`} src={still} alt="" style={shape} />}
        {countLine}
      </>
    );
  }
  const items = post.media_items ?? [media];
  const viewable = items.map((m) => viewerItemOf(m, post.text || labelOf(m)));
  const all = viewable.filter((v): v is ViewerItem => v !== null);
  // Where item i sits among those that open full screen.
  const atOf = (i: number) => (viewable[i] ? viewable.slice(0, i).filter(Boolean).length : null);
  const one = (i: number) => {
    const m = items[i];
    return m ? <OneMedia media={m} alt={post.text} all={all} at={atOf(i)} /> : null;
  };
  if (items.length === 1) return one(0);
  return <MediaCarousel count={items.length} kinds={items.map(labelOf)} render={one} />;
}
