import { sentMessageType, systemLineText, type Message } from '@cove/contracts';
import { bundleContents, formatDuration, formatMoney, messageTime } from '@cove/runtime';
import { Button, kit, LockedLabel, MediaViewer, viewerItemOf } from '@cove/ui';
import { memo, useState } from 'react';
import { BundleMedia } from './BundleMedia';
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

/** Messages Cove writes into a chat: shown as a line across the thread, not a bubble. */
export const isSystem = (m: Pick<Message, 'system' | 'type'>) =>
  m.system || !(sentMessageType.options as readonly string[]).includes(m.type);

/** What a locked paid message offers its recipient: what it is, its price, and the way to buy it. */
function UnlockOffer({ m, label, actions }: { m: Message; label: string; actions: MessageActions }) {
  return (
    <div className={styles.lockedBody}>
      <LockedLabel>
        <span aria-hidden="true">🔒 </span>
        {label} · {formatMoney(m.price)}
      </LockedLabel>
      <Button disabled={actions.busy === m._id} onClick={() => void actions.unlock(m)}>
        {actions.busy === m._id ? 'Unlocking…' : `Unlock for ${formatMoney(m.price)}`}
      </Button>
    </div>
  );
}

/** A paid text: locked for its recipient until bought (the server sends no text), then marked. */
function PaidText({ m, mine, actions }: { m: Message; mine: boolean; actions: MessageActions }) {
  if (!m.paid && !mine)
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

/** One message in the thread (inside its row), with what can be done to it; drawn again only when its props change. */
export const MessageItem = memo(function MessageItem({
  m,
  mine,
  otherName,
  parent,
  actions,
  onReply,
}: {
  m: Message;
  mine: boolean;
  /** The other member's username: lines about money name them ("sam tipped you $5.00."). */
  otherName: string | null;
  /** The message this one answers, when it is loaded. */
  parent: Message | null | undefined;
  actions: MessageActions;
  onReply(m: Message): void;
}) {
  if (isSystem(m)) {
    const tip = m.type === 'tip_user' || m.type === 'tip_model';
    return (
      <div className={styles.system}>
        <span aria-hidden="true">{tip ? '🪙 ' : 'ℹ️ '}</span>
        {systemLineText(m, otherName)}
        {m.tip_post_id && ' · for a post'}
        <span className={styles.systemTime}> · {messageTime(m.created_at)}</span>
        {m.tip_note && <q className={styles.tipNote}>{m.tip_note}</q>}
      </div>
    );
  }
  const from = mine ? 'You' : 'Them';
  return (
    <div className={`${styles.message} ${mine ? styles.mine : styles.theirs}`}>
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
                !mine && !m.paid && m.price > 0 ? (
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
        <span className={styles.actions}>
          <button type="button" className={styles.action} onClick={() => onReply(m)}>
            Reply
          </button>
          <button type="button" className={styles.action} onClick={() => void actions.hide(m)}>
            Hide
          </button>
          {mine && (
            <button type="button" className={styles.action} onClick={() => void actions.remove(m)}>
              Delete
            </button>
          )}
        </span>
      </div>
    </div>
  );
});
