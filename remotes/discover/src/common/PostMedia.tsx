import type { FeedItem } from '@cove/contracts';
import { kit, MediaViewer, viewerItemOf } from '@cove/ui';
import { useState, type ReactNode } from 'react';
import styles from './Posts.module.css';

/**
 * A post's photo or video as the viewer may see it (locked media is its blurred preview only); an
 * open one also opens full screen.
 */
export function PostMedia({ post }: { post: FeedItem }) {
  const [viewing, setViewing] = useState(false);
  const media = post.media;
  if (!media) {
    // A public page sends no media of a locked post at all, not even blurred: a plain locked box.
    if (post.unlocked || (post.type !== 'image' && post.type !== 'video')) return null;
    return <div className={`${styles.media} ${styles.blurred} ${styles.lockedBox}`} aria-hidden="true" />;
  }
  // `st` is the whole picture (fits 1440 x 1440); `sr` is a square crop for grids, which cuts a post.
  const still = media.st ?? media.th ?? media.sr ?? media.rt;
  // The box keeps the picture's shape before it loads, so the feed does not jump.
  const shape = media.width && media.height ? { aspectRatio: `${media.width} / ${media.height}` } : undefined;
  const label = media.type === 'video' ? 'Video' : 'Photo';
  if (!post.unlocked || media.locked) {
    return still ? (
      <img className={`${styles.media} ${styles.blurred}`} src={still} alt="" style={shape} />
    ) : null;
  }
  const full = viewerItemOf(media, post.text || label);
  const viewer = viewing && full && (
    <MediaViewer items={[full]} index={0} onClose={() => setViewing(false)} />
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
    <img className={styles.media} src={still} alt={post.text || label} loading="lazy" style={shape} />
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
