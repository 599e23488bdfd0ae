import type { BundleItem, Message } from '@cove/contracts';
import { bundleContents, formatDuration, formatMoney } from '@cove/runtime';
import type { ReactNode } from 'react';
import styles from './Bundle.module.css';

const kindWord = (item: BundleItem) => (item.type === 'video' ? 'Video' : 'Photo');

/** One item: open (the picture or the player), or locked (its blurred preview and what it is). */
function Tile({ item, name }: { item: BundleItem; name: string }) {
  const media = item.media;
  const length =
    item.video_length !== null && item.type === 'video' ? formatDuration(item.video_length) : null;
  let body: ReactNode;
  if (!media || media.status !== 'ready') {
    body = (
      <span className={styles.waiting} role="img" aria-label={`${name}, not available yet`}>
        {item.type === 'video' ? '🎬' : '🖼️'}
      </span>
    );
  } else if (media.locked) {
    body = (
      <>
        {media.th && <img className={styles.fill} src={media.th} alt="" />}
        <span className={styles.lock} role="img" aria-label={`${name}, locked`}>
          🔒
        </span>
      </>
    );
  } else if (item.type === 'video' && media.video_url) {
    body = (
      <video
        className={styles.fill}
        controls
        preload="none"
        poster={media.sr ?? media.st ?? undefined}
        src={media.video_url}
        aria-label={name}
      >
        <track kind="captions" />
      </video>
    );
  } else {
    body = <img className={styles.fill} src={media.sr ?? media.st ?? ''} alt={name} loading="lazy" />;
  }
  return (
    <li className={styles.tile}>
      {body}
      {item.preview && <span className={styles.free}>Free preview</span>}
      {length && <span className={styles.length}>{length}</span>}
    </li>
  );
}

/**
 * A bundle in the thread: its items as a grid, each open or locked as the viewer may see it, and
 * under it the line saying what is inside with, while locked, the way to unlock it (`offer`).
 */
export function BundleMedia({
  m,
  items,
  mine,
  offer,
}: {
  m: Message;
  items: BundleItem[];
  mine: boolean;
  /** The unlock offer, while the viewer has not bought it. */
  offer: ReactNode | null;
}) {
  const contents = bundleContents(items);
  return (
    <div className={styles.bundle}>
      <ul
        className={`${styles.grid} ${items.length > 4 ? styles.three : ''}`}
        aria-label={`Bundle: ${contents}`}
      >
        {items.map((item, i) => (
          <Tile key={item.media_id} item={item} name={`${kindWord(item)} ${i + 1} of ${items.length}`} />
        ))}
      </ul>
      {offer ?? (
        <p className={styles.contents}>
          {contents}
          {m.price > 0 && ` · ${mine ? 'Paid' : 'Bought'} · ${formatMoney(m.price)}`}
        </p>
      )}
    </div>
  );
}
