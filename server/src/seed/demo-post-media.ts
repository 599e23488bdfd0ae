import type { FastifyInstance } from 'fastify';
import { demoActors, grantDemoCredits, picture, whenReady } from './demo-api';

const DAY_MS = 86_400_000;
const DIARY_PRICE = 30;
const DIARY_TIP = 20;

/**
 * Posts with several photos, a scheduled one, and numbers to show for them (docs/rules.md, Post
 * media, Scheduled posts, Post statistics): luna-rivers sells a three-photo tour diary, which sam-fan
 * buys and tips on; alex-fan, sam-fan and jordan-fan have been shown her posts; a post of hers waits
 * three days ahead in her Scheduled list. Run after the demo profiles (the follows).
 */
export async function seedDemoPostMedia(app: FastifyInstance): Promise<void> {
  const actors = await demoActors(
    app,
    ['alex-fan', 'sam-fan', 'jordan-fan', 'luna-rivers'],
    'demo post media',
  );
  const { call, upload, idOf, tokenOf } = actors;
  const photo = async (from: string, to: string, caption: string) =>
    whenReady(
      app,
      tokenOf('luna-rivers'),
      await upload('luna-rivers', await picture(from, to, caption), 'message'),
    );
  const shots = [];
  for (const [from, to, caption] of [
    ['#43cea2', '#185a9d', 'Porto'],
    ['#ee9ca7', '#ffdde1', 'Coimbra'],
    ['#f12711', '#f5af19', 'Faro'],
  ] as const) {
    const shot = await photo(from, to, caption);
    if (shot) shots.push(shot.media_id);
  }
  if (shots.length > 0) {
    const diary = (await call('luna-rivers', 'POST', '/v1/feed', {
      type: 'image',
      media_ids: shots,
      text: 'Tour diary: three cities in three nights\nPorto, Coimbra and Faro from the stage',
      price: DIARY_PRICE,
      send_id: 'demo-tour-diary',
    })) as { data: { _id: string } };
    for (const fan of ['alex-fan', 'sam-fan', 'jordan-fan'])
      await call(fan, 'GET', `/v1/feed?model_id=${idOf('luna-rivers')}`);
    // Exactly what he spends here: sam-fan is still a fan with no credits who never bought any.
    await grantDemoCredits(app, idOf('sam-fan'), DIARY_PRICE + DIARY_TIP, 'demo-post-media-grant');
    await call('sam-fan', 'PATCH', `/v1/feed/${diary.data._id}/buy`);
    await call('sam-fan', 'POST', `/v1/feed/${diary.data._id}/tip`, {
      amount: DIARY_TIP,
      send_id: 'demo-tip-tour-diary',
      message: 'Coimbra looked magical!',
    });
  }
  await call('luna-rivers', 'POST', '/v1/feed', {
    type: 'text',
    text: 'Listening party tonight at 8, link for subscribers here 🎧',
    audience: 'subscriber',
    publish_at: new Date(Date.now() + 3 * DAY_MS).toISOString(),
    send_id: 'demo-scheduled-post',
  });
  await actors.done();
}
