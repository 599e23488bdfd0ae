import type { MediaResponse } from '@cove/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/users';
import { photo } from './helpers/fixtures';
import { leftovers } from './helpers/leftovers';
import { settled, upload } from './helpers/upload';

let t: TestApp;
beforeAll(async () => {
  // Four megapixels decoded at once: two of the photos below, never three.
  t = await createTestApp({ env: { MEDIA_DECODE_MEGAPIXELS: '4' } });
});
afterAll(() => t?.close());

it('takes many large photos at once: every one is made, and never more pixels are decoded at once than the budget', async () => {
  const { token } = await signedInUser(t.db, { type: 'featured' });
  const photos = await Promise.all(
    Array.from({ length: 8 }, (_, i) => photo({ width: 1600, height: 1200 + i })),
  );
  // Every decode, at upload and in the job, as the budget admits it.
  const budget = t.app.media.pixels;
  const run = budget.run.bind(budget);
  let peakPixels = 0;
  let running = 0;
  let peakRunning = 0;
  let decodes = 0;
  budget.run = (pixels, work) =>
    run(pixels, async () => {
      decodes++;
      peakPixels = Math.max(peakPixels, budget.inFlight);
      peakRunning = Math.max(peakRunning, ++running);
      try {
        return await work();
      } finally {
        running--;
      }
    });
  try {
    const answers = await Promise.all(photos.map((data) => upload(t.app, token, { data })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const made = await Promise.all(
      answers.map((a) => settled(t.app, token, (a.json() as MediaResponse).media_id)),
    );
    expect(made.map((m) => [m.status, m.width, m.height])).toEqual(
      photos.map((_, i) => ['ready', 1600, 1200 + i]),
    );
  } finally {
    budget.run = run;
  }
  // A check and a set of renditions for each photo.
  expect(decodes).toBe(16);
  expect(peakPixels).toBeLessThanOrEqual(4_000_000);
  // Two fit side by side, and they did run side by side.
  expect(peakRunning).toBe(2);
  expect(budget.inFlight).toBe(0);
  expect(await leftovers(t)).toEqual([]);
}, 120_000);
