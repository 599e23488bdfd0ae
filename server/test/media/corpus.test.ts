import type { MediaResponse } from '@cove/contracts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { signedInUser } from '../helpers/users';
import { hostileCorpus } from './helpers/corpus';
import { hasLocation } from './helpers/fixtures';
import { leftovers } from './helpers/leftovers';
import { fetchMedia, settled, upload } from './helpers/upload';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refusals = new Set([400, 413, 415, 422]);

it('survives a corpus of over a hundred malformed and hostile files: clear answers, clean outputs, nothing left behind', async () => {
  const corpus = await hostileCorpus();
  expect(corpus.length).toBeGreaterThanOrEqual(100);
  const creator = await signedInUser(t.db, { type: 'featured' });
  const outcomes: Record<string, string> = {};
  const problems: string[] = [];

  for (const file of corpus) {
    const { fields, ...part } = file;
    const res = await upload(t.app, creator.token, part, fields);
    if (refusals.has(res.statusCode)) {
      const message = res.json().message as string;
      if (!message || /something went wrong/i.test(message))
        problems.push(`${file.label}: vague refusal "${message}"`);
      outcomes[file.label] = `${res.statusCode}`;
      continue;
    }
    if (res.statusCode !== 200) {
      problems.push(`${file.label}: status ${res.statusCode} ${res.body}`);
      continue;
    }
    const body = await settled(t.app, creator.token, (res.json() as MediaResponse).media_id);
    outcomes[file.label] = body.status;
    if (body.status === 'failed' && !body.message) problems.push(`${file.label}: failed without a reason`);
    if (body.status !== 'ready') continue;
    for (const url of [body.media.th, body.media.st, body.media.rt, body.media.sr, body.media.video_url]) {
      if (!url) continue;
      const out = await fetchMedia(t.app, url);
      if (out.statusCode !== 200) problems.push(`${file.label}: ${url} answered ${out.statusCode}`);
      else if (hasLocation(out.rawPayload))
        problems.push(`${file.label}: ${url} still carries location or camera metadata`);
    }
  }

  if (process.env.COVE_SHOW_CORPUS) console.warn(outcomes);
  expect(problems).toEqual([]);
  expect(await leftovers(t)).toEqual([]);
  expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  // Every refusal and every accepted file is accounted for; the valid seeds' doubles still work.
  expect(Object.keys(outcomes)).toHaveLength(new Set(corpus.map((f) => f.label)).size);
  expect(outcomes['a JPEG with a path in its name']).toBe('ready');
  expect(outcomes['a PNG of 144 MP of zeros (a zlib bomb)']).toBe('413');
  expect(outcomes['an HLS playlist reading a local file']).toBe('422');
  expect(outcomes['an AVI carrying an HLS playlist']).toMatch(/^4\d\d$/);
}, 600_000);
