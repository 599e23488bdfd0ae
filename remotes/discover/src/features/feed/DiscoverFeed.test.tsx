import { failWith, fakeHost, testProfile, testUser } from '@cove/runtime/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../testing/render';

beforeEach(() => window.localStorage.clear());

describe('discover cards in the grid', () => {
  it('shows photo or initials, presence, prices, a bio excerpt and whether the fan follows', async () => {
    const { host } = fakeHost({
      user: testUser(),
      respond: () => ({
        data: [
          testProfile({
            _id: 'c-1',
            username: 'maya_rose',
            is_online: true,
            credit_rate: 15,
            subscription_price: 99,
            bio: 'Painter. '.repeat(20),
            is_followee: true,
          }),
          testProfile({ _id: 'c-2', username: 'noah', avatar_url: '/a/noah.jpg', credit_rate: 0 }),
        ],
        next: null,
      }),
    });
    renderAt('/discover', host);
    const grid = await screen.findByRole('list', { name: 'Creators' });
    const [maya, noah] = within(grid).getAllByRole('link') as [HTMLElement, HTMLElement];
    expect(maya).toHaveTextContent('MR');
    expect(within(maya).getByLabelText('Online')).toBeInTheDocument();
    expect(maya).toHaveTextContent('$1.50 / message · $9.90 / month');
    expect(within(maya).getByText('Following')).toBeInTheDocument();
    expect(within(maya).getByText(/^Painter\..*…$/)).toBeInTheDocument();
    expect(noah.querySelector('img')).toHaveAttribute('src', '/a/noah.jpg');
    expect(noah).toHaveTextContent('Free messages');
    expect(noah).not.toHaveTextContent('/ month');
    expect(within(noah).queryByText('Following')).toBeNull();
  });

  it('loads the first screen’s photos at once and first, and the rest as they scroll into view', async () => {
    const profiles = Array.from({ length: 6 }, (_, i) =>
      testProfile({ _id: `c-${i}`, username: `c${i}`, avatar_url: `/a/${i}.jpg` }),
    );
    const { host } = fakeHost({ user: testUser(), respond: () => ({ data: profiles, next: null }) });
    renderAt('/discover', host);
    const grid = await screen.findByRole('list', { name: 'Creators' });
    const photos = within(grid)
      .getAllByRole('link')
      .map((card) => card.querySelector('img'));
    expect(photos.map((img) => img?.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(photos[0]).toHaveAttribute('fetchpriority', 'high');
  });

  it('sends the search, and says when nobody matches', async () => {
    const { host, calls } = fakeHost({ user: testUser(), respond: () => ({ data: [], next: null }) });
    renderAt('/discover?tab=nearby', host);
    await screen.findByRole('heading', { name: 'No creators match' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search creators' }), 'zed{Enter}');
    expect(await screen.findByText(/Nobody matches “zed”/)).toBeInTheDocument();
    expect(calls.at(-1)?.query).toMatchObject({ q: 'zed', type: 'near', featured: 'false' });
    // The search stays when the tab changes.
    expect(screen.getByRole('link', { name: 'Everyone' })).toHaveAttribute(
      'href',
      '/discover?tab=everyone&q=zed',
    );
  });

  it('searches as the person types, once they pause, and keeps one entry in the history', async () => {
    const { host, calls } = fakeHost({ user: testUser(), respond: () => ({ data: [], next: null }) });
    renderAt('/discover', host);
    await screen.findByRole('heading', { name: 'No creators match' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search creators' }), 'luna');
    expect(await screen.findByText(/Nobody matches “luna”/)).toBeInTheDocument();
    // One request for the words typed, none for each letter.
    expect(calls.map((c) => c.query.q)).toEqual([undefined, 'luna']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search creators' }));
    expect(await screen.findByText('Try another tab or switch more genders on.')).toBeInTheDocument();
  });

  it('says what Nearby means, and what to try when nobody is near', async () => {
    const { host } = fakeHost({ user: testUser(), respond: () => ({ data: [], next: null }) });
    renderAt('/discover?tab=nearby', host);
    expect(
      await screen.findByText('Nobody is in a time zone near yours yet. Try Everyone.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Creators whose local time is within two hours of yours.')).toBeInTheDocument();
  });

  it('sends the invite code the person signed up with, so its creator comes first', async () => {
    const { host, calls } = fakeHost({
      user: testUser({ code_used: 'luna-rivers' }),
      respond: () => ({ data: [], next: null }),
    });
    renderAt('/discover', host);
    await screen.findByRole('heading', { name: 'No creators match' });
    expect(calls.at(-1)?.query).toMatchObject({ code_used: 'luna-rivers', featured: 'true' });
  });

  it('says what went wrong and tries again', async () => {
    let fail = true;
    const { host } = fakeHost({
      user: testUser(),
      respond: () => (fail ? failWith(500, 'Discover is resting.') : { data: [testProfile()], next: null }),
    });
    renderAt('/discover', host);
    expect(await screen.findByRole('alert')).toHaveTextContent('Discover is resting.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Creators' })).toBeInTheDocument();
  });

  it('keeps the featured list 10 minutes, and Refresh asks again now', async () => {
    const { host, calls } = fakeHost({
      user: testUser(),
      respond: () => ({ data: [testProfile()], next: null }),
    });
    renderAt('/discover', host);
    await screen.findByRole('list', { name: 'Creators' });
    await userEvent.click(screen.getByRole('link', { name: 'Everyone' }));
    await screen.findByRole('list', { name: 'Creators' });
    await userEvent.click(screen.getByRole('link', { name: 'Featured' }));
    await screen.findByRole('list', { name: 'Creators' });
    expect(calls.map((c) => c.query.featured)).toEqual(['true', 'false']);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByRole('list', { name: 'Creators' });
    expect(calls.map((c) => c.query.featured)).toEqual(['true', 'false', 'true']);
  });

  it('links creators to their own profile', async () => {
    const { host } = fakeHost({
      user: testUser({ _id: 'c-9', type: 'featured' }),
      respond: () => ({ data: [], next: null }),
    });
    renderAt('/discover', host);
    expect(screen.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/creators/c-9');
  });
});
