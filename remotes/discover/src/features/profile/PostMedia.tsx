import type { FeedItem } from '@cove/contracts';
import styles from './Posts.module.css';

/** A post's photo or video as the viewer may see it (locked media is its blurred preview only). */
export function PostMedia({ post }: { post: FeedItem }) {
  const media = post.media;
  if (!media) return null;
  const still = media.sr ?? media.rt ?? media.st ?? media.th;
  const label = media.type === 'video' ? 'Video' : 'Photo';
  if (!post.unlocked || media.locked) {
    return still ? <img className={`${styles.media} ${styles.blurred}`} src={still} alt="" /> : null;
  }
  if (media.type === 'video' && media.video_url) {
    return (
      // eslint-disable-next-line jsx-a11y/media-has-caption -- creators' videos come without captions
      <video
        className={styles.media}
        src={media.video_url}
        poster={still ?? undefined}
        controls
        aria-label={label}
      />
    );
  }
  if (media.status === 'processing')
    return <p className={styles.processing}>Processing {label.toLowerCase()}…</p>;
  return still ? <img className={styles.media} src={still} alt={post.text || label} loading="lazy" /> : null;
}
