import { join } from 'node:path';
import type { MediaResponse } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import { eraseDueAccounts } from '../../src/accounts/erase-account';
import { accessTokens, creatorApplications, notes, purchases, savedCards, users } from '../../src/db/schema';
import { balanceMismatches, balanceOf } from '../../src/ledger/ledger';
import { mediaForMessage } from '../../src/media';
import { fanAndCreator } from '../helpers/chats';
import { appForFile } from '../helpers/file-app';
import { photo } from '../media/helpers/fixtures';
import { messageWithMedia } from '../media/helpers/messages';
import { fetchMedia, settled, upload } from '../media/helpers/upload';

const t = appForFile();

const sweep = (now: Date) =>
  eraseDueAccounts(
    {
      db: t.db,
      storage: t.app.media.storage,
      mediaDir: join(t.app.config.dataDir, 'media'),
      realtime: t.app.realtime,
    },
    now,
  );

async function uploaded(token: string, data: Buffer, type: string): Promise<MediaResponse> {
  const res = await upload(t.app, token, { data }, { type });
  expect(res.statusCode).toBe(200);
  return settled(t.app, token, (res.json() as MediaResponse).media_id);
}

/** A creator who sold one photo to a fan and sent them another for free, then scheduled deletion. */
async function creatorLeaving() {
  const party = await fanAndCreator(t, { credits: 500 });
  const { fan, creator, chatId } = party;
  await t.db
    .update(users)
    .set({ bio: 'Songs at dawn', tags: ['music'] })
    .where(eq(users.id, creator.user.id));
  await t.db.insert(savedCards).values({
    userId: creator.user.id,
    provider: 'sandbox',
    providerRef: `card-${creator.user.id}`,
    brand: 'VISA',
    last4: '4242',
    expMonth: 12,
    expYear: 2040,
  });
  // The application that made them a creator, and a note they keep on the fan.
  await t.db.insert(creatorApplications).values({
    userId: creator.user.id,
    status: 'approved',
    dateOfBirth: '1990-04-02',
    country: 'NL',
  });
  const note = await creator.api.post('/v1/chats/note', { id: chatId, note: 'Likes jazz' });
  expect(note.statusCode).toBe(200);
  const sold = await uploaded(creator.token, await photo({ width: 400, height: 300 }), 'paid_message');
  const free = await uploaded(creator.token, await photo({ width: 300, height: 300 }), 'message');
  const paid = await messageWithMedia(t, {
    chatId,
    senderId: creator.user.id,
    recipientId: fan.user.id,
    mediaId: sold.media_id,
    price: 50,
  });
  await messageWithMedia(t, {
    chatId,
    senderId: creator.user.id,
    recipientId: fan.user.id,
    mediaId: free.media_id,
  });
  expect((await fan.api.patch(`/v1/messages/${paid.id}/buy`)).statusCode).toBe(200);

  const scheduled = await creator.api.patch(`/v1/users/${creator.user.id}`, { deleted_scheduled: true });
  expect(scheduled.json()).toMatchObject({ deleted_scheduled: true });
  const deleteAt = new Date(scheduled.json().delete_at as string);
  return { ...party, sold, free, paidId: paid.id, deleteAt };
}

/** What of the person's own writing and identity details is left: their application and chat notes. */
const applicationAndNotes = async (userId: string) => ({
  applications: await t.db.$count(creatorApplications, eq(creatorApplications.userId, userId)),
  notes: (await t.db.select({ text: notes.text }).from(notes).where(eq(notes.authorId, userId))).map(
    (n) => n.text,
  ),
});

const fullView = (mediaId: string, viewerId: string) =>
  mediaForMessage(t.app.media, mediaId, viewerId, { paid: true, bought: true, isSender: false });

describe('scheduled deletion', () => {
  it('erases personal data at delete_at and keeps money records and what the buyer paid for', async () => {
    const { fan, creator, sold, free, paidId, deleteAt } = await creatorLeaving();
    const earnings = await balanceOf(t.db, { owner: creator.user.id, kind: 'earnings' });
    const freeKeys = await t.app.media.storage.list(`m/${free.media_id}`);
    expect(freeKeys.length).toBeGreaterThan(0);

    expect(await sweep(new Date(deleteAt.getTime() - 60_000))).toBe(0);
    // The grace period passes.
    await t.db
      .update(users)
      .set({ deleteAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, creator.user.id));
    expect(await sweep(new Date())).toBe(1);

    const [row] = await t.db.select().from(users).where(eq(users.id, creator.user.id));
    expect(row).toMatchObject({
      email: `deleted-${creator.user.id}@deleted.invalid`,
      username: null,
      bio: '',
      tags: [],
      avatarUrl: null,
    });
    expect(row?.deletedAt).not.toBeNull();
    expect(await t.db.$count(savedCards, eq(savedCards.userId, creator.user.id))).toBe(0);
    // Their date of birth and country (the application) and the notes they wrote are gone.
    expect(await applicationAndNotes(creator.user.id)).toEqual({ applications: 0, notes: [] });
    const tokens = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, creator.user.id));
    expect(tokens.every((tok) => tok.revokedAt !== null)).toBe(true);
    expect((await creator.api.get('/v1/users/me')).statusCode).toBe(401);

    // The fan's chat list and chat show the account as gone.
    const listed = (await fan.api.get('/v1/chats')).json().data;
    expect(
      listed.find((c: { recipient_id: string }) => c.recipient_id === creator.user.id).other_user,
    ).toEqual({
      _id: creator.user.id,
      username: null,
      avatar_url: null,
      deleted: true,
    });
    const chat = await fan.api.get(`/v1/chat?recipient_id=${creator.user.id}`);
    expect([chat.statusCode, chat.json().message]).toEqual([410, 'Sorry, this account no longer exists.']);

    // Money records stay; the buyer still opens what they bought; the free photo is erased.
    expect(await t.db.$count(purchases, eq(purchases.messageId, paidId))).toBe(1);
    expect(await balanceOf(t.db, { owner: creator.user.id, kind: 'earnings' })).toBe(earnings);
    expect(await balanceMismatches(t.db)).toEqual([]);
    const bought = await fullView(sold.media_id, fan.user.id);
    expect((await fetchMedia(t.app, bought?.st as string)).statusCode).toBe(200);
    expect(await t.app.media.storage.list(`m/${free.media_id}`)).toEqual([]);

    // A second run finds nothing to do and changes nothing.
    expect(await sweep(new Date(Date.now() + 60_000))).toBe(0);
    const [again] = await t.db.select().from(users).where(eq(users.id, creator.user.id));
    expect(again).toEqual(row);
    expect((await fetchMedia(t.app, bought?.st as string)).statusCode).toBe(200);
  });

  it('keeps everything when cancelled before delete_at', async () => {
    const { fan, creator, free, deleteAt } = await creatorLeaving();
    const cancelled = await creator.api.patch(`/v1/users/${creator.user.id}`, { deleted_scheduled: false });
    expect(cancelled.json()).toMatchObject({ deleted_scheduled: false, delete_at: null });

    expect(await sweep(new Date(deleteAt.getTime() + 1000))).toBe(0);
    const [row] = await t.db.select().from(users).where(eq(users.id, creator.user.id));
    expect(row).toMatchObject({ email: creator.user.email, bio: 'Songs at dawn', deletedAt: null });
    expect(await applicationAndNotes(creator.user.id)).toEqual({ applications: 1, notes: ['Likes jazz'] });
    expect((await creator.api.get('/v1/users/me')).statusCode).toBe(200);
    expect((await fan.api.get(`/v1/chat?recipient_id=${creator.user.id}`)).statusCode).toBe(200);
    expect((await t.app.media.storage.list(`m/${free.media_id}`)).length).toBeGreaterThan(0);
  });

  it('is too late to cancel once delete_at has come, before the sweep runs', async () => {
    const { creator } = await creatorLeaving();
    await t.db
      .update(users)
      .set({ deleteAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, creator.user.id));
    const late = await creator.api.patch(`/v1/users/${creator.user.id}`, { deleted_scheduled: false });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ message: 'Sorry, this account no longer exists.' });
    expect(await sweep(new Date())).toBe(1);
    const [row] = await t.db.select().from(users).where(eq(users.id, creator.user.id));
    expect(row?.deletedAt).not.toBeNull();
  });
});
