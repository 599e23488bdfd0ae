import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeHost, testUser, type RecordedCall } from '@cove/runtime/testing';
import { renderAccount } from '../../../testing/render-account';

const person = (id: string, username: string, at: string) => ({
  user: {
    _id: id,
    username,
    type: 'featured',
    gender: null,
    avatar_url: null,
    last_online: null,
    is_online: false,
    intro_enabled: false,
  },
  blocked_at: at,
});

/** A server keeping whom the person blocked, two a page, as `GET /v1/users/blocked` pages them. */
function server(start: ReturnType<typeof person>[]) {
  let list = start;
  return (call: RecordedCall) => {
    const unblock = /^\/v1\/users\/(.+)\/block$/.exec(call.path);
    if (unblock && call.method === 'DELETE') {
      list = list.filter((p) => p.user._id !== unblock[1]);
      return { ok: true };
    }
    if (call.path !== '/v1/users/blocked') return undefined;
    const offset = Number(call.query.offset ?? 0);
    const page = list.slice(offset, offset + 2);
    const next = offset + 2 < list.length ? `/v1/users/blocked?limit=2&offset=${offset + 2}` : null;
    return { data: page, next };
  };
}

const section = () => screen.findByRole('region', { name: 'Blocked people' });

describe('blocked people', () => {
  it('is reached from Settings', async () => {
    renderAccount('/account/settings', fakeHost({ user: testUser() }).host);
    const box = screen.getByRole('region', { name: 'Blocked people' });
    expect(within(box).getByRole('link', { name: /unblock the people you blocked/ })).toHaveAttribute(
      'href',
      '/account/settings/blocked',
    );
  });

  it('lists whom I blocked page by page, and unblocks only after I confirm', async () => {
    const fake = fakeHost({
      user: testUser(),
      respond: server([
        person('c-1', 'luna-rivers', '2026-01-03T10:00:00.000Z'),
        person('c-2', 'mira-kent', '2026-01-02T10:00:00.000Z'),
        person('c-3', 'theo-vance', '2026-01-01T10:00:00.000Z'),
      ]),
      popupOutcome: (spec) => ({
        action: spec.kind === 'generic' && spec.confirmLabel === 'Unblock' ? 'confirm' : 'dismiss',
      }),
    });
    renderAccount('/account/settings/blocked', fake.host);
    const box = await section();
    const list = await within(box).findByRole('list', { name: 'Blocked people' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['luna-rivers', 'mira-kent']);
    await userEvent.click(within(box).getByRole('button', { name: /more/i }));
    expect(await within(list).findByRole('listitem', { name: 'theo-vance' })).toBeInTheDocument();

    await userEvent.click(within(box).getByRole('button', { name: 'Unblock mira-kent' }));
    expect(fake.popups.at(-1)).toMatchObject({ sentence: expect.stringContaining('Unblock mira-kent?') });
    expect(fake.calls.some((c) => c.method === 'DELETE' && c.path === '/v1/users/c-2/block')).toBe(true);
    await within(box).findByRole('listitem', { name: 'theo-vance' });
    expect(within(box).queryByRole('listitem', { name: 'mira-kent' })).toBeNull();
  });

  it('changes nothing when the confirmation is dismissed, and says when nobody is blocked', async () => {
    const fake = fakeHost({
      user: testUser(),
      respond: server([person('c-1', 'luna-rivers', '2026-01-03T10:00:00.000Z')]),
    });
    renderAccount('/account/settings/blocked', fake.host);
    const box = await section();
    await userEvent.click(await within(box).findByRole('button', { name: 'Unblock luna-rivers' }));
    expect(fake.calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(within(box).getByRole('listitem', { name: 'luna-rivers' })).toBeInTheDocument();
  });

  it('shows an empty list plainly, and a block made in a chat without a reload', async () => {
    const blocked: ReturnType<typeof person>[] = [];
    const fake = fakeHost({ user: testUser(), respond: server(blocked) });
    renderAccount('/account/settings/blocked', fake.host);
    const box = await section();
    expect(await within(box).findByText('You have not blocked anyone')).toBeInTheDocument();
    blocked.push(person('c-9', 'ivy-moon', '2026-01-04T10:00:00.000Z'));
    act(() => fake.bus.pushServerEvent({ type: 'chat_updated', chat_id: 'chat-9', seq: 1, created_at: '' }));
    expect(await within(box).findByRole('listitem', { name: 'ivy-moon' })).toBeInTheDocument();
  });
});
