import type { Message } from '@cove/contracts';
import type { PagedList } from '@cove/runtime/query';
import { Button, RequestView } from '@cove/ui';
import {
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import type { Outgoing } from '../model/message-delivery';
import { groupByDay, type Day } from '../model/days';
import type { MessageActions } from './use-message-actions';
import { MessageItem } from './MessageItem';
import { OutgoingItem } from './OutgoingItem';
import { type RowSize, useVirtualRows } from './virtual-rows';
import styles from './Thread.module.css';

/** Within this many pixels of the end, the thread follows new messages down. */
const stickiness = 80;
/** Older messages are asked for this far before the top comes into view. */
const preload = 300;

/** A day's heading or a message: one row of the thread. */
type Row = RowSize & ({ day: string } | { m: Message });

/** First guesses at heights (a line of text is about 21 px in a bubble about 55 characters wide). */
function estimate(m: Message): number {
  if (m.type === 'image' || m.type === 'video') return 320;
  if (m.type === 'gif') return 220;
  return 62 + 21 * Math.floor(m.text.length / 55);
}

/** The keys that move focus through the thread, and where each takes it in the list of messages. */
const moves: Record<string, (at: number, count: number) => number> = {
  ArrowUp: (at) => at - 1,
  ArrowDown: (at) => at + 1,
  Home: () => 0,
  End: (_, count) => count - 1,
};

const messageKey = (el: EventTarget) => (el instanceof HTMLElement ? el.dataset.message : undefined);

const rowsOf = (days: readonly Day[]): Row[] =>
  days.flatMap((day) => [
    { key: `day-${day.key}`, estimate: 52, heading: true, day: day.label },
    ...day.messages.map((m) => ({ key: m._id, estimate: estimate(m), m })),
  ]);

interface TimelineProps {
  list: PagedList<Message>;
  outgoing: readonly Outgoing[];
  myId: string;
  /** The other member's username, for the lines that name them. */
  otherName: string | null;
  actions: MessageActions;
  typing: string | null;
  onReply(m: Message): void;
  onRetry(sendId: string): void;
  onDiscard(sendId: string): void;
}

function Thread({ messages, ...props }: TimelineProps & { messages: Message[] }) {
  const { list, outgoing, myId, actions } = props;
  const byId = useMemo(() => new Map(messages.map((m) => [m._id, m])), [messages]);
  const rows = useMemo(() => rowsOf(groupByDay([...messages].reverse())), [messages]);
  // The server's copy of a sent message may arrive (by the socket) before the answer to its send.
  const arrived = useMemo(() => new Set(messages.map((m) => m.send_id).filter(Boolean)), [messages]);
  const pending = outgoing.filter((o) => !arrived.has(o.send_id));
  const { boxRef, listRef, observe, reveal, ...view } = useVirtualRows(rows, stickiness);
  const keys = useMemo(() => rows.flatMap((r) => ('m' in r ? [r.key] : [])), [rows]);
  const drawn = rows.slice(view.start, view.end);

  // One tab stop: the message last focused while it is drawn, else the newest one drawn.
  const [active, setActive] = useState<string | null>(null);
  const stop = drawn.some((r) => r.key === active) ? active : drawn.findLast((r) => 'm' in r)?.key;
  const focusMessage = (key: string) => {
    setActive(key);
    reveal(key);
    const el = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-message]') ?? [])].find(
      (m) => m.dataset.message === key,
    );
    el?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const key = messageKey(e.target);
    const move = moves[e.key];
    if (key === undefined || !move || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    const next = keys[Math.max(0, Math.min(keys.length - 1, move(keys.indexOf(key), keys.length)))];
    if (next !== undefined && next !== key) focusMessage(next);
  };
  const onFocus = (e: FocusEvent) => {
    const key = messageKey(e.target);
    if (key !== undefined) setActive(key);
  };

  // A focused message that leaves (hidden, deleted) hands focus to the one that took its place.
  const previous = useRef(keys);
  const onRowsChanged = useEffectEvent((before: readonly string[]) => {
    if (active === null || keys.includes(active)) return;
    const next = keys[Math.min(Math.max(0, before.indexOf(active)), keys.length - 1)];
    setActive(next ?? null);
    const lost = document.activeElement === document.body || document.activeElement === null;
    if (next !== undefined && lost) focusMessage(next);
  });
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = keys;
    onRowsChanged(before);
  }, [keys]);

  const onScroll = () => {
    view.onScroll();
    const el = boxRef.current;
    if (el && el.scrollTop < preload && list.hasMore && !list.loadingMore && !list.moreError) list.loadMore();
  };

  return (
    <div className={styles.scroller} ref={boxRef} onScroll={onScroll}>
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
      {/* Only the rows near the box are drawn; the paddings stand for the others. */}
      {/* Arrows, Home and End move between the messages: the thread is one tab stop. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the keys of its messages, handled once */}
      <ol
        className={styles.thread}
        aria-label="Messages"
        ref={listRef}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        style={{ paddingTop: view.before, paddingBottom: view.after }}
      >
        {drawn.map((row) => (
          <li key={row.key} data-key={row.key} ref={observe} className={styles.threadRow}>
            {'day' in row ? (
              <h3 className={styles.dayLabel}>{row.day}</h3>
            ) : (
              <MessageItem
                m={row.m}
                mine={row.m.sender_id === myId && !row.m.system}
                otherName={props.otherName}
                parent={row.m.parent_message_id ? byId.get(row.m.parent_message_id) : null}
                actions={actions}
                onReply={props.onReply}
                tabbable={row.key === stop}
              />
            )}
          </li>
        ))}
        {pending.map((o) => (
          <OutgoingItem
            key={o.send_id}
            item={o}
            onRetry={() => props.onRetry(o.send_id)}
            onDiscard={() => props.onDiscard(o.send_id)}
          />
        ))}
      </ol>
      <p className={styles.typing} aria-live="polite">
        {props.typing ? `${props.typing} is typing…` : ''}
      </p>
    </div>
  );
}

/** The thread, oldest at the top and windowed: older pages load on scrolling up, keeping the place. */
export function Timeline(props: TimelineProps) {
  return (
    <RequestView state={props.list.state} retry={props.list.retry}>
      {(messages) => <Thread {...props} messages={messages} />}
    </RequestView>
  );
}
