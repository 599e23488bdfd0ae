import type { Message, OutboxState } from '@cove/contracts';
import { useHost, useObservable } from '@cove/runtime';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { BundleSlot } from '../model/bundle-slots';
import {
  deliverMessage,
  type MediaFields,
  type MessageDraft,
  type Outgoing,
} from '../model/message-delivery';
import { upsertMessage } from '../model/message-cache';
import { fromEntry, mayWait, toWaiting } from '../model/outbox';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A send id: unique per message, kept across its retries so the server makes it once. */
const newSendId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** What goes with a message besides a new file: a vault media as it is, or a bundle's items. */
export interface Attached {
  media?: MediaFields;
  bundle?: BundleSlot[];
}

interface Queues {
  outgoing: readonly Outgoing[];
  send(
    chatId: string,
    recipientId: string,
    draft: MessageDraft,
    file: File | null,
    attached?: Attached,
    charged?: boolean,
  ): void;
  /** No connection: the socket is down, or a send just found no server. */
  offline: boolean;
  retry(sendId: string): void;
  discard(sendId: string): void;
  /** What runs after a delivery in this chat while its conversation is open. */
  listen(chatId: string, onDelivered: () => void): () => void;
}

const QueuesContext = createContext<Queues | null>(null);

const nothingWaits: OutboxState = { entries: [], offline: false };

/**
 * Every message this person has on its way, in any chat: held above the conversations, so a photo
 * still uploading keeps going (and shows again) when another chat is opened. Uploads still running
 * when the chats screen closes are stopped; while one runs, leaving the page asks first. A message
 * that finds no connection goes to the person's outbox, which the shell runs on every page and which
 * sends it when the connection is back (docs/rules.md, Offline); here it is only shown and discarded.
 */
export function SendQueues({ children }: { children: ReactNode }) {
  const host = useHost();
  const client = useQueryClient();
  const outbox = useObservable(host.outbox.state$, nothingWaits);
  // What this screen sends itself: uploads, sends under way, and failures it shows with Retry.
  const [own, setOwn] = useState<Outgoing[]>([]);
  const outgoing = useMemo(() => {
    const waiting = outbox.entries.map(fromEntry);
    const ids = new Set(waiting.map((o) => o.send_id));
    return [...own.filter((o) => !ids.has(o.send_id)), ...waiting];
  }, [own, outbox.entries]);
  const offline = outbox.offline;
  const controllers = useRef(new Map<string, AbortController>());
  const listeners = useRef(new Map<string, () => void>());
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);
  const uploading = own.some((o) => o.status === 'uploading');
  useEffect(() => {
    if (!uploading) return undefined;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [uploading]);

  const delivered = useCallback(
    (message: Message) => {
      upsertMessage(client, message);
      listeners.current.get(message.chat_id)?.();
    },
    [client],
  );
  // What the outbox sent, from any page: the thread takes the server's copy.
  useEffect(() => {
    const subscription = host.outbox.sent$.subscribe(delivered);
    return () => subscription.unsubscribe();
  }, [host, delivered]);

  const update = useCallback(
    (sendId: string, change: Partial<Outgoing>) =>
      setOwn((all) => all.map((o) => (o.send_id === sendId ? { ...o, ...change } : o))),
    [],
  );
  const remove = useCallback(
    (sendId: string) => setOwn((all) => all.filter((o) => o.send_id !== sendId)),
    [],
  );
  const run = useCallback(
    (item: Outgoing) => {
      const controller = new AbortController();
      controllers.current.set(item.send_id, controller);
      return deliverMessage(item, {
        host,
        update: (change) => update(item.send_id, change),
        delivered: (message) => {
          remove(item.send_id);
          delivered(message);
        },
        dropped: () => remove(item.send_id),
        waiting: (sofar) => {
          host.outbox.add(toWaiting(sofar), true);
          remove(item.send_id);
        },
        signal: controller.signal,
        wait,
      }).finally(() => controllers.current.delete(item.send_id));
    },
    [host, update, remove, delivered],
  );
  const latest = useRef({ outgoing, offline, entries: outbox.entries });
  useEffect(() => {
    latest.current = { outgoing, offline, entries: outbox.entries };
  });

  const queues = useMemo<Queues>(
    () => ({
      outgoing,
      offline,
      send: (chatId, recipientId, draft, file, attached = {}, charged = false) => {
        const bundle = attached.bundle ?? null;
        const item: Outgoing = {
          send_id: newSendId(),
          chat_id: chatId,
          recipient_id: recipientId,
          draft,
          file,
          media: attached.media ?? null,
          bundle,
          bundleProgress: null,
          warned: false,
          paid: draft.price > 0 || charged,
          status: file || bundle?.some((s) => s.file) ? 'uploading' : 'sending',
          progress: null,
          error: null,
          created_at: new Date().toISOString(),
        };
        // Behind messages already waiting, or with no connection, it waits its turn in the outbox.
        const behind = latest.current.entries.some((e) => e.status !== 'failed');
        if (mayWait(item) && (latest.current.offline || behind)) {
          host.outbox.add(toWaiting(item), false);
          return;
        }
        setOwn((all) => [...all, item]);
        void run(item);
      },
      retry: (sendId) => {
        const item = latest.current.outgoing.find((o) => o.send_id === sendId);
        if (!item) return;
        // One the outbox sent and the server refused is this screen's to send again.
        host.outbox.discard(sendId);
        setOwn((all) => (all.some((o) => o.send_id === sendId) ? all : [...all, item]));
        void run(item);
      },
      discard: (sendId) => {
        controllers.current.get(sendId)?.abort();
        host.outbox.discard(sendId);
        remove(sendId);
      },
      listen: (chatId, onDelivered) => {
        listeners.current.set(chatId, onDelivered);
        return () => listeners.current.delete(chatId);
      },
    }),
    [host, outgoing, offline, run, remove],
  );
  return <QueuesContext.Provider value={queues}>{children}</QueuesContext.Provider>;
}

/**
 * One chat's local echo: each message shows at once as pending with its send id, goes through the
 * spec's retries, is replaced by the server's copy, or stays failed with its error and a retry.
 */
export function useSendQueue(chatId: string, recipientId: string, onDelivered: () => void) {
  const queues = useContext(QueuesContext);
  if (!queues) throw new Error('useSendQueue needs <SendQueues> above it');
  const afterDelivery = useRef(onDelivered);
  useEffect(() => {
    afterDelivery.current = onDelivered;
  });
  const { listen } = queues;
  useEffect(() => listen(chatId, () => afterDelivery.current()), [listen, chatId]);
  const outgoing = useMemo(
    () => queues.outgoing.filter((o) => o.chat_id === chatId),
    [queues.outgoing, chatId],
  );
  return {
    outgoing,
    send: (draft: MessageDraft, file: File | null = null, attached?: Attached, charged?: boolean) =>
      queues.send(chatId, recipientId, draft, file, attached, charged),
    offline: queues.offline,
    retry: queues.retry,
    discard: queues.discard,
    uploading: outgoing.some((o) => o.status === 'uploading'),
  };
}

export type SendQueue = ReturnType<typeof useSendQueue>;
