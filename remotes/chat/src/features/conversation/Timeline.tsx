import type { Message } from '@cove/contracts';
import type { PagedList } from '@cove/runtime/query';
import { Button, RequestView } from '@cove/ui';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { Outgoing } from './deliver';
import { groupByDay } from './days';
import type { MessageActions } from './message-actions';
import { MessageItem } from './MessageItem';
import { OutgoingItem } from './OutgoingItem';
import styles from './Conversation.module.css';

/** Within this many pixels of the end, the thread follows new messages down. */
const stickiness = 80;
/** Older messages are asked for this far before the top comes into view. */
const preload = 300;

interface TimelineProps {
  list: PagedList<Message>;
  outgoing: readonly Outgoing[];
  myId: string;
  actions: MessageActions;
  typing: string | null;
  onReply(m: Message): void;
  onRetry(sendId: string): void;
  onDiscard(sendId: string): void;
}

function Thread({ messages, ...props }: TimelineProps & { messages: Message[] }) {
  const { list, outgoing, myId, actions } = props;
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLOListElement>(null);
  const fromBottom = useRef(0);
  const byId = useMemo(() => new Map(messages.map((m) => [m._id, m])), [messages]);
  const days = useMemo(() => groupByDay([...messages].reverse()), [messages]);
  // The server's copy of a sent message may arrive (by the socket) before the answer to its send.
  const arrived = useMemo(() => new Set(messages.map((m) => m.send_id).filter(Boolean)), [messages]);
  const pending = outgoing.filter((o) => !arrived.has(o.send_id));

  // Older pages open above without moving what is on screen; new messages are followed near the end.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.scrollTop =
      fromBottom.current < stickiness
        ? el.scrollHeight
        : el.scrollHeight - el.clientHeight - fromBottom.current;
  }, [messages, pending.length, props.typing]);

  // Photos and videos take their height when they load: a thread at its end stays there.
  useEffect(() => {
    const el = box.current;
    if (!el || !content.current || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      if (fromBottom.current < stickiness) el.scrollTop = el.scrollHeight;
    });
    observer.observe(content.current);
    // The box shrinks when the composer grows (an attachment, a reply): the end stays in view.
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    fromBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight;
    if (el.scrollTop < preload && list.hasMore && !list.loadingMore && !list.moreError) list.loadMore();
  };

  return (
    <div className={styles.scroller} ref={box} onScroll={onScroll}>
      <div className={styles.older}>
        {list.moreError ? (
          <p role="alert">
            {list.moreError}{' '}
            <Button variant="ghost" onClick={list.retry}>
              Try again
            </Button>
          </p>
        ) : list.hasMore ? (
          <Button variant="ghost" disabled={list.loadingMore} onClick={list.loadMore}>
            {list.loadingMore ? 'Loading earlier messages…' : 'Load earlier messages'}
          </Button>
        ) : messages.length > 0 ? (
          <p>This is the start of your conversation.</p>
        ) : (
          <p>No messages yet. Say hello!</p>
        )}
      </div>
      <ol className={styles.thread} aria-label="Messages" ref={content}>
        {days.map((day) => (
          <li key={day.key} className={styles.day}>
            <h3 className={styles.dayLabel}>{day.label}</h3>
            <ol className={styles.dayMessages}>
              {day.messages.map((m) => (
                <MessageItem
                  key={m._id}
                  m={m}
                  mine={m.sender_id === myId && !m.system}
                  parent={m.parent_message_id ? byId.get(m.parent_message_id) : null}
                  actions={actions}
                  onReply={props.onReply}
                />
              ))}
            </ol>
          </li>
        ))}
        {pending.length > 0 && (
          <li className={styles.day}>
            <ol className={styles.dayMessages}>
              {pending.map((o) => (
                <OutgoingItem
                  key={o.send_id}
                  item={o}
                  onRetry={() => props.onRetry(o.send_id)}
                  onDiscard={() => props.onDiscard(o.send_id)}
                />
              ))}
            </ol>
          </li>
        )}
      </ol>
      <p className={styles.typing} aria-live="polite">
        {props.typing ? `${props.typing} is typing…` : ''}
      </p>
    </div>
  );
}

/** The thread, oldest at the top: older pages load on scrolling up, keeping the place. */
export function Timeline(props: TimelineProps) {
  return (
    <RequestView state={props.list.state} retry={props.list.retry}>
      {(messages) => <Thread {...props} messages={messages} />}
    </RequestView>
  );
}
