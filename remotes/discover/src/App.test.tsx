import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@cove/router';
import { fakeHost, testProfile, testUser } from '@cove/runtime/testing';
import App from './App';
import { allGenders, discoverQuery, genderStorageKey } from './features/feed/model/discover-filters';

function renderAt(path: string, host: ReturnType<typeof fakeHost>['host']) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/discover/*" element={<App host={host} />} />
        <Route path="/creators/*" element={<App host={host} />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => window.localStorage.clear());

describe('discover query', () => {
  it('sends featured by default, nearby as type=near, and other as trans', () => {
    expect(discoverQuery({ tab: 'featured', query: '', genders: allGenders })).toEqual({
      offset: 0,
      limit: 20,
      featured: 'true',
      q: undefined,
      type: undefined,
      gender: undefined,
    });
    expect(
      discoverQuery({ tab: 'nearby', query: ' maya ', genders: { male: false, female: true, other: true } }),
    ).toMatchObject({ featured: 'false', q: 'maya', type: 'near', gender: 'female,trans' });
  });
});

describe('discover', () => {
  it('shows creators to signed-in people and keeps gender choices in this browser', async () => {
    const { host, calls } = fakeHost({
      user: testUser(),
      respond: () => ({
        data: [testProfile({ _id: 'c-1', username: 'maya', last_online: new Date().toISOString() })],
        next: null,
      }),
    });
    renderAt('/discover', host);
    const grid = await screen.findByRole('list', { name: 'Creators' });
    expect(within(grid).getByRole('link', { name: /maya/ })).toHaveAttribute('href', '/creators/c-1');
    expect(within(grid).getByLabelText('Recently online')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ path: '/v1/users/discover', query: { featured: 'true', limit: '20' } });

    await userEvent.click(screen.getByRole('button', { name: 'Men' }));
    expect(screen.getByRole('button', { name: 'Men' })).toHaveAttribute('aria-pressed', 'false');
    expect(JSON.parse(window.localStorage.getItem(genderStorageKey) ?? '{}')).toEqual({
      male: false,
      female: true,
      other: true,
    });
    await screen.findByRole('list', { name: 'Creators' });
    expect(calls.at(-1)?.query).toMatchObject({ gender: 'female,trans' });
  });

  it('follows the server’s next link for more creators', async () => {
    const { host, calls } = fakeHost({
      user: testUser(),
      respond: ({ query }) =>
        query.offset === '20'
          ? { data: [testProfile({ _id: 'c-2', username: 'noah' })], next: null }
          : {
              data: [testProfile({ _id: 'c-1' })],
              next: '/v1/users/discover?offset=20&limit=20&featured=true',
            },
    });
    renderAt('/discover', host);
    const grid = await screen.findByRole('list', { name: 'Creators' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(grid).findByRole('link', { name: /noah/ })).toHaveAttribute('href', '/creators/c-2');
    expect(within(grid).getAllByRole('link')).toHaveLength(2);
    expect(calls[1]?.query).toMatchObject({ offset: '20' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks signed-out people to sign in, with the filters in view', () => {
    const { host } = fakeHost({ user: null });
    renderAt('/discover', host);
    expect(screen.getByRole('navigation', { name: 'Discover filters' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in to discover creators' })).toBeInTheDocument();
    expect(document.title).toBe('Discover · Cove');
  });

  it('renders creator profiles under /creators', () => {
    const { host } = fakeHost({ user: null });
    renderAt('/creators/c-1', host);
    expect(screen.getByRole('heading', { name: 'Creator profile', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Creator profile · Cove');
    expect(screen.getByRole('heading', { name: 'Sign in to see this profile' })).toBeInTheDocument();
  });
});
