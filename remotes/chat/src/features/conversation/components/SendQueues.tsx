import { useHost } from '@cove/runtime';
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
  ): void;
  retry(sendId: string): void;
  discard(sendId: string): void;
  /** What runs after a delivery in this chat while its conversation is open. */
  listen(chatId: string, onDelivered: () => void): () => void;
}

const QueuesContext = createContext<Queues | null>(null);

/**
 * Every message this person has on its way, in any chat: held above the conversations, so a photo
 * still uploading keeps going (and shows again) when another chat is opened. Uploads still running
 * when the chats screen closes are stopped; while one runs, leaving the page asks first.
 */
export function SendQueues({ children }: { children: ReactNode }) {
  const host = useHost();
  const client = useQueryClient();
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
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
      void deliverMessage(item, {
        host,
        update: (change) => update(item.send_id, change),
        delivered: (message) => {
          upsertMessage(client, message);
          remove(item.send_id);
          listeners.current.get(item.chat_id)?.();
        },
        dropped: () => remove(item.send_id),
        signal: controller.signal,
        wait,
      }).finally(() => controllers.current.delete(item.send_id));
    },
    [host, client, update, remove],
  );
  const latest = useRef(outgoing);
  useEffect(() => {
    latest.current = outgoing;
  });

  const queues = useMemo<Queues>(
    () => ({
      outgoing,
      send: (chatId, recipientId, draft, file, attached = {}) => {
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
          status: file || bundle?.some((s) => s.file) ? 'uploading' : 'sending',
          progress: null,
          error: null,
          created_at: new Date().toISOString(),
        };
        setOutgoing((all) => [...all, item]);
        run(item);
      },
      retry: (sendId) => {
        const item = latest.current.find((o) => o.send_id === sendId);
        if (item) run(item);
      },
      discard: (sendId) => {
        controllers.current.get(sendId)?.abort();
        remove(sendId);
      },
      listen: (chatId, onDelivered) => {
        listeners.current.set(chatId, onDelivered);
        return () => listeners.current.delete(chatId);
      },
    }),
    [outgoing, run, remove],
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
    send: (draft: MessageDraft, file: File | null = null, attached?: Attached) =>
      queues.send(chatId, recipientId, draft, file, attached),
    retry: queues.retry,
    discard: queues.discard,
    uploading: outgoing.some((o) => o.status === 'uploading'),
  };
}

export type SendQueue = ReturnType<typeof useSendQueue>;
