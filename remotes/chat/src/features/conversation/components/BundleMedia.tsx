import type { BundleItem, Message } from '@cove/contracts';
import { bundleContents, formatDuration, formatMoney } from '@cove/runtime';
import { kit, MediaViewer, viewerItemOf, type ViewerItem } from '@cove/ui';
import { use, useState, type ReactNode } from 'react';
import { ControlsTabIndex } from './controls-tab-index';
import styles from './Bundle.module.css';

const kindWord = (item: BundleItem) => (item.type === 'video' ? 'Video' : 'Photo');

/**
 * One item: open (the picture or the player, each opening the bundle full screen at this item), or
 * locked (its blurred preview and what it is).
 */
function Tile({ item, name, onOpen }: { item: BundleItem; name: string; onOpen: (() => void) | null }) {
  const media = item.media;
  const tabIndex = use(ControlsTabIndex);
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
      <>
        <video
          className={styles.fill}
          controls
          tabIndex={tabIndex}
          preload="none"
          poster={media.sr ?? media.st ?? undefined}
          src={media.video_url}
          aria-label={name}
        >
          <track kind="captions" />
        </video>
        {onOpen && (
          <button
            type="button"
            tabIndex={tabIndex}
            className={kit.openFull}
            aria-label={`Open ${name.toLowerCase()} full screen`}
            onClick={onOpen}
          >
            <span aria-hidden="true">⤢</span>
          </button>
        )}
      </>
    );
  } else {
    const picture = (
      <img className={styles.fill} src={media.sr ?? media.st ?? ''} alt={name} loading="lazy" />
    );
    body = onOpen ? (
      // The picture itself opens the bundle large: one button, named for what it does.
      <button
        type="button"
        tabIndex={tabIndex}
        className={styles.openPicture}
        aria-label={`Open ${name.toLowerCase()} full screen`}
        onClick={onOpen}
      >
        {picture}
      </button>
    ) : (
      picture
    );
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
  const [viewing, setViewing] = useState<number | null>(null);
  const names = items.map((item, i) => `${kindWord(item)} ${i + 1} of ${items.length}`);
  // What the viewer may see, in the bundle's order: the arrows skip locked items.
  const open = items.flatMap((item, i): { at: number; full: ViewerItem }[] => {
    const full = item.media ? viewerItemOf(item.media, names[i] ?? '') : null;
    return full ? [{ at: i, full }] : [];
  });
  const openAt = (i: number) => {
    const index = open.findIndex((o) => o.at === i);
    return index < 0 ? null : () => setViewing(index);
  };
  return (
    <div className={styles.bundle}>
      {viewing !== null && (
        <MediaViewer items={open.map((o) => o.full)} index={viewing} onClose={() => setViewing(null)} />
      )}
      <ul
        className={`${styles.grid} ${items.length > 4 ? styles.three : ''}`}
        aria-label={`Bundle: ${contents}`}
      >
        {items.map((item, i) => (
          <Tile key={item.media_id} item={item} name={names[i] ?? ''} onOpen={openAt(i)} />
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
