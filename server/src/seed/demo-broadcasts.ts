import type { FastifyInstance } from 'fastify';
import { demoActors } from './demo-api';

/** When the demo's scheduled broadcast goes: 19:00 UTC the day after the world is made. */
export function demoBroadcastTime(now = new Date()): Date {
  const at = new Date(now);
  at.setUTCDate(at.getUTCDate() + 1);
  at.setUTCHours(19, 0, 0, 0);
  return at;
}

/**
 * luna-rivers has a broadcast scheduled for tomorrow evening to all her chats, so her broadcast
 * stats and composer show one (with its cancel) from the first visit; the demo chats stay as they are
 * until it goes.
 */
export async function seedDemoBroadcasts(app: FastifyInstance): Promise<void> {
  const actors = await demoActors(app, ['luna-rivers'], 'demo broadcasts');
  await actors.call('luna-rivers', 'POST', '/v1/broadcast/send', {
    category: 'all',
    type: 'text',
    text: 'My new single is out Friday: you hear it here first, the night before 🎧',
    send_at: demoBroadcastTime().toISOString(),
    send_id: 'demo-friday-single',
  });
  await actors.done();
}
