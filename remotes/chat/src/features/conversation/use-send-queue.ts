import { useHost } from '@cove/runtime';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { deliver, type Draft, type Outgoing } from './deliver';
import { upsertMessage } from './message-cache';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A send id: unique per message, kept across its retries so the server makes it once. */
const newSendId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * The local echo of what this person sends in one chat: each message shows at once as pending with
 * its send id, goes through the spec's retries, is replaced by the server's copy, or stays failed with
 * its error and a retry. Uploads still running when the chat closes are stopped.
 */
export function useSendQueue(chatId: string, recipientId: string, onDelivered: () => void) {
  const host = useHost();
  const client = useQueryClient();
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const afterDelivery = useRef(onDelivered);
  useEffect(() => {
    afterDelivery.current = onDelivered;
  });
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

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
      void deliver(item, {
        host,
        update: (change) => update(item.send_id, change),
        delivered: (message) => {
          upsertMessage(client, message);
          remove(item.send_id);
          afterDelivery.current();
        },
        dropped: () => remove(item.send_id),
        signal: controller.signal,
        wait,
      }).finally(() => controllers.current.delete(item.send_id));
    },
    [host, client, update, remove],
  );

  const send = (draft: Draft, file: File | null = null) => {
    const item: Outgoing = {
      send_id: newSendId(),
      chat_id: chatId,
      recipient_id: recipientId,
      draft,
      file,
      media: null,
      warned: false,
      status: file ? 'uploading' : 'sending',
      progress: null,
      error: null,
      created_at: new Date().toISOString(),
    };
    setOutgoing((all) => [...all, item]);
    run(item);
  };
  const retry = (sendId: string) => {
    const item = outgoing.find((o) => o.send_id === sendId);
    if (item) run(item);
  };
  const discard = (sendId: string) => {
    controllers.current.get(sendId)?.abort();
    remove(sendId);
  };
  return {
    outgoing,
    send,
    retry,
    discard,
    uploading: outgoing.some((o) => o.status === 'uploading'),
  };
}

export type SendQueue = ReturnType<typeof useSendQueue>;
