/// <reference lib="dom" />
import type * as Playwright from '../../../e2e/node_modules/playwright-core';

export interface Fan {
  id: string;
  chatId: string;
}

interface StreamSetup {
  userId: string;
  fans: Fan[];
}

/**
 * Runs in the page before its scripts: the socket to `/ws` is played here, in the page, so the rate
 * holds whatever the machine's load (a timer in the bench's process, which also runs the server,
 * stalled). It greets the app as `userId`, answers pings, and on `benchStream.start(rate)` sends
 * `new_message` events from the fans in turn, in sequence, every 10 ms as many as are due at `rate`
 * since the start, as a socket delivering a busy log would. Every other socket is the browser's own.
 */
function playSocket({ userId, fans }: StreamSetup) {
  const Real = window.WebSocket;
  let live: FakeSocket | null = null;
  let seq = 0;
  let sent = 0;
  let timer: number | undefined;
  class FakeSocket extends EventTarget {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readyState = 0;
    binaryType = 'blob';
    bufferedAmount = 0;
    extensions = '';
    protocol = '';
    onopen: ((e: Event) => void) | null = null;
    onmessage: ((e: MessageEvent) => void) | null = null;
    onclose: ((e: CloseEvent) => void) | null = null;
    onerror: ((e: Event) => void) | null = null;
    constructor(readonly url: string) {
      super();
      setTimeout(() => {
        this.readyState = 1;
        this.fire(new Event('open'));
        this.receive({ type: 'init', user_id: userId, last_seq: seq, protocol: 1 });
      });
    }
    private fire(e: Event) {
      this.dispatchEvent(e);
      const handler = (this as unknown as Record<string, ((e: Event) => void) | null>)[`on${e.type}`];
      handler?.call(this, e);
    }
    receive(data: object) {
      if (this.readyState === 1) this.fire(new MessageEvent('message', { data: JSON.stringify(data) }));
    }
    send(raw: string) {
      if ((JSON.parse(raw) as { type: string }).type === 'ping') this.receive({ type: 'pong' });
    }
    close(code = 1000) {
      this.readyState = 3;
      this.fire(new CloseEvent('close', { code, wasClean: true }));
    }
  }
  const message = (n: number) => {
    const fan = fans[n % fans.length] as Fan;
    const at = new Date().toISOString();
    seq += 1;
    return {
      type: 'new_message',
      seq,
      created_at: at,
      message: {
        _id: String(10_000_000 + n),
        type: 'text',
        chat_id: fan.chatId,
        sender_id: fan.id,
        recipient_id: userId,
        text: `Live message ${n}`,
        system: false,
        notice: null,
        price: 0,
        price_in_dollars: 0,
        self_destruct: false,
        gif_url: null,
        media_id: null,
        media: null,
        media_items: null,
        parent_message_id: null,
        created_at: at,
        send_id: null,
        paid: false,
        is_read: false,
        read_at: null,
        destruct_at: null,
        deleted: false,
      },
    };
  };
  window.WebSocket = function (url: string | URL, protocols?: string | string[]) {
    if (!String(url).includes('/ws?')) return new Real(url, protocols);
    live = new FakeSocket(String(url));
    return live;
  } as unknown as typeof WebSocket;
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  Object.assign(window, {
    benchStream: {
      start(perSecond: number) {
        // What is due is counted from the clock, not from the ticks: a busy page runs fewer ticks, and
        // then gets the messages it missed at its next one, as a socket's buffer would hand them over.
        const from = performance.now();
        const first = sent;
        timer = window.setInterval(() => {
          const due = first + Math.floor(((performance.now() - from) * perSecond) / 1000);
          while (sent < due) live?.receive(message(sent++));
        }, 10);
      },
      stop() {
        window.clearInterval(timer);
        return sent;
      },
    },
  });
}

/** Plays the socket of every page of `context` (see `playSocket`). */
export async function fakeSockets(context: Playwright.BrowserContext, setup: StreamSetup): Promise<void> {
  await context.addInitScript(playSocket, setup);
}

type Streaming = { benchStream: { start(rate: number): void; stop(): number } };

export const startStream = (page: Playwright.Page, perSecond: number) =>
  page.evaluate((rate) => (window as unknown as Streaming).benchStream.start(rate), perSecond);

/** Stops the stream; answers how many messages it sent. */
export const stopStream = (page: Playwright.Page) =>
  page.evaluate(() => (window as unknown as Streaming).benchStream.stop());
