import { fakeHost, testConfig, testProfile, testUser, type RecordedCall } from '@cove/runtime/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testCard, testMedia, testPost } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';

const cards = [
  testCard({
    _id: 'c-1',
    username: 'maya',
    profileFeed: [1, 2, 3, 4].map((n) =>
      testPost({ _id: `f-${n}`, type: 'image', text: `Shot ${n}`, media: testMedia({ th: `/t/${n}.jpg` }) }),
    ),
  }),
  testCard({ _id: 'c-2', username: 'noah' }),
];

function serve(call: RecordedCall) {
  if (call.path === '/v1/discover/cards') return { data: cards };
  if (call.path === '/v1/users/discover') {
    // A search finds one creator; browsing finds three.
    const found = call.query.q ? ['ana'] : ['ana', 'ben', 'cy'];
    return { data: found.map((u) => testProfile({ _id: `p-${u}`, username: u })), next: null };
  }
  if (call.path.endsWith('/follow')) return { is_followee: true, followers: 1 };
  return undefined;
}

const visited = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path.endsWith('/visited')).map((c) => c.path);

describe('discover cards', () => {
  it('shows one card at a time, records each shown, and moves on with Skip', async () => {
    const fake = fakeHost({ user: testUser({ type: 'user', gender: 'male' }), respond: serve });
    fake.session.config = testConfig();
    renderAt('/discover', fake.host);
    const card = await screen.findByRole('article', { name: 'Suggested creator maya' });
    expect(within(card).getAllByRole('img')).toHaveLength(3);
    expect(within(card).getByRole('link', { name: 'View profile' })).toHaveAttribute('href', '/creators/c-1');
    await waitFor(() => expect(visited(fake.calls)).toEqual(['/v1/discover/cards/c-1/visited']));

    await userEvent.click(within(card).getByRole('button', { name: 'Follow' }));
    expect(await within(card).findByRole('button', { name: 'Following' })).toBeDisabled();
    expect(fake.calls.find((c) => c.path === '/v1/users/c-1/follow')?.method).toBe('PATCH');

    await userEvent.click(within(card).getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('article', { name: 'Suggested creator noah' })).toBeInTheDocument();
    await waitFor(() =>
      expect(visited(fake.calls)).toEqual([
        '/v1/discover/cards/c-1/visited',
        '/v1/discover/cards/c-2/visited',
      ]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.queryByRole('region', { name: 'Suggested for you' })).toBeNull();
  });

  it('keeps the creators list loading until the suggestion is known, so the card never pushes it down', async () => {
    let answerCards: () => void = () => {};
    const cardsAnswered = new Promise<void>((resolve) => (answerCards = resolve));
    const fake = fakeHost({
      user: testUser({ type: 'user', gender: 'male' }),
      respond: async (call) => {
        if (call.path === '/v1/discover/cards') await cardsAnswered;
        return serve(call);
      },
    });
    fake.session.config = testConfig();
    renderAt('/discover', fake.host);
    // The creators have answered; the list still shows as loading while the suggestion is asked for.
    await waitFor(() => expect(fake.calls.some((c) => c.path === '/v1/users/discover')).toBe(true));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Creators' })).toBeNull();
    answerCards();
    const card = await screen.findByRole('article', { name: 'Suggested creator maya' });
    // In the page's order the first row of creators comes first (a phone shows them before the card).
    const order = Array.from(screen.getByRole('list', { name: 'Creators' }).children).map((item) =>
      item.contains(card) ? 'card' : item.textContent?.match(/ana|ben|cy/)?.[0],
    );
    expect(order).toEqual(['ana', 'ben', 'card', 'cy']);
  });

  it('leaves a search’s results to themselves', async () => {
    const fake = fakeHost({ user: testUser({ type: 'user', gender: 'male' }), respond: serve });
    fake.session.config = testConfig();
    renderAt('/discover?q=ana', fake.host);
    const list = await screen.findByRole('list', { name: 'Creators' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Suggested for you' })).toBeNull();
  });

  it('asks nothing for people the cards are not for', async () => {
    const fake = fakeHost({ user: testUser({ type: 'user', gender: 'female' }), respond: serve });
    fake.session.config = testConfig();
    renderAt('/discover', fake.host);
    await screen.findByRole('list', { name: 'Creators' });
    expect(fake.calls.some((c) => c.path === '/v1/discover/cards')).toBe(false);
  });
});
