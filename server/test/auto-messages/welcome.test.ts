import { deliverAutoMessages } from '../../src/auto-messages/deliver';
import { queueAutoMessages } from '../../src/auto-messages/trigger';
import { readyPhoto } from '../helpers/broadcast-world';
import { type Party, person, text } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { autoMessagesTo, awaitAutoMessages, putAuto, settle, textMessage } from './helpers';
import { creatorWith, fan, follow, jobsOf, openChat } from './trigger-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('welcome: a fan opening a chat with the creator', () => {
  it('gets the messages once, as ordinary messages from the creator, paid ones locked', async () => {
    const creator = await person(t, { type: 'featured' });
    const photo = await readyPhoto(t.db, creator.user.id);
    await putAuto(t, creator, {
      category: 'welcome',
      auto_messages: [textMessage('Hi, glad you are here!'), { type: 'media', media_id: photo, price: 30 }],
    });
    const someone = await fan(t);
    const opened = await openChat(someone, creator);
    const chatId = opened.json().data._id as string;
    await awaitAutoMessages(t, creator, someone, 2);

    const page = await someone.api.get(`/v1/chats/${chatId}/messages`);
    // The page is newest first.
    const shown = (page.json().data as { sender_id: string }[])
      .filter((m) => m.sender_id === creator.user.id)
      .reverse();
    expect(shown).toEqual([
      expect.objectContaining({ text: 'Hi, glad you are here!', price: 0, media: null }),
      expect.objectContaining({
        price: 30,
        media: expect.objectContaining({ locked: true, video_url: null }),
      }),
    ]);
    const list = await someone.api.get('/v1/chats');
    expect(list.json().data[0]).toMatchObject({ _id: chatId, unread_messages: 2 });

    // Opening the same chat again sends nothing more: once per fan.
    expect((await openChat(someone, creator)).statusCode).toBe(200);
    await settle();
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(2);
  });

  it('writes once when the delivery runs twice at once or is retried', async () => {
    const creator = await creatorWith(t, 'welcome', [textMessage('one'), textMessage('two')]);
    const someone = await fan(t);
    const deps = { db: t.db, realtime: t.app.realtime };
    const job = { creatorId: creator.user.id, fanId: someone.user.id, category: 'welcome' as const };
    const written = await Promise.all([deliverAutoMessages(deps, job), deliverAutoMessages(deps, job)]);
    expect(written.sort()).toEqual([0, 2]);
    expect(await deliverAutoMessages(deps, job)).toBe(0);
    expect((await autoMessagesTo(t, creator, someone)).map((m) => m.text)).toEqual(['one', 'two']);
    // Once delivered, a trigger queues nothing more.
    expect(await t.db.transaction((tx) => queueAutoMessages(t.app.jobs.boss, tx, job))).toBe(false);
  });

  it('queues one job for a trigger fired twice at once', async () => {
    const creator = await creatorWith(t, 'new_follower', [textMessage('thanks')], { delay_minutes: 60 });
    const someone = await fan(t);
    const job = { creatorId: creator.user.id, fanId: someone.user.id, category: 'new_follower' as const };
    const queued = await Promise.all(
      [1, 2, 3].map(() => t.db.transaction((tx) => queueAutoMessages(t.app.jobs.boss, tx, job))),
    );
    expect(queued.filter(Boolean)).toHaveLength(1);
    expect(await jobsOf(t, creator, someone, 'new_follower')).toHaveLength(1);
  });
});

describe('welcome: a chat the fan did not start', () => {
  const openFromChatPage = (who: Party, creator: Party) =>
    who.api.get(`/v1/chat?recipient_id=${creator.user.id}`);

  it('reaches a fan who followed first, when they open the chat the thank-you made', async () => {
    const creator = await creatorWith(t, 'new_follower', [textMessage('Thanks for following!')]);
    await putAuto(t, creator, { category: 'welcome', auto_messages: [textMessage('Welcome!')] });
    const someone = await fan(t);
    await follow(someone, creator);
    // The thank-you made the chat; the welcome waits for the fan to open it.
    await awaitAutoMessages(t, creator, someone, 1);
    await settle();
    expect((await autoMessagesTo(t, creator, someone)).map((m) => m.text)).toEqual(['Thanks for following!']);

    expect((await openFromChatPage(someone, creator)).statusCode).toBe(200);
    const written = await awaitAutoMessages(t, creator, someone, 2);
    expect(written.map((m) => m.text)).toEqual(['Thanks for following!', 'Welcome!']);

    // Opening it again, either way, sends nothing more.
    await openFromChatPage(someone, creator);
    await openChat(someone, creator);
    await settle();
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(2);
  });

  it('reaches a fan the creator wrote to first, not when the creator opens the chat', async () => {
    const creator = await creatorWith(t, 'welcome', [textMessage('Welcome!')]);
    const someone = await fan(t);
    expect((await openChat(creator, someone)).statusCode).toBe(200);
    await creator.api.post('/v1/messages', text(someone.user.id, 'Hi there'));
    await settle();
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(0);

    await openFromChatPage(someone, creator);
    expect((await awaitAutoMessages(t, creator, someone, 1)).map((m) => m.text)).toEqual(['Welcome!']);
  });

  it('reaches a fan whose chat opens as an intro: the notice written as it opens is not the fan writing', async () => {
    const creator = await person(t, { type: 'featured', creditRate: 10, introEnabled: true });
    await putAuto(t, creator, { category: 'welcome', auto_messages: [textMessage('Welcome!')] });
    const someone = await fan(t);
    const opened = await openChat(someone, creator);
    expect(opened.json().data).toMatchObject({ is_intro: true });
    expect((await awaitAutoMessages(t, creator, someone, 1)).map((m) => m.text)).toEqual(['Welcome!']);
  });

  it('does not reach a fan already talking with the creator when the welcome is set', async () => {
    const creator = await person(t, { type: 'featured', creditRate: 0 });
    const someone = await fan(t);
    await openChat(someone, creator);
    expect((await someone.api.post('/v1/messages', text(creator.user.id, 'Hello!'))).statusCode).toBe(200);
    await putAuto(t, creator, { category: 'welcome', auto_messages: [textMessage('Welcome!')] });

    await openFromChatPage(someone, creator);
    await settle();
    expect(await autoMessagesTo(t, creator, someone)).toHaveLength(0);
  });
});
