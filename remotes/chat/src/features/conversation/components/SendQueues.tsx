import { outboxStore, useHost, useObservable, useSession } from '@cove/runtime';
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
import { mayWait, Outbox } from '../model/outbox';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** While a send finds no connection and the socket says it is up, the outbox tries again after attempt × 1 s, up to 30 s. */
const retryStepMs = 1_000;
const retryMaxMs = 30_000;

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

/**
 * Every message this person has on its way, in any chat: held above the conversations, so a photo
 * still uploading keeps going (and shows again) when another chat is opened. Uploads still running
 * when the chats screen closes are stopped; while one runs, leaving the page asks first. A message
 * that finds no connection waits in the person's outbox (kept across reloads) and goes, in the order
 * written, when the socket is back (docs/rules.md, Offline).
 */
export function SendQueues({ children }: { children: ReactNode }) {
  const host = useHost();
  const client = useQueryClient();
  const userId = useSession().user?._id ?? '';
  const [outbox] = useState(() => new Outbox(outboxStore(userId, (value) => value)));
  const [outgoing, setOutgoing] = useState<Outgoing[]>(() => [...outbox.waiting]);
  const connection = useObservable(host.bus.connection$, 'connected');
  // A send found no server since the socket last came up; `tries` spaces the outbox's next attempts.
  const [unreachable, setUnreachable] = useState(false);
  const [tries, setTries] = useState(0);
  const offline = connection === 'disconnected' || unreachable;
  const controllers = useRef(new Map<string, AbortController>());
  const listeners = useRef(new Map<string, () => void>());
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);
  const uploading = outgoing.some((o) => o.status === 'uploading');
  useEffect(() => {
    if (!uploading) return undefined;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [uploading]);

  const update = useCallback(
    (sendId: string, change: Partial<Outgoing>) =>
      setOutgoing((all) => all.map((o) => (o.send_id === sendId ? { ...o, ...change } : o))),
    [],
  );
  const remove = useCallback(
    (sendId: string) => setOutgoing((all) => all.filter((o) => o.send_id !== sendId)),
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
          upsertMessage(client, message);
          remove(item.send_id);
          outbox.remove(item.send_id);
          listeners.current.get(item.chat_id)?.();
        },
        dropped: () => remove(item.send_id),
        waiting: (sofar) => {
          update(item.send_id, { status: 'waiting', error: null });
          outbox.add(sofar);
          setUnreachable(true);
        },
        signal: controller.signal,
        wait,
      }).finally(() => controllers.current.delete(item.send_id));
    },
    [host, client, update, remove, outbox],
  );
  const flush = useCallback(
    () =>
      void outbox.flush(run).then(() => {
        const stillWaiting = outbox.waiting.length > 0;
        setUnreachable(stillWaiting);
        setTries((n) => (stillWaiting ? n + 1 : 0));
      }),
    [outbox, run],
  );
  const latest = useRef({ outgoing, offline });
  useEffect(() => {
    latest.current = { outgoing, offline };
  });

  // What waited since an earlier page goes as soon as this one can try.
  useEffect(() => {
    if (outbox.waiting.length > 0) flush();
  }, [outbox, flush]);
  // The socket back after an outage, or the browser online again: the outbox goes at once.
  const wasDown = useRef(false);
  useEffect(() => {
    if (connection === 'disconnected') {
      wasDown.current = true;
    } else if (wasDown.current) {
      wasDown.current = false;
      flush();
    }
  }, [connection, flush]);
  useEffect(() => {
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [flush]);
  // The socket is up but a send found no server (the API alone unreachable): try again, spaced out.
  useEffect(() => {
    if (connection !== 'connected' || !unreachable) return undefined;
    const timer = setTimeout(flush, Math.min(retryStepMs * (tries + 1), retryMaxMs));
    return () => clearTimeout(timer);
  }, [connection, unreachable, tries, flush]);

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
        if (mayWait(item) && (latest.current.offline || outbox.waiting.length > 0)) {
          const waiting: Outgoing = { ...item, status: 'waiting' };
          setOutgoing((all) => [...all, waiting]);
          outbox.add(waiting);
          if (!latest.current.offline) flush();
          return;
        }
        setOutgoing((all) => [...all, item]);
        void run(item);
      },
      retry: (sendId) => {
        const item = latest.current.outgoing.find((o) => o.send_id === sendId);
        if (item) void run(item);
      },
      discard: (sendId) => {
        controllers.current.get(sendId)?.abort();
        outbox.remove(sendId);
        remove(sendId);
      },
      listen: (chatId, onDelivered) => {
        listeners.current.set(chatId, onDelivered);
        return () => listeners.current.delete(chatId);
      },
    }),
    [outgoing, offline, run, remove, outbox, flush],
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
