import type { FastifyInstance } from 'fastify';
import { demoActors, picture, whenReady, type UploadedMedia } from './demo-api';

/** Pictures for sasha-noir's two bundles: colours and captions. */
const studies = [
  ['#f7971e', '#ffd200', 'Study I'],
  ['#c471f5', '#fa71cd', 'Study II'],
  ['#30cfd0', '#330867', 'Study III'],
] as const;
const sketches = [
  ['#232526', '#414345', 'Sketch 1'],
  ['#ee0979', '#ff6a00', 'Sketch 2'],
  ['#00c6ff', '#0072ff', 'Sketch 3'],
  ['#56ab2f', '#a8e063', 'Sketch 4'],
] as const;

/**
 * Bundles in use (docs/rules.md, "Bundles"): sasha-noir sends alex-fan two paid bundles from her
 * vault, each with its text and the first picture free as a preview; alex has bought the first, the
 * second waits locked. Runs after the demo chats (their chat exists). Without media processing the
 * demo world is made without them.
 */
export async function seedDemoBundles(app: FastifyInstance): Promise<void> {
  const { idOf, tokenOf, call, upload, done } = await demoActors(
    app,
    ['alex-fan', 'sasha-noir'],
    'demo bundles',
  );
  try {
    const vault = async (list: readonly (readonly [string, string, string])[]) => {
      const ready: UploadedMedia[] = [];
      for (const [from, to, caption] of list) {
        const uploaded = await upload('sasha-noir', await picture(from, to, caption), 'paid_message');
        const done = await whenReady(app, tokenOf('sasha-noir'), uploaded);
        if (!done) return null;
        ready.push(done);
      }
      return ready;
    };
    const send = (items: UploadedMedia[], text: string, price: number, sendId: string) =>
      call('sasha-noir', 'POST', '/v1/messages', {
        type: 'image',
        recipient_id: idOf('alex-fan'),
        text,
        price,
        send_id: sendId,
        media_items: items.map((m, i) => ({ media_id: m.media_id, preview: i === 0 })),
      });
    const first = await vault(studies);
    const second = first && (await vault(sketches));
    if (!first || !second) {
      app.log.warn('demo world: made without its bundles (media processing is not available)');
      return;
    }
    const bought = await send(first, 'My new series: three colour studies 🎨', 60, 'demo-bundle-1');
    await call('alex-fan', 'PATCH', `/v1/messages/${(bought.data as { _id: string })._id}/buy`);
    await send(second, 'Behind the scenes: four sketches nobody has seen ✏️', 90, 'demo-bundle-2');
  } finally {
    await done();
  }
}
