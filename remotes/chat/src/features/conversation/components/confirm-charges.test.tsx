import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failWith, testMediaResponse, testMessage } from '@cove/runtime/testing';
import { now, openChat, thread, mine, signedIn } from '../testing/conversation-harness';

signedIn();

const lockedPhoto = testMessage({
  _id: '7',
  type: 'image',
  text: 'Sunset from the bridge',
  price: 50,
  created_at: now,
  media: testMediaResponse('m7', { locked: true, st: '/media/blur.jpg' }).media,
});
const tipped = (body: unknown) => ({
  data: mine({ _id: '9', type: 'tip_user', system: true, text: 'You tipped $7.50.', tip_note: 'Thank you!' }),
  credits: 200,
  body,
});
const tipCalls = (fake: ReturnType<typeof openChat>) =>
  fake.calls.filter((c) => c.path === '/v1/messages/tip');

describe('a confirm before every charge in a chat', () => {
  it("shows a locked photo's caption, and unlocks it only after the sheet is confirmed", async () => {
    const fake = openChat({
      messages: [lockedPhoto],
      respond: ({ path }) =>
        path === '/v1/messages/7/buy'
          ? { data: { ...lockedPhoto, paid: true, media: testMediaResponse('m7').media }, credits: 70 }
          : undefined,
    });
    const list = await thread();
    expect(within(list).getByText('Sunset from the bridge')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Unlock for $5.00' }));
    await waitFor(() => expect(within(list).getByText('Bought · $5.00')).toBeInTheDocument());
    expect(fake.popups).toContainEqual({
      kind: 'confirm-charge',
      charge: { kind: 'unlock', item: 'Paid message from maya', gives: '1 photo', amount: 50 },
      backTo: '/chats/u-2',
      purchase: { model_id: 'u-2', chat_id: lockedPhoto.chat_id, message_id: '7' },
    });
    expect(fake.calls.filter((c) => c.path === '/v1/messages/7/buy')).toHaveLength(1);
  });

  it('charges nothing when the sheet is closed', async () => {
    const fake = openChat({ messages: [lockedPhoto], charge: 'dismiss' });
    const list = await thread();
    await userEvent.click(within(list).getByRole('button', { name: 'Unlock for $5.00' }));
    await waitFor(() => expect(fake.popups.map((p) => p.kind)).toEqual(['confirm-charge']));
    expect(within(list).getByRole('button', { name: 'Unlock for $5.00' })).toBeEnabled();
    expect(fake.calls.some((c) => c.path.endsWith('/buy'))).toBe(false);
  });

  it('tips a custom amount with a message, confirmed once, and shows the message in the thread', async () => {
    const fake = openChat({
      respond: ({ path }) => (path === '/v1/messages/tip' ? tipped(undefined) : undefined),
    });
    fake.session.credits = 300;
    await thread();
    await userEvent.click(screen.getByRole('button', { name: 'Tip' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Other amount' }), '7.5');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message (optional)' }), 'Thank you!');
    await userEvent.click(screen.getByRole('button', { name: 'Tip $7.50' }));
    expect(await screen.findByText('Thank you!')).toBeInTheDocument();
    expect(fake.popups).toEqual([
      {
        kind: 'confirm-charge',
        charge: { kind: 'tip', item: 'Tip for @maya', amount: 75, note: 'Thank you!' },
        backTo: '/chats/u-2',
        purchase: { model_id: 'u-2', chat_id: 'c-u-2', tip: 75 },
      },
    ]);
    expect(tipCalls(fake).map((c) => c.body)).toEqual([
      { chat_id: 'c-u-2', amount: 75, send_id: expect.any(String), message: 'Thank you!' },
    ]);
  });

  it('says what is wrong with a typed amount and sends nothing', async () => {
    const fake = openChat();
    await thread();
    await userEvent.click(screen.getByRole('button', { name: 'Tip' }));
    const amount = screen.getByRole('textbox', { name: 'Other amount' });
    await userEvent.type(amount, '600');
    expect(amount).toHaveAccessibleDescription('A tip is $0.10 to $500.00.');
    expect(screen.getAllByRole('button', { name: 'Tip' }).at(-1)).toBeDisabled();
    await userEvent.clear(amount);
    await userEvent.type(amount, '1.25');
    expect(amount).toHaveAccessibleDescription('Enter dollars in steps of $0.10, like 7.50.');
    expect(tipCalls(fake)).toHaveLength(0);
  });

  it('confirms again after a lost answer with the same send id, so the server charges once', async () => {
    let answers = 0;
    const fake = openChat({
      respond: ({ path, body }) => {
        if (path !== '/v1/messages/tip') return undefined;
        answers += 1;
        return answers === 1 ? failWith(503, 'Service unavailable') : tipped(body);
      },
    });
    fake.session.credits = 300;
    await thread();
    await userEvent.click(screen.getByRole('button', { name: 'Tip' }));
    await userEvent.click(screen.getByRole('radio', { name: '$10.00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tip $10.00' }));
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Tip $10.00' }));
    expect(await screen.findByText('Thank you!')).toBeInTheDocument();
    const ids = tipCalls(fake).map((c) => (c.body as { send_id: string }).send_id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids).size).toBe(1);
    expect(fake.popups.filter((p) => p.kind === 'confirm-charge')).toHaveLength(2);
  });
});
