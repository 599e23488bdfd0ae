import type { Broadcast, BroadcastSendBody } from '@cove/contracts';
import { errorMessage, isApiError, useHost, useServerEvent, useSession } from '@cove/runtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { broadcastsKey, endedBroadcast } from '../api/get-broadcasts';
import { sendBroadcast } from '../api/send-broadcast';

/**
 * Where a send is, after any upload (the spec's send progress without None and Uploading, which the
 * screen knows from the draft): the answer awaited, the server writing it, its end.
 */
export type SendStage =
  | { kind: 'none' }
  | { kind: 'confirming' }
  | { kind: 'broadcasting' }
  | { kind: 'done'; sent: number | null }
  /** Its writing was given up: `sent` chats have it, the rest never will. */
  | { kind: 'failed'; sent: number }
  | { kind: 'scheduled'; broadcast: Broadcast }
  | { kind: 'banned'; message: string }
  | { kind: 'error'; message: string };

export type SendBody = Omit<BroadcastSendBody, 'send_id'>;

/** How a broadcast's end shows: failed when its writing was given up, else done. */
const endStage = (b: Broadcast | undefined, sent: number | null): SendStage =>
  b?.status === 'failed'
    ? { kind: 'failed', sent: sent ?? b.sent }
    : { kind: 'done', sent: sent ?? b?.sent ?? null };

const newSendId = () => `b-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * Sends a broadcast with one `send_id` kept across retries (the server answers a retry with the first),
 * and follows it: broadcasting while the session user's `is_broadcasting` is true and until its
 * `broadcast_done` arrives (or `is_broadcasting` falls, should that event be missed), then done or,
 * when the server gave its writing up, failed.
 */
export function useBroadcastSend() {
  const { api } = useHost();
  const client = useQueryClient();
  const serverBusy = useSession().user?.is_broadcasting === true;
  const [stage, setStage] = useState<SendStage>({ kind: 'none' });
  const sendId = useRef<string | null>(null);
  const lastBody = useRef<SendBody | null>(null);
  const awaited = useRef<string | null>(null);
  // A short broadcast can be written, and its broadcast_done arrive, before the send's answer does.
  const doneEarly = useRef(new Map<string, number>());
  const wasBusy = useRef(serverBusy);

  // `broadcast_done` ends a sent and a failed broadcast alike: the refreshed list tells which.
  const finish = async (id: string, sent: number | null) => {
    awaited.current = null;
    const ended = endStage(await endedBroadcast(client, id), sent);
    setStage((s) => (s.kind === 'broadcasting' ? ended : s));
  };

  useEffect(() => {
    if (wasBusy.current && !serverBusy) {
      if (awaited.current) void finish(awaited.current, null);
      // One written from elsewhere (another tab, or before a reload) is told of only if it failed.
      else if (stage.kind === 'none')
        void endedBroadcast(client, null).then((b) => {
          if (b?.status === 'failed') setStage((s) => (s.kind === 'none' ? endStage(b, null) : s));
        });
    }
    wasBusy.current = serverBusy;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on the flag's changes only
  }, [serverBusy]);

  useServerEvent('broadcast_done', (event) => {
    if (event.broadcast_id === awaited.current) void finish(event.broadcast_id, event.sent);
    else {
      doneEarly.current.set(event.broadcast_id, event.sent);
      void client.invalidateQueries({ queryKey: broadcastsKey });
    }
  });

  const post = async (body: SendBody) => {
    sendId.current ??= newSendId();
    lastBody.current = body;
    setStage({ kind: 'confirming' });
    try {
      const sent = await sendBroadcast(api, { ...body, send_id: sendId.current });
      sendId.current = null;
      lastBody.current = null;
      void client.invalidateQueries({ queryKey: broadcastsKey });
      // A send-now broadcast is stored as scheduled until its job starts: only one asked for later is.
      if (sent.status === 'scheduled' && body.send_at) setStage({ kind: 'scheduled', broadcast: sent });
      else if (sent.status === 'scheduled' || sent.status === 'sending' || doneEarly.current.has(sent._id)) {
        awaited.current = sent._id;
        setStage({ kind: 'broadcasting' });
        const early = doneEarly.current.get(sent._id);
        if (early !== undefined) void finish(sent._id, early);
      } else setStage(endStage(sent, sent.sent));
    } catch (err) {
      const message = errorMessage(err);
      setStage(
        isApiError(err) && err.status === 403 ? { kind: 'banned', message } : { kind: 'error', message },
      );
    }
  };

  // A broadcast being written shows as such, whoever started it (the spec's stage follows the flag).
  const shown: SendStage =
    serverBusy && (stage.kind === 'none' || stage.kind === 'done' || stage.kind === 'failed')
      ? { kind: 'broadcasting' }
      : stage;
  return {
    stage: shown,
    /** The server is writing a broadcast (this one or another): one at a time. */
    busy: serverBusy || stage.kind === 'broadcasting' || stage.kind === 'confirming',
    send: (body: SendBody) => void post(body),
    /** The same broadcast again, under the same `send_id`. */
    retry: () => {
      if (lastBody.current) void post(lastBody.current);
    },
    reset: () => {
      sendId.current = null;
      lastBody.current = null;
      setStage({ kind: 'none' });
    },
  };
}
