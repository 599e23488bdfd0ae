import { eq } from 'drizzle-orm';
import { reports } from '../../src/db/schema';
import { REPORTS_PER_HOUR } from '../../src/reports/file-report';
import { fanAndCreator, person, text } from '../helpers/chats';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { openSocket, wsBase } from '../helpers/socket';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const reportsBy = (reporterId: string) =>
  t.db.select().from(reports).where(eq(reports.reporterId, reporterId));

describe('reporting someone', () => {
  it('files the reason, the note and the reported person\u2019s messages, kept after they delete one', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t, { credits: 100 });
    await fan.api.post('/v1/messages', text(creator.user.id, 'hello'));
    const sent = await creator.api.post('/v1/messages', text(fan.user.id, 'send me your card number'));
    expect(sent.statusCode).toBe(200);
    const messageId = sent.json().data._id as string;

    const res = await fan.api.post(`/v1/users/${creator.user.id}/report`, {
      reason: 'scam',
      note: 'asked for my card',
      chat_id: chatId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, report_id: expect.any(String) });
    expect((await creator.api.delete(`/v1/messages/${messageId}`)).statusCode).toBe(204);

    const [row] = await reportsBy(fan.user.id);
    expect(row).toMatchObject({ category: 'scam', reason: 'asked for my card', chatId, status: 'open' });
    // Only the reported person's messages, copied: the delete above did not erase it.
    expect(row?.evidence).toEqual([
      expect.objectContaining({ kind: 'message', id: messageId, text: 'send me your card number' }),
    ]);
  });

  it('keeps free text from older clients as the note of a report for "other"', async () => {
    const { fan, creator } = await fanAndCreator(t);
    expect(
      (await fan.api.post(`/v1/users/${creator.user.id}/report`, { reason: 'rude to me' })).statusCode,
    ).toBe(200);
    expect((await reportsBy(fan.user.id))[0]).toMatchObject({ category: 'other', reason: 'rude to me' });
  });

  it('updates an open report on the same person instead of adding another', async () => {
    const { fan, creator } = await fanAndCreator(t);
    const first = await fan.api.post(`/v1/users/${creator.user.id}/report`, { reason: 'spam' });
    const again = await fan.api.post(`/v1/users/${creator.user.id}/report`, {
      reason: 'harassment',
      note: 'again',
    });
    expect(again.json().report_id).toBe(first.json().report_id);
    const rows = await reportsBy(fan.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ category: 'harassment', reason: 'again' });
  });

  it('attaches a reported post only when it is that person\u2019s', async () => {
    const fan = await person(t);
    const creator = await person(t, { type: 'featured' });
    const other = await person(t, { type: 'featured' });
    const post = await creator.api.post('/v1/feed', {
      type: 'text',
      text: 'stolen photo set',
      send_id: 'post-1',
    });
    expect(post.statusCode).toBe(200);
    const postId = post.json().data._id as string;
    const wrong = await fan.api.post(`/v1/users/${other.user.id}/report`, {
      reason: 'stolen_content',
      post_id: postId,
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('That post is not one of this person\u2019s posts.');
    const res = await fan.api.post(`/v1/users/${creator.user.id}/report`, {
      reason: 'stolen_content',
      post_id: postId,
    });
    expect(res.statusCode).toBe(200);
    expect((await reportsBy(fan.user.id))[0]?.evidence).toEqual([
      expect.objectContaining({ kind: 'post', id: postId, text: 'stolen photo set' }),
    ]);
  });

  it('refuses yourself, a missing person and another pair\u2019s chat, and files nothing', async () => {
    const { fan, creator, chatId } = await fanAndCreator(t);
    const stranger = await person(t);
    const self = await fan.api.post(`/v1/users/${fan.user.id}/report`, { reason: 'spam' });
    expect([self.statusCode, self.json().message]).toEqual([400, 'You can not report yourself.']);
    const missing = await fan.api.post('/v1/users/00000000-0000-4000-8000-000000000000/report', {
      reason: 'spam',
    });
    expect(missing.statusCode).toBe(404);
    const notTheirs = await stranger.api.post(`/v1/users/${creator.user.id}/report`, {
      reason: 'spam',
      chat_id: chatId,
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(await reportsBy(fan.user.id)).toHaveLength(0);
    expect(await reportsBy(stranger.user.id)).toHaveLength(0);
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour, then answers 429 saying when`, async () => {
    const fan = await person(t);
    for (let i = 0; i < REPORTS_PER_HOUR; i++) {
      const target = await person(t);
      expect((await fan.api.post(`/v1/users/${target.user.id}/report`, { reason: 'spam' })).statusCode).toBe(
        200,
      );
    }
    const target = await person(t);
    const res = await fan.api.post(`/v1/users/${target.user.id}/report`, { reason: 'spam' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(
      'You have sent many reports in the last hour. Please try again in 60 minutes.',
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await reportsBy(fan.user.id)).toHaveLength(REPORTS_PER_HOUR);
  });

  it('tells staff at once, so the queue can refresh', async () => {
    const staff = await person(t, { isStaffMo: true });
    const s = openSocket(wsBase(t.app), staff.token);
    await s.opened;
    const { fan, creator } = await fanAndCreator(t);
    const res = await fan.api.post(`/v1/users/${creator.user.id}/report`, { reason: 'underage' });
    const event = await s.until((m) => m.type === 'report_filed');
    expect(event).toMatchObject({ report_id: res.json().report_id });
    s.ws.close();
  });
});
