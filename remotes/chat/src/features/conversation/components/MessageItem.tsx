import { systemLineText, type Message } from '@cove/contracts';
import { bundleContents, formatDuration, formatMoney, messageTime } from '@cove/runtime';
import {
  Button,
  kit,
  LockedLabel,
  MediaViewer,
  MenuButton,
  viewerItemOf,
  type MenuHandle,
  type MenuItem,
} from '@cove/ui';
import { memo, use, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { isLocked, isSystem, messageSummary } from '../model/message-summary';
import { BundleMedia } from './BundleMedia';
import { ControlsTabIndex } from './controls-tab-index';
import type { MessageActions } from './use-message-actions';
import { SelfDestruct } from './SelfDestruct';
import styles from './Thread.module.css';

/** What `toLocaleString()` shows, from one formatter: making one per message is slow in a long thread. */
const fullTime = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** What a locked paid message offers its recipient: what it is, its price, and the way to buy it. */
function UnlockOffer({ m, label, actions }: { m: Message; label: string; actions: MessageActions }) {
  return (
    <div className={styles.lockedBody}>
      <LockedLabel>
        <span aria-hidden="true">🔒 </span>
        {label} · {formatMoney(m.price)}
      </LockedLabel>
      <Button
        tabIndex={use(ControlsTabIndex)}
        disabled={actions.busy === m._id}
        onClick={() => void actions.unlock(m)}
      >
        {actions.busy === m._id ? 'Unlocking…' : `Unlock for ${formatMoney(m.price)}`}
      </Button>
    </div>
  );
}

/** A paid text: locked for its recipient until bought (the server sends no text), then marked. */
function PaidText({ m, mine, actions }: { m: Message; mine: boolean; actions: MessageActions }) {
  if (isLocked(m, mine))
    return (
      <div className={`${styles.locked} ${styles.lockedText}`}>
        <UnlockOffer m={m} label="Message" actions={actions} />
      </div>
    );
  return (
    <>
      {m.text && <p className={styles.text}>{m.text}</p>}
      <span className={styles.paidTextTag}>
        {mine ? `Paid · ${formatMoney(m.price)}` : `Bought · ${formatMoney(m.price)}`}
      </span>
    </>
  );
}

function Media({ m, mine, actions }: { m: Message; mine: boolean; actions: MessageActions }) {
  const [viewing, setViewing] = useState(false);
  const tabIndex = use(ControlsTabIndex);
  const media = m.media;
  const label = m.type === 'video' ? 'Video' : 'Photo';
  if (!media) return <div className={styles.mediaWaiting}>{label}</div>;
  if (media.locked) {
    return (
      <div className={styles.locked}>
        {media.st || media.th ? (
          <img src={media.st ?? media.th ?? ''} alt="" className={styles.blurred} />
        ) : null}
        <UnlockOffer m={m} label={label} actions={actions} />
      </div>
    );
  }
  if (media.status === 'processing') return <div className={styles.mediaWaiting}>{label} is processing…</div>;
  if (media.status === 'failed')
    return <div className={styles.mediaWaiting}>This {label.toLowerCase()} could not be processed.</div>;
  // `st` is the full view (fits 1440 x 1440); `sr` is a square crop for grids.
  const still = media.st ?? media.th ?? undefined;
  // The box keeps the picture's shape before it loads, so the thread does not jump.
  const size = {
    width: media.width ?? undefined,
    height: media.height ?? undefined,
    style: media.width && media.height ? { aspectRatio: `${media.width} / ${media.height}` } : undefined,
  };
  const alt = mine ? `Your ${label.toLowerCase()}` : label;
  const full = viewerItemOf(media, alt);
  return (
    <div className={styles.media}>
      {viewing && full && <MediaViewer items={[full]} index={0} onClose={() => setViewing(false)} />}
      {m.type === 'video' && media.video_url ? (
        <>
          <video
            className={styles.mediaItem}
            controls
            tabIndex={tabIndex}
            preload="none"
            poster={media.st ?? media.th ?? undefined}
            src={media.video_url}
            {...size}
          >
            <track kind="captions" />
          </video>
          {full && (
            <button
              type="button"
              tabIndex={tabIndex}
              className={kit.openFull}
              aria-label="Open video full screen"
              onClick={() => setViewing(true)}
            >
              <span aria-hidden="true">⤢</span>
            </button>
          )}
        </>
      ) : full ? (
        // The picture itself opens it large: one button, named for what it does.
        <button
          type="button"
          tabIndex={tabIndex}
          className={kit.openPicture}
          aria-label={`Open ${alt.toLowerCase()} full screen`}
          onClick={() => setViewing(true)}
        >
          <img className={styles.mediaItem} src={still} alt={alt} loading="lazy" {...size} />
        </button>
      ) : (
        <img className={styles.mediaItem} src={still} alt={alt} loading="lazy" {...size} />
      )}
      {m.type === 'video' && media.video_length !== null && (
        <span className={styles.duration}>{formatDuration(Math.round(media.video_length))}</span>
      )}
      {m.price > 0 && (
        <span className={styles.priceTag}>
          {/* The sender's copy is always `paid`: it does not say whether the fan bought it. */}
          {mine ? `Paid · ${formatMoney(m.price)}` : `Bought · ${formatMoney(m.price)}`}
        </span>
      )}
    </div>
  );
}

/** The context-menu key, Shift+F10, or Enter on the message itself opens its menu. */
const opensMenu = (e: KeyboardEvent) =>
  e.key === 'Enter' || e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey);

/**
 * One message in the thread (inside its row), drawn again only when its props change. It is a
 * focus stop of the thread's one (`tabbable` when it is that stop) named by what it says; what can
 * be done to it is in its menu, opened from its button or from the message by keyboard.
 */
export const MessageItem = memo(function MessageItem({
  m,
  mine,
  otherName,
  parent,
  actions,
  onReply,
  tabbable,
}: {
  m: Message;
  mine: boolean;
  /** The other member's username: lines about money name them ("sam tipped you $5.00."). */
  otherName: string | null;
  /** The message this one answers, when it is loaded. */
  parent: Message | null | undefined;
  actions: MessageActions;
  onReply(m: Message): void;
  tabbable: boolean;
}) {
  const menu = useRef<MenuHandle>(null);
  const stop = {
    'aria-label': messageSummary(m, mine, otherName),
    tabIndex: tabbable ? 0 : -1,
    'data-message': m._id,
  } as const;
  if (isSystem(m)) {
    const tip = m.type === 'tip_user' || m.type === 'tip_model';
    return (
      <div className={styles.system} role="article" {...stop}>
        <span aria-hidden="true">{tip ? '🪙 ' : 'ℹ️ '}</span>
        {systemLineText(m, otherName)}
        {m.tip_post_id && ' · for a post'}
        <span className={styles.systemTime}> · {messageTime(m.created_at)}</span>
        {m.tip_note && <q className={styles.tipNote}>{m.tip_note}</q>}
      </div>
    );
  }
  const from = mine ? 'You' : 'Them';
  const items: MenuItem[] = [
    { label: 'Reply', onSelect: () => onReply(m) },
    ...(isLocked(m, mine) && m.price > 0 && actions.busy !== m._id
      ? [{ label: `Unlock for ${formatMoney(m.price)}`, onSelect: () => void actions.unlock(m) }]
      : []),
    { label: 'Hide', onSelect: () => void actions.hide(m) },
    ...(mine ? [{ label: 'Delete', onSelect: () => void actions.remove(m), danger: true }] : []),
  ];
  const onKeyDown = (e: KeyboardEvent) => {
    // Only keys on the message itself: Enter on its unlock button is that button's.
    if (e.target !== e.currentTarget || !opensMenu(e)) return;
    e.preventDefault();
    menu.current?.open();
  };
  const onContextMenu = (e: MouseEvent) => {
    // The context-menu key on the focused message; a right click on its text keeps the browser's menu.
    if (e.target !== e.currentTarget) return;
    e.preventDefault();
    menu.current?.open();
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a focus stop of the thread: its keys open its menu
    <div
      className={`${styles.message} ${mine ? styles.mine : styles.theirs}`}
      role="article"
      {...stop}
      onKeyDown={onKeyDown}
      onContextMenu={onContextMenu}
    >
      <ControlsTabIndex value={tabbable ? 0 : -1}>
        <div className={styles.bubble} aria-label={`${from}, ${messageTime(m.created_at)}`} role="group">
          {m.parent_message_id && (
            <blockquote className={styles.quote}>
              {parent
                ? parent.text || (parent.type === 'text' ? '' : parent.type === 'gif' ? 'GIF' : 'Media')
                : 'An earlier message'}
            </blockquote>
          )}
          {m.type === 'gif' && m.gif_url && <img className={styles.gif} src={m.gif_url} alt="GIF" />}
          {(m.type === 'image' || m.type === 'video') &&
            (m.media_items ? (
              <BundleMedia
                m={m}
                items={m.media_items}
                mine={mine}
                offer={
                  isLocked(m, mine) ? (
                    <UnlockOffer m={m} label={bundleContents(m.media_items)} actions={actions} />
                  ) : null
                }
              />
            ) : (
              <Media m={m} mine={mine} actions={actions} />
            ))}
          {m.type === 'text' && m.price > 0 ? (
            <PaidText m={m} mine={mine} actions={actions} />
          ) : (
            m.text && <p className={styles.text}>{m.text}</p>
          )}
          {m.self_destruct && <SelfDestruct destructAt={m.destruct_at} onExpired={() => actions.expire(m)} />}
        </div>
      </ControlsTabIndex>
      <div className={styles.meta}>
        <time dateTime={m.created_at} title={fullTime.format(new Date(m.created_at))}>
          {messageTime(m.created_at)}
        </time>
        {mine && (
          <span className={m.is_read ? styles.read : undefined}>
            <span aria-hidden="true">{m.is_read ? '· ✓✓ ' : '· ✓ '}</span>
            {m.is_read ? 'Read' : 'Sent'}
          </span>
        )}
        {/* Out of the Tab order: the message's own keys open it. */}
        <MenuButton
          ref={menu}
          label="Message actions"
          buttonLabel="Message actions"
          className={`${styles.action} ${styles.actions}`}
          tabIndex={-1}
          items={items}
        >
          <span aria-hidden="true">⋯</span>
        </MenuButton>
      </div>
    </div>
  );
});
