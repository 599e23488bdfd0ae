import { headerLinks } from './nav-items';

describe('the header links', () => {
  it('give creators their own profile and earnings, and fans neither', () => {
    const fan = headerLinks({ user: { _id: 'f1', type: 'user' } }).map((l) => l.label);
    expect(fan).toEqual(['Discover', 'Chats', 'Account']);
    expect(headerLinks({ user: { _id: 'c1', type: 'featured' } })).toEqual(
      expect.arrayContaining([
        { to: '/creators/c1', label: 'My profile' },
        { to: '/account/earnings/summary', label: 'Earnings' },
      ]),
    );
    expect(headerLinks({ user: null }).map((l) => l.label)).toEqual(['Discover', 'Chats', 'Account']);
  });
});
