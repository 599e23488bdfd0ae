import type { Message } from '@cove/contracts';
import type * as Playwright from '../../../e2e/node_modules/playwright-core';

export interface Fan {
  id: string;
  chatId: string;
}

/**
 * Stands in for the server's socket on `page`: greets it as `userId`, answers its pings, and on
 * `start(rate)` sends `new_message` events from `fans` in turn, `rate` a second, in sequence (ticks
 * of 10 ms, as a server writing out a busy log would). The page's HTTP calls go to the real server.
 */
export async function fakeSocket(page: Playwright.Page, userId: string, fans: Fan[]) {
  let socket: Playwright.WebSocketRoute | null = null;
  let seq = 0;
  let timer: NodeJS.Timeout | undefined;
  let sent = 0;
  await page.routeWebSocket(/\/ws\?/, (ws) => {
    socket = ws;
    ws.send(JSON.stringify({ type: 'init', user_id: userId, last_seq: seq, protocol: 1 }));
    ws.onMessage((raw) => {
      if (typeof raw === 'string' && (JSON.parse(raw) as { type: string }).type === 'ping') {
        ws.send(JSON.stringify({ type: 'pong' }));
      }
    });
  });
  const event = (fan: Fan, n: number) => {
    const at = new Date().toISOString();
    const message: Message = {
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
    };
    seq += 1;
    return JSON.stringify({ type: 'new_message', seq, created_at: at, message });
  };
  return {
    start(perSecond: number) {
      const perTick = perSecond / 100;
      let due = 0;
      timer = setInterval(() => {
        due += perTick;
        for (; due >= 1; due -= 1) {
          const n = sent++;
          const fan = fans[n % fans.length];
          if (fan && socket) socket.send(event(fan, n));
        }
      }, 10);
    },
    /** Stops sending; answers how many were sent since `start`. */
    stop(): number {
      clearInterval(timer);
      return sent;
    },
  };
}
