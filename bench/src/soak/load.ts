import { setTimeout as sleep } from 'node:timers/promises';
import { buyCredits, type Person } from './people';
import { uploadPhoto } from './photos';

export interface Cast {
  creators: Person[];
  fans: Person[];
}

const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;
let sends = 0;
const sendId = () => `soak-${process.pid}-${++sends}`;

/** Keeps a fan's balance from running out, so paid sends, unlocks and tips keep being the real thing. */
async function topUp(fan: Person): Promise<void> {
  if (fan.credits < 300) await buyCredits(fan);
}

const noteCredits = (who: Person, body: string) => {
  const credits = (JSON.parse(body) as { credits?: number }).credits;
  if (typeof credits === 'number') who.credits = credits;
};

/** One kind of thing people do, with how often it comes up relative to the others. */
interface Operation {
  weight: number;
  run(cast: Cast): Promise<void>;
}

const operations: Record<string, Operation> = {
  fan_send: {
    weight: 20,
    async run({ creators, fans }) {
      const fan = pick(fans);
      await topUp(fan);
      const res = await fan.api.call('fan_send', 'POST', '/v1/messages', {
        recipient_id: pick(creators).id,
        text: `soak message ${sends}`,
        send_id: sendId(),
      });
      if (res.status === 200) noteCredits(fan, res.body);
    },
  },
  creator_send: {
    weight: 10,
    async run({ creators, fans }) {
      await pick(creators).api.call('creator_send', 'POST', '/v1/messages', {
        recipient_id: pick(fans).id,
        text: `soak reply ${sends}`,
        send_id: sendId(),
      });
    },
  },
  // A creator uploads a photo, sends it to a fan for a price, and the fan unlocks it.
  paid_unlock: {
    weight: 4,
    async run({ creators, fans }) {
      const creator = pick(creators);
      const fan = pick(fans);
      const media = await uploadPhoto(creator, 'paid_message');
      if (!media) return;
      const sent = await creator.api.call('paid_send', 'POST', '/v1/messages', {
        recipient_id: fan.id,
        type: 'image',
        price: 10,
        send_id: sendId(),
        ...media,
      });
      if (sent.status !== 200) return;
      await topUp(fan);
      const id = sent.json<{ data: { _id: string } }>().data._id;
      const bought = await fan.api.call('unlock', 'PATCH', `/v1/messages/${id}/buy`);
      if (bought.status === 200) noteCredits(fan, bought.body);
    },
  },
  // A fan sends a photo of their own, free.
  fan_photo: {
    weight: 3,
    async run({ creators, fans }) {
      const fan = pick(fans);
      await topUp(fan);
      const media = await uploadPhoto(fan, 'message');
      if (!media) return;
      const res = await fan.api.call('photo_send', 'POST', '/v1/messages', {
        recipient_id: pick(creators).id,
        type: 'image',
        send_id: sendId(),
        ...media,
      });
      if (res.status === 200) noteCredits(fan, res.body);
    },
  },
  tip: {
    weight: 4,
    async run({ creators, fans }) {
      const fan = pick(fans);
      await topUp(fan);
      const chatId = fan.chats.get(pick(creators).id);
      if (!chatId) return;
      const res = await fan.api.call('tip', 'POST', '/v1/messages/tip', {
        chat_id: chatId,
        amount: 5,
        send_id: sendId(),
      });
      if (res.status === 200) noteCredits(fan, res.body);
    },
  },
  chat_list: {
    weight: 15,
    async run({ creators, fans }) {
      await pick([...creators, ...fans]).api.call('chat_list', 'GET', '/v1/chats?limit=20');
      // Tab totals are a creator's.
      await pick(creators).api.call('chat_totals', 'GET', '/v1/chats/total');
    },
  },
  thread: {
    weight: 10,
    async run({ creators, fans }) {
      const fan = pick(fans);
      const creator = pick(creators);
      const chatId = fan.chats.get(creator.id);
      if (chatId)
        await pick([fan, creator]).api.call('thread', 'GET', `/v1/chats/${chatId}/messages?limit=50`);
    },
  },
  profile: {
    weight: 8,
    async run({ creators, fans }) {
      await pick(fans).api.call('profile', 'GET', `/v1/users/${pick(creators).id}/profile`);
    },
  },
  discover: {
    weight: 6,
    async run({ fans }) {
      const fan = pick(fans);
      await fan.api.call('discover', 'GET', '/v1/users/discover');
      await fan.api.call('discover_cards', 'GET', '/v1/discover/cards');
    },
  },
  me: {
    weight: 5,
    async run({ creators, fans }) {
      await pick([...creators, ...fans]).api.call('me', 'GET', '/v1/users/me');
    },
  },
};

const total = Object.values(operations).reduce((sum, o) => sum + o.weight, 0);

function randomOperation(): Operation {
  let r = Math.random() * total;
  for (const op of Object.values(operations)) if ((r -= op.weight) < 0) return op;
  return operations.me as Operation;
}

/**
 * `workers` people-like loops, together about `rate` operations a second (an operation is one to four
 * requests), until `until`. Each loop waits for its answer before the next, so a slow server gets
 * fewer requests rather than a growing queue.
 */
export async function runLoad(cast: Cast, opts: { workers: number; rate: number; until: number }) {
  const gapMs = (1000 * opts.workers) / opts.rate;
  const worker = async () => {
    while (Date.now() < opts.until) {
      const started = Date.now();
      await randomOperation().run(cast);
      // Random gaps around the mean, so the loops do not march in step.
      await sleep(Math.max(0, gapMs * 2 * Math.random() - (Date.now() - started)));
    }
  };
  await Promise.all(Array.from({ length: opts.workers }, worker));
}
