import type { FanList, FanProfile } from '@cove/contracts';
import { testUser } from '@cove/runtime/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { now, openChat, signedIn, thread } from '../testing/conversation-harness';

signedIn();

const profile = (overrides: Partial<FanProfile> = {}): FanProfile => ({
  chat_id: 'c-u-2',
  fan_id: 'u-2',
  spent: 1250,
  subscription: { since: '2026-03-03T10:00:00.000Z', renews: true, period_end: '2026-12-02T10:00:00.000Z' },
  last_purchase: { kind: 'tip', amount: 50, at: '2026-11-20T10:00:00.000Z' },
  vip: false,
  list_ids: ['l-1'],
  ...overrides,
});
const list = (id: string, name: string, members = 1): FanList => ({
  _id: id,
  name,
  members,
  created_at: now,
});

/** A creator's chat with maya, whose fan figures and lists the server answers from `state`. */
function creatorChat(
  state: { profile: FanProfile; lists: FanList[] } = {
    profile: profile(),
    lists: [list('l-1', 'Night owls', 4)],
  },
) {
  return openChat({
    user: testUser({ _id: 'u-1', type: 'featured' }),
    confirm: true,
    respond: ({ method, path, body }) => {
      if (path === '/v1/chats/c-u-2/fan') return { data: state.profile };
      if (path === '/v1/fan-lists' && method === 'GET') return { data: state.lists };
      if (path === '/v1/fan-lists' && method === 'POST') {
        const made = list('l-2', (body as { name: string }).name, 0);
        state.lists = [...state.lists, made];
        return { data: made };
      }
      if (path === '/v1/fan-lists/l-2/chats/c-u-2' && method === 'PUT') {
        state.profile = { ...state.profile, list_ids: [...state.profile.list_ids, 'l-2'] };
        return undefined;
      }
      if (path === '/v1/fan-lists/l-1' && method === 'PATCH') {
        const renamed = list('l-1', (body as { name: string }).name, 4);
        state.lists = state.lists.map((l) => (l._id === 'l-1' ? renamed : l));
        return { data: renamed };
      }
      if (path === '/v1/chats/c-u-2/vip') {
        state.profile = { ...state.profile, vip: (body as { vip: boolean }).vip };
        return { vip: state.profile.vip };
      }
      return undefined;
    },
  });
}

/** A window as wide as a laptop's, or as narrow as a phone's. */
function screenWidth(wide: boolean) {
  window.matchMedia = ((query: string) =>
    ({
      matches: wide && query.includes('min-width'),
      media: query,
    }) as MediaQueryList) as typeof window.matchMedia;
}

describe('the fan panel', () => {
  beforeEach(() => screenWidth(true));
  afterAll(() => Reflect.deleteProperty(window, 'matchMedia'));

  it('shows a creator what the fan spent, his subscription and last purchase in dollars', async () => {
    creatorChat();
    await thread();
    // On a wide screen the panel starts open beside the conversation.
    expect(screen.getByRole('button', { name: 'Fan' })).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByRole('complementary', { name: 'About maya' });
    expect(await within(panel).findByText('$125.00')).toBeInTheDocument();
    expect(within(panel).getByText(/^Since .*2026 · renews .*2026$/)).toBeInTheDocument();
    expect(within(panel).getByText(/^Tip · \$5\.00 · /)).toBeInTheDocument();
    expect(within(panel).getByRole('checkbox', { name: 'VIP' })).not.toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'Night owls (4)' })).toBeChecked();
    // Her notes are there too.
    expect(within(panel).getByRole('textbox', { name: 'New note' })).toBeInTheDocument();
  });

  it('reads his figures again when he pays in this chat', async () => {
    const state = { profile: profile({ spent: 0, last_purchase: null }), lists: [] };
    const fake = creatorChat(state);
    await thread();
    const panel = await screen.findByRole('complementary', { name: 'About maya' });
    expect(await within(panel).findByText('$0.00')).toBeInTheDocument();
    state.profile = profile({ spent: 300 });
    act(() =>
      fake.bus.pushServerEvent({
        type: 'message_paid',
        message_id: '7',
        chat_id: 'c-u-2',
        destruct_at: null,
        seq: 1,
        created_at: now,
      }),
    );
    expect(await within(panel).findByText('$30.00')).toBeInTheDocument();
  });

  it('says so when he never paid or subscribed', async () => {
    creatorChat({ profile: profile({ spent: 0, subscription: null, last_purchase: null }), lists: [] });
    await thread();
    const panel = await screen.findByRole('complementary', { name: 'About maya' });
    expect(await within(panel).findByText('$0.00')).toBeInTheDocument();
    expect(within(panel).getByText('Not subscribed')).toBeInTheDocument();
    expect(within(panel).getByText('Nothing yet')).toBeInTheDocument();
  });

  it('makes him a VIP and puts him on a new list from the chat', async () => {
    const fake = creatorChat();
    await thread();
    const panel = await screen.findByRole('complementary', { name: 'About maya' });
    await userEvent.click(await within(panel).findByRole('checkbox', { name: 'VIP' }));
    await waitFor(() => expect(within(panel).getByRole('checkbox', { name: 'VIP' })).toBeChecked());
    expect(fake.calls).toContainEqual(
      expect.objectContaining({ method: 'PUT', path: '/v1/chats/c-u-2/vip', body: { vip: true } }),
    );

    await userEvent.type(within(panel).getByRole('textbox', { name: 'New list name' }), 'Regulars');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add to new list' }));
    expect(await within(panel).findByRole('checkbox', { name: 'Regulars (0)' })).toBeChecked();
    expect(fake.calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/v1/fan-lists', body: { name: 'Regulars' } }),
    );
    expect(within(panel).getByRole('textbox', { name: 'New list name' })).toHaveValue('');
  });

  it('takes him off a list, renames one and deletes one after asking', async () => {
    const fake = creatorChat();
    await thread();
    const panel = await screen.findByRole('complementary', { name: 'About maya' });
    await userEvent.click(await within(panel).findByRole('checkbox', { name: 'Night owls (4)' }));
    await waitFor(() =>
      expect(fake.calls).toContainEqual(
        expect.objectContaining({ method: 'DELETE', path: '/v1/fan-lists/l-1/chats/c-u-2' }),
      ),
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Rename list Night owls' }));
    const name = within(panel).getByRole('textbox', { name: 'New name for Night owls' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Early birds');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fake.calls).toContainEqual(
        expect.objectContaining({
          method: 'PATCH',
          path: '/v1/fan-lists/l-1',
          body: { name: 'Early birds' },
        }),
      ),
    );
    await userEvent.click(await within(panel).findByRole('button', { name: 'Delete list Early birds' }));
    await waitFor(() =>
      expect(fake.calls).toContainEqual(
        expect.objectContaining({ method: 'DELETE', path: '/v1/fan-lists/l-1' }),
      ),
    );
    expect(fake.popups).toContainEqual(
      expect.objectContaining({ kind: 'generic', confirmLabel: 'Delete list' }),
    );
  });

  it('covers the conversation on a phone as a sheet that keeps focus and gives it back on Escape', async () => {
    screenWidth(false);
    creatorChat();
    await thread();
    const opener = screen.getByRole('button', { name: 'Fan' });
    await userEvent.click(opener);
    const sheet = await screen.findByRole('dialog', { name: 'About maya' });
    expect(await within(sheet).findByText('$125.00')).toBeInTheDocument();
    // Tab cycles inside the sheet: the conversation behind it is out of reach.
    for (let i = 0; i < 12; i++) {
      await userEvent.tab();
      expect(sheet).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'About maya' })).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('is never offered to a fan', async () => {
    const fake = openChat();
    await thread();
    expect(screen.queryByRole('button', { name: 'Fan' })).toBeNull();
    expect(fake.calls.some((c) => c.path.endsWith('/fan') || c.path.startsWith('/v1/fan-lists'))).toBe(false);
  });
});
