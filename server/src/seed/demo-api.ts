import { createHash } from 'node:crypto';
import { headlessBrowserInfo, mediaResponse } from '@cove/contracts';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { issueAccessToken, revokeAccessToken } from '../auth/tokens';
import { users } from '../db/schema';
import { postMovement } from '../ledger/ledger';
import { demoEmail } from './demo-world';
import { scene } from './scene';

/**
 * A 1200 x 900 photo-like landscape as a JPEG: its sky runs from `from` (the horizon) to `to`, and
 * `caption` (what the picture shows) chooses the rest; a dark sky makes a city at night.
 */
export async function picture(from: string, to: string, caption: string): Promise<Buffer> {
  const image = await scene(caption, { width: 1200, height: 900, sky: [from, to] });
  return image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

export interface UploadedMedia {
  media_id: string;
  public_id: string;
}

/**
 * The demo people acting through the API, each with a session of their own, so every count, charge
 * and event the demo world holds is the real one. `done` ends the sessions.
 */
export async function demoActors(app: FastifyInstance, names: string[], what: string) {
  const rows = await app.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, names.map(demoEmail)));
  const idOf = (name: string) => {
    const row = rows.find((r) => r.email === demoEmail(name));
    if (!row) throw new Error(`demo user ${name} is missing`);
    return row.id;
  };
  const tokens = new Map<string, string>();
  // Sessions the seed opens on the server itself, revoked when it is done: as if each person had
  // passed their second factor (staff routes require one).
  for (const name of names)
    tokens.set(name, await issueAccessToken(app.db, idOf(name), { factorPassed: true }));
  const tokenOf = (name: string) => tokens.get(name) ?? '';

  const call = async (
    as: string,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const res = await app.inject({ method, url, headers: { 'access-token': tokenOf(as) }, payload });
    if (res.statusCode >= 300)
      throw new Error(`${what}: ${method} ${url} answered ${res.statusCode} ${res.body}`);
    return res.statusCode === 204 ? {} : res.json<Record<string, unknown>>();
  };

  const upload = async (
    as: string,
    bytes: Buffer,
    type: 'message' | 'paid_message',
    file = { name: 'photo.jpg', type: 'image/jpeg' },
  ): Promise<UploadedMedia> => {
    const form = new FormData();
    form.append('file_size', String(bytes.length));
    form.append('md5', createHash('md5').update(bytes).digest('hex'));
    form.append('type', type);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: file.type }), file.name);
    const body = new Request('http://demo/', { method: 'POST', body: form });
    const res = await app.inject({
      method: 'POST',
      url: '/v1/media',
      headers: { 'access-token': tokenOf(as), 'content-type': body.headers.get('content-type') ?? '' },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    if (res.statusCode >= 300) throw new Error(`${what}: upload answered ${res.statusCode} ${res.body}`);
    const media = res.json<UploadedMedia>();
    return { media_id: media.media_id, public_id: media.public_id };
  };

  const done = async () => {
    for (const token of tokens.values()) await revokeAccessToken(app.db, token);
  };
  return { idOf, tokenOf, call, upload, done };
}

/** What the demo's card payments say of the browser they came from. */
const demoBrowser = headlessBrowserInfo('Cove demo world');

/**
 * A fan buys a credit package with the sandbox's test Visa, as at the payment screen; with
 * `messageId`, to unlock that paid message.
 */
/**
 * Credits Cove gives a demo person for what the seed has them buy (a promotional grant, once per
 * `key`): their balance after it and their first card purchase stay as the other demo stories expect.
 */
export async function grantDemoCredits(
  app: FastifyInstance,
  userId: string,
  credits: number,
  key: string,
): Promise<void> {
  await app.db.transaction((tx) =>
    postMovement(tx, {
      kind: 'promotional_grant',
      reference: { demo: key },
      idempotencyKey: key,
      entries: [
        { account: { owner: null, kind: 'promotions' }, amount: -credits },
        { account: { owner: userId, kind: 'credits' }, amount: credits },
      ],
    }),
  );
}

export async function buyCredits(
  app: FastifyInstance,
  token: string,
  amount: number,
  opts: { key: string; saveCard?: boolean; messageId?: string },
): Promise<void> {
  const card = await app.inject({
    method: 'POST',
    url: '/sandbox/v1/tokens',
    payload: {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 3,
      cvc: '123',
    },
  });
  const paid = await app.inject({
    method: 'POST',
    url: '/v1/payment',
    headers: { 'access-token': token },
    payload: {
      amount,
      success_url: '/account/get-credits',
      fail_url: '/account/get-credits',
      browser_info: demoBrowser,
      card_token: card.json<{ token: string }>().token,
      save_card: opts.saveCard ?? false,
      idempotency_key: opts.key,
      ...(opts.messageId ? { message_id: opts.messageId } : {}),
    },
  });
  if (paid.statusCode >= 300)
    throw new Error(`demo credits: payment answered ${paid.statusCode} ${paid.body}`);
}

/** Waits until an upload is processed; null when it failed, took too long, or no worker processes media. */
export async function whenReady(
  app: FastifyInstance,
  token: string,
  media: UploadedMedia,
  ms = 60_000,
): Promise<UploadedMedia | null> {
  if (app.config.media.workers === 0) return null;
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    const res = await app.inject({ url: `/v1/media/${media.media_id}`, headers: { 'access-token': token } });
    const { status } = mediaResponse.parse(res.json());
    if (status === 'ready') return media;
    if (status === 'failed') return null;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return null;
}
