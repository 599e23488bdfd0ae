import { fanAndCreator, grantCredits, person, text, type Party } from '../helpers/chats';
import { appForFile } from '../helpers/file-app';

const t = appForFile();

interface Row {
  _id: string;
  recipient_id: string;
  hidden: boolean;
}

const listed = async (as: Party, query = '') =>
  (await as.api.get(`/v1/chats?v=2&limit=20${query}`)).json<{ data: Row[] }>().data;
const names = (rows: Row[]) => rows.map((r) => r.recipient_id).sort();

/** A creator with chats from three fans, the first of them hidden. */
async function inboxWithHidden() {
  const { fan, creator } = await fanAndCreator(t, { credits: 100 });
  const others = [await person(t, { type: 'user' }), await person(t, { type: 'user' })];
  for (const o of others) {
    await grantCredits(t.db, o.user.id, 100);
    await o.api.post('/v1/chat', { recipient_id: creator.user.id });
  }
  for (const f of [fan, ...others]) await f.api.post('/v1/messages', text(creator.user.id, 'hello'));
  const hiddenChat = (await listed(creator)).find((c) => c.recipient_id === fan.user.id);
  if (!hiddenChat) throw new Error('no chat');
  expect((await creator.api.patch('/v1/chats', { action: 'hide', ids: [hiddenChat._id] })).statusCode).toBe(
    200,
  );
  return { creator, fan, others, hiddenChat };
}

describe('hidden chats', () => {
  it('leave the inbox and show on the Hidden tab, marked hidden, with their own total', async () => {
    const { creator, fan, others } = await inboxWithHidden();
    expect(names(await listed(creator))).toEqual(others.map((o) => o.user.id).sort());
    const hidden = await listed(creator, '&type=hidden');
    expect(hidden.map((c) => [c.recipient_id, c.hidden])).toEqual([[fan.user.id, true]]);
    const totals = (await creator.api.get('/v1/chats/total')).json();
    expect(totals).toMatchObject({ all: 2, hidden: 1 });
  });

  it('are found by a search on any tab', async () => {
    const { creator, fan } = await inboxWithHidden();
    const found = await listed(creator, `&search=${encodeURIComponent(fan.user.username ?? '')}`);
    expect(found.map((c) => [c.recipient_id, c.hidden])).toEqual([[fan.user.id, true]]);
  });

  it('stay hidden when opened, and come back to the inbox when unhidden', async () => {
    const { creator, fan, hiddenChat } = await inboxWithHidden();
    const opened = await creator.api.get(`/v1/chat?recipient_id=${fan.user.id}`);
    expect(opened.json().data).toMatchObject({ hidden: true });
    expect(await listed(creator, '&type=hidden')).toHaveLength(1);

    const unhide = await creator.api.patch('/v1/chats', { action: 'unhide', ids: [hiddenChat._id] });
    expect(unhide.json()).toEqual({ updated: 1 });
    expect(await listed(creator, '&type=hidden')).toEqual([]);
    expect((await listed(creator)).map((c) => c.recipient_id)).toContain(fan.user.id);
    expect((await creator.api.get('/v1/chats/total')).json()).toMatchObject({ all: 3, hidden: 0 });
  });

  it('are unhidden all at once from the Hidden tab, and only the caller’s own', async () => {
    const { creator, fan, hiddenChat } = await inboxWithHidden();
    // The fan's unhide changes his own side of the chat only, never the creator's.
    expect((await fan.api.patch('/v1/chats', { action: 'unhide', ids: [hiddenChat._id] })).json()).toEqual({
      updated: 1,
    });
    expect(await listed(creator, '&type=hidden')).toHaveLength(1);
    const all = await creator.api.patch('/v1/chats', { action: 'unhide', except_ids: [], type: 'hidden' });
    expect(all.json()).toEqual({ updated: 1 });
    expect(await listed(creator, '&type=hidden')).toEqual([]);
  });

  it('are never a broadcast category', async () => {
    const { creator } = await inboxWithHidden();
    const sent = await creator.api.post('/v1/broadcast/send', { category: 'hidden', text: 'Hi all' });
    expect(sent.statusCode).toBe(400);
  });
});
