import type { FastifyInstance } from 'fastify';
import { postMovement } from '../ledger/ledger';
import { demoActors } from './demo-api';

/**
 * luna-rivers knows her fans: sam-fan tips her (so her fans' spending differs: alex-fan a lot, sam-fan
 * $12.00, jordan-fan nothing), she made sam-fan a VIP from his chat, and she keeps two named lists
 * with people on them, ready as broadcast audiences. sam-fan's credits are a promotional grant he
 * spends at once, so the demo fans' balances stay as the other journeys expect them.
 */
export async function seedDemoFans(app: FastifyInstance): Promise<void> {
  const actors = await demoActors(app, ['luna-rivers', 'sam-fan', 'alex-fan', 'jordan-fan'], 'demo fans');
  const { call, idOf } = actors;
  await app.db.transaction((tx) =>
    postMovement(tx, {
      kind: 'promotional_grant',
      reference: { demo: 'fans' },
      idempotencyKey: 'demo-fans-grant',
      entries: [
        { account: { owner: null, kind: 'promotions' }, amount: -120 },
        { account: { owner: idOf('sam-fan'), kind: 'credits' }, amount: 120 },
      ],
    }),
  );
  const chatOf = async (creator: string, fan: string) =>
    ((await call(creator, 'GET', `/v1/chat?recipient_id=${idOf(fan)}`)) as { data: { chat_id: string } }).data
      .chat_id;
  const samChat = await chatOf('luna-rivers', 'sam-fan');
  await call('sam-fan', 'POST', '/v1/messages/tip', {
    chat_id: samChat,
    amount: 120,
    send_id: 'demo-fans-tip',
  });
  await call('luna-rivers', 'PUT', `/v1/chats/${samChat}/vip`, { vip: true });

  const listOf = async (name: string) =>
    ((await call('luna-rivers', 'POST', '/v1/fan-lists', { name })) as { data: { _id: string } }).data._id;
  const music = await listOf('Music lovers');
  const lisbon = await listOf('Lisbon trip');
  for (const [list, fan] of [
    [music, 'alex-fan'],
    [music, 'jordan-fan'],
    [lisbon, 'alex-fan'],
    [lisbon, 'sam-fan'],
  ] as const) {
    await call('luna-rivers', 'PUT', `/v1/fan-lists/${list}/chats/${await chatOf('luna-rivers', fan)}`);
  }
  await actors.done();
}
