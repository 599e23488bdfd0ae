import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { fanAndCreator, type Party } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';

export const NUL = '\u0000';
export const LONE = '\ud800';
/** Looks like a UUID to a lax pattern, is not one. */
export const dashes = '-'.repeat(36);

/** The app, a fan and a creator with a chat between them, and a note on it; filled in by `beforeAll`. */
export interface World {
  t: TestApp;
  fan: Party;
  creator: Party;
  chatId: string;
  noteId: string;
}

/** Registers the hooks that build the world for this test file and close it after. */
export function hostileWorld(): World {
  const w = {} as World;
  beforeAll(async () => {
    w.t = await createTestApp();
    const pair = await fanAndCreator(w.t, { credits: 100, rate: 10 });
    Object.assign(w, { fan: pair.fan, creator: pair.creator, chatId: pair.chatId });
    const note = await w.creator.api.post('/v1/chats/note', { id: w.chatId, note: 'likes cats' });
    w.noteId = note.json().data.id as string;
  });
  afterAll(() => w.t.close());
  return w;
}

/** A digest of every table's rows: equal digests mean the requests in between changed nothing. */
async function databaseDigest(t: TestApp): Promise<string> {
  const tables = rowsOf<{ name: string }>(
    await t.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    ),
  );
  const digests = await Promise.all(
    tables.map(async ({ name }) => {
      const [row] = rowsOf<{ digest: string | null }>(
        await t.db.execute(
          sql`select md5(string_agg(t::text, ',' order by t::text)) as digest from ${sql.identifier(name)} t`,
        ),
      );
      return `${name}:${row?.digest ?? ''}`;
    }),
  );
  return digests.join(' ');
}

/** Inside a `describe`: its requests, refused, must leave every table as it was. */
export function expectDatabaseUnchanged(w: World): void {
  let before: string;
  beforeAll(async () => {
    before = await databaseDigest(w.t);
  });
  afterAll(async () => {
    expect(await databaseDigest(w.t)).toBe(before);
  });
}

export interface Case {
  name: string;
  who?: 'fan' | 'creator';
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: () => string;
  payload?: () => object;
}

export async function send(w: World, c: Case) {
  const party = c.who === 'creator' ? w.creator : w.fan;
  return w.t.app.inject({
    method: c.method,
    url: c.url(),
    headers: { 'access-token': party.token },
    ...(c.payload ? { payload: c.payload() } : {}),
  });
}
