import {
  messagePreview,
  notificationText,
  saleKinds,
  type Message,
  type Notification,
  type ServerEventOf,
} from '@cove/contracts';

/** A `new_message` event as the bus delivers it. */
export type NewMessage = ServerEventOf<'new_message'>;

/** One short, dismissible alert on whatever screen is shown. */
export interface Alert {
  id: string;
  title: string;
  body: string;
  /** Where "Open" goes. */
  to: string;
}

/** The path of the chat with `otherId` (the chat remote's own address for it). */
export const chatPathOf = (otherId: string) => `/chats/${encodeURIComponent(otherId)}`;

/** How long an alert stays when nobody hovers or focuses it, and how many show at once. */
export const alertTiming = { showMs: 6_000, maxShown: 3 } as const;

/**
 * Whether a new message alerts its recipient on the screen at `pathname`: one that someone else
 * wrote (not Cove's own lines, not the person's own from another tab, not a tip: the creator's sale
 * alert tells of it), in a chat they had not hidden, and whose chat is not on screen.
 */
export function alertsFor(event: NewMessage, myId: string, pathname: string): boolean {
  const m = event.message;
  if (m.recipient_id !== myId || m.system || m.type.startsWith('tip_') || event.was_hidden) return false;
  return decodeURI(pathname) !== decodeURI(chatPathOf(m.sender_id));
}

/** A message's alert: the sender and the preview the chat list shows, which never holds paid content. */
export function messageAlert(m: Message, sender: string | null): Alert {
  const preview = messagePreview(m);
  return {
    id: `message-${m._id}`,
    title: sender ?? 'New message',
    body: preview || (m.type === 'video' ? 'Sent a video' : 'Sent a photo'),
    to: chatPathOf(m.sender_id),
  };
}

/** A creator's sale, worded as the notifications centre words it; null for other kinds. */
export function saleAlert(n: Notification): Alert | null {
  if (!saleKinds.includes(n.kind)) return null;
  const { title, body } = notificationText(n);
  // A gathered record comes again under its id: its count tells the events apart.
  return { id: `sale-${n.id}-${n.count}`, title, body, to: n.url };
}
