import { AUTO_MESSAGE_LIMIT, type AutoMessageCategoryDto } from '@cove/contracts';
import { type Party, person } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { readyPhoto } from '../helpers/broadcast-world';
import { putAuto, textMessage } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const categoryOf = async (who: Party, name: string) => {
  const res = await who.api.get('/v1/auto-messages');
  expect(res.statusCode).toBe(200);
  return (res.json().data as AutoMessageCategoryDto[]).find((c) => c.category === name);
};

describe('GET and PUT /v1/auto-messages', () => {
  it('refuses anyone but a creator', async () => {
    const fan = await person(t, { type: 'user' });
    const get = await fan.api.get('/v1/auto-messages');
    expect(get.statusCode).toBe(403);
    expect(get.json().code).toBe('forbidden');
    const put = await putAuto(t, fan, { category: 'welcome', auto_messages: [textMessage('Hi')] });
    expect(put.statusCode).toBe(403);
  });

  it('lists every category, empty until saved', async () => {
    const creator = await person(t, { type: 'featured' });
    const res = await creator.api.get('/v1/auto-messages');
    expect(res.json().data).toEqual(
      ['welcome', 'new_follower', 'new_subscriber', 'first_purchase'].map((category) => ({
        category,
        excerpt: '',
        delay_minutes: 0,
        cooldown_hours: 0,
        messages: [],
      })),
    );
  });

  it('replaces a category wholesale, in order, and clears it with an empty list', async () => {
    const creator = await person(t, { type: 'featured' });
    const photo = await readyPhoto(t.db, creator.user.id);
    const first = await putAuto(t, creator, {
      category: 'welcome',
      delay_minutes: 15,
      cooldown_hours: 2,
      auto_messages: [textMessage('Welcome to my page!'), { type: 'media', media_id: photo, price: 50 }],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      category: 'welcome',
      excerpt: 'Welcome to my page!',
      delay_minutes: 15,
      cooldown_hours: 2,
      messages: [
        { type: 'text', text: 'Welcome to my page!', price: 0, media_id: null, media: null },
        { type: 'media', price: 50, media_id: photo, media: { media_id: photo, locked: false } },
      ],
    });

    const replaced = await putAuto(t, creator, {
      category: 'welcome',
      auto_messages: [{ type: 'media', media_id: photo, text: '', price: 20 }],
    });
    expect(replaced.json().data).toMatchObject({ excerpt: 'Paid: Photo', delay_minutes: 0 });
    expect((await categoryOf(creator, 'welcome'))?.messages).toHaveLength(1);
    expect((await categoryOf(creator, 'new_follower'))?.messages).toHaveLength(0);

    const cleared = await putAuto(t, creator, { category: 'welcome', auto_messages: [] });
    expect(cleared.json().data).toEqual({
      category: 'welcome',
      excerpt: '',
      delay_minutes: 0,
      cooldown_hours: 0,
      messages: [],
    });
  });

  it('refuses bad input and changes nothing', async () => {
    const creator = await person(t, { type: 'featured' });
    const other = await person(t, { type: 'featured' });
    const theirs = await readyPhoto(t.db, other.user.id);
    await putAuto(t, creator, {
      category: 'new_follower',
      auto_messages: [textMessage('Thanks for the follow')],
    });
    const before = await categoryOf(creator, 'new_follower');

    const tooMany = Array.from({ length: AUTO_MESSAGE_LIMIT + 1 }, (_, i) => textMessage(`m${i}`));
    const cases: [object, number, string][] = [
      [{ auto_messages: tooMany }, 400, 'validation'],
      [{ auto_messages: [{ type: 'media', media_id: 'nope' }] }, 400, 'media_not_usable'],
      [{ auto_messages: [{ type: 'media', media_id: theirs }] }, 400, 'media_not_usable'],
      [{ auto_messages: [{ type: 'media' }] }, 400, 'media_required'],
      [{ auto_messages: [textMessage('fine'), textMessage('  ')] }, 400, 'empty_text'],
      [{ auto_messages: [textMessage('x', 100_001)] }, 400, 'validation'],
      [{ auto_messages: [textMessage('x')], delay_minutes: 1441 }, 400, 'validation'],
      [{ auto_messages: [textMessage('x')], cooldown_hours: -1 }, 400, 'validation'],
    ];
    for (const [body, status, code] of cases) {
      const res = await putAuto(t, creator, { category: 'new_follower', ...body });
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
    }
    const bad = await putAuto(t, creator, { category: 'birthday', auto_messages: [] });
    expect(bad.statusCode).toBe(400);
    expect(await categoryOf(creator, 'new_follower')).toEqual(before);
  });
});
