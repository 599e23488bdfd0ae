import { randomUUID } from 'node:crypto';
import type { MediaResponse, Message } from '@cove/contracts';
import { photo, webMp4 } from '../media/helpers/fixtures';
import { settled, upload } from '../media/helpers/upload';
import type { Party } from './chats';
import type { TestApp } from './test-app';

/** Ready vault media of a creator: `photos` different photos, then `videos` videos (one file, so one at most). */
export async function vaultMedia(
  t: TestApp,
  owner: Party,
  {
    photos,
    videos = 0,
    type = 'paid_message',
  }: { photos: number; videos?: 0 | 1; type?: 'message' | 'paid_message' },
): Promise<MediaResponse[]> {
  const files = [
    ...(await Promise.all(
      Array.from({ length: photos }, (_, i) => photo({ width: 320 + i * 8, height: 240 + i * 4 })),
    )),
    ...(videos ? [webMp4()] : []),
  ];
  const out: MediaResponse[] = [];
  for (const data of files) {
    const res = await upload(t.app, owner.token, { data }, { type });
    if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
    const ready = await settled(t.app, owner.token, (res.json() as MediaResponse).media_id);
    if (ready.status !== 'ready') throw new Error(`media ${ready.media_id} is ${ready.status}`);
    out.push(ready);
  }
  return out;
}

/** The body of a bundle send: these media in order, the first's kind as the message's type. */
export function bundleBody(
  recipientId: string,
  items: readonly MediaResponse[],
  extra: { price?: number; text?: string; preview?: number; chat_id?: string } = {},
) {
  const { preview, ...rest } = extra;
  return {
    type: items[0]?.media.type ?? 'image',
    recipient_id: recipientId,
    text: '',
    price: 0,
    send_id: randomUUID(),
    media_items: items.map((m, i) => ({ media_id: m.media_id, preview: i === preview })),
    ...rest,
  };
}

/** Sends a bundle as the creator and answers the message as sent. */
export async function sendBundle(creator: Party, body: ReturnType<typeof bundleBody>): Promise<Message> {
  const res = await creator.api.post('/v1/messages', body);
  if (res.statusCode !== 200) throw new Error(`bundle send: ${res.statusCode} ${res.body}`);
  return res.json().data as Message;
}
