import {
  waitingMessage,
  type ConnectionStatus,
  type HostBus,
  type HostOutbox,
  type Message,
  type OutboxEntry,
  type OutboxState,
  type WaitingMessage,
} from '@cove/contracts';
import { BehaviorSubject, Subject } from '@cove/rx';
import { outboxStore, type OutboxStore } from './outbox-store';
import { messageBody, sendMessage, type SendHost } from './send-message';

/** While the socket is up but sends still get no answer, the outbox tries again after attempt × 1 s, up to 30 s. */
const retryStepMs = 1_000;
const retryMaxMs = 30_000;

const parseWaiting = (value: unknown): WaitingMessage | null => {
  const parsed = waitingMessage.safeParse(value);
  return parsed.success ? parsed.data : null;
};

const byWriting = (a: WaitingMessage, b: WaitingMessage) => a.created_at.localeCompare(b.created_at);

export interface OutboxDeps {
  host: SendHost & { bus: Pick<HostBus, 'connection$'> };
  storage?: Storage;
  /** The browser's locks, which keep one flush at a time across a person's tabs; absent, each tab flushes alone. */
  locks?: Pick<LockManager, 'request'>;
  wait?(ms: number): Promise<void>;
}

/** The outbox as the shell holds it: the remotes' part plus running it for whoever is signed in. */
export interface ShellOutbox extends HostOutbox {
  /** Runs the outbox of a signed-in person until the returned function stops it (sign-out). */
  open(userId: string): () => void;
}

const closed: OutboxState = { entries: [], offline: false };

/**
 * The one place that decides when waiting messages are sent and sends them (docs/rules.md, Offline).
 * The shell opens it at sign-in, so what waits goes when the connection returns on any page; the chat
 * only shows, adds and discards. Messages are sent one at a time, oldest written first, each with its
 * own send id, stopping at the first that still gets no answer; one flush runs at a time in a tab, and
 * with the browser's locks one at a time across the person's tabs, each reading the stored outbox
 * afresh when its turn comes, so a message another tab sent is not sent again.
 */
export function createOutbox(deps: OutboxDeps): ShellOutbox {
  const wait = deps.wait ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const state$ = new BehaviorSubject<OutboxState>(closed);
  const sent$ = new Subject<Message>();
  let current: ReturnType<typeof run> | null = null;

  function run(userId: string, storage: Storage) {
    const store: OutboxStore<WaitingMessage> = outboxStore(userId, parseWaiting, storage);
    let waiting = store.load();
    // Refused by the server while this page sent them: shown failed until discarded.
    let failed: OutboxEntry[] = [];
    let sending: { sendId: string; controller: AbortController } | null = null;
    let connection: ConnectionStatus = 'connected';
    let wasDown = false;
    // A send found no server since the socket last came up; `tries` spaces the next attempts.
    let unreachable = false;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let flushing: Promise<void> | null = null;
    let stopped = false;

    const publish = () => {
      if (stopped) return;
      const entries = [
        ...waiting.map((message): OutboxEntry => ({
          message,
          status: message.send_id === sending?.sendId ? 'sending' : 'waiting',
          error: null,
        })),
        ...failed,
      ].sort((a, b) => byWriting(a.message, b.message));
      state$.next({ entries, offline: connection === 'disconnected' || unreachable });
      // The socket is up but a send found no server (the API alone unreachable): try again, spaced out.
      clearTimeout(timer);
      if (connection === 'connected' && unreachable && waiting.length > 0 && !flushing)
        timer = setTimeout(flush, Math.min(retryStepMs * (tries + 1), retryMaxMs));
    };
    const save = (next: WaitingMessage[]) => {
      waiting = next;
      store.save(waiting);
    };

    async function sendAll(): Promise<void> {
      waiting = store.load();
      for (let next = waiting[0]; next && !stopped; next = waiting[0]) {
        const message = next;
        sending = { sendId: message.send_id, controller: new AbortController() };
        publish();
        const outcome = await sendMessage(deps.host, {
          body: messageBody(message),
          warned: message.warned,
          mayWait: true,
          signal: sending.controller.signal,
          wait,
        });
        sending = null;
        // Signed out meanwhile: what waits stays stored for the same person's next sign-in.
        if (stopped) return;
        if (outcome.kind === 'unreachable') {
          // Kept as far as it got: a warned text the person confirmed is not asked about again.
          save(waiting.map((m) => (m.send_id === message.send_id ? { ...m, warned: outcome.warned } : m)));
          unreachable = true;
          tries += 1;
          return;
        }
        save(waiting.filter((m) => m.send_id !== message.send_id));
        if (outcome.kind === 'refused')
          failed = [...failed, { message, status: 'failed', error: outcome.error }];
        // Out of the outbox before its server copy is announced, so no screen shows it twice.
        publish();
        if (outcome.kind === 'sent') sent$.next(outcome.message);
      }
      unreachable = false;
      tries = 0;
    }

    /** One flush at a time across the person's tabs, when the browser has locks. */
    async function inTurn(): Promise<void> {
      if (deps.locks) await deps.locks.request(`cove-outbox-flush:${userId}`, sendAll);
      else await sendAll();
    }

    function flush(): void {
      if (stopped || flushing) return;
      flushing = inTurn().finally(() => {
        flushing = null;
        // Added just as the last one went: it goes too.
        if (!unreachable && waiting.length > 0 && connection === 'connected') flush();
        else publish();
      });
    }

    const subscription = deps.host.bus.connection$.subscribe((status) => {
      connection = status;
      if (status === 'disconnected') wasDown = true;
      else if (wasDown) {
        // The socket back after an outage: the outbox goes at once.
        wasDown = false;
        flush();
      }
      publish();
    });
    const online = () => flush();
    // Another tab of the same person added, sent or discarded: this one shows the same.
    const changed = (e: StorageEvent) => {
      if (e.storageArea !== storage || e.key !== store.key) return;
      waiting = store.load();
      publish();
    };
    window.addEventListener('online', online);
    window.addEventListener('storage', changed);
    // What waited since an earlier page goes as soon as this one can try.
    if (waiting.length > 0 && connection === 'connected') flush();
    publish();

    return {
      add(message: WaitingMessage, noAnswer: boolean) {
        if (waiting.some((m) => m.send_id === message.send_id)) return;
        failed = failed.filter((e) => e.message.send_id !== message.send_id);
        save([...waiting, message].sort(byWriting));
        if (noAnswer) unreachable = true;
        else if (connection === 'connected' && !unreachable) flush();
        publish();
      },
      discard(sendId: string) {
        if (sending?.sendId === sendId) sending.controller.abort();
        save(waiting.filter((m) => m.send_id !== sendId));
        failed = failed.filter((e) => e.message.send_id !== sendId);
        publish();
      },
      stop() {
        stopped = true;
        clearTimeout(timer);
        sending?.controller.abort();
        subscription.unsubscribe();
        window.removeEventListener('online', online);
        window.removeEventListener('storage', changed);
        state$.next(closed);
      },
    };
  }

  return {
    state$,
    sent$: sent$.asObservable(),
    add: (message, noAnswer) => current?.add(message, noAnswer),
    discard: (sendId) => current?.discard(sendId),
    open(userId) {
      current?.stop();
      const opened = run(userId, deps.storage ?? window.localStorage);
      current = opened;
      return () => {
        opened.stop();
        if (current === opened) current = null;
      };
    },
  };
}
