import { currentLink, headerLinks } from './nav-items';

const notStaff = { is_staff: false, is_staff_mo: false };

describe('the header links', () => {
  it('give creators their own profile and earnings, and fans neither', () => {
    const fan = headerLinks({ user: { _id: 'f1', type: 'user', ...notStaff } }).map((l) => l.label);
    expect(fan).toEqual(['Discover', 'Chats', 'Account']);
    expect(headerLinks({ user: { _id: 'c1', type: 'featured', ...notStaff } })).toEqual(
      expect.arrayContaining([
        { to: '/creators/c1', label: 'My profile' },
        { to: '/account/earnings/summary', label: 'Earnings', section: '/account/earnings' },
      ]),
    );
    expect(headerLinks({ user: null }).map((l) => l.label)).toEqual(['Discover', 'Chats', 'Account']);
  });

  it('give staff and moderators the staff console', () => {
    for (const role of [{ is_staff: true }, { is_staff_mo: true }]) {
      const links = headerLinks({ user: { _id: 's1', type: 'user', ...notStaff, ...role } });
      expect(links.map((l) => l.label)).toEqual(['Discover', 'Chats', 'Account', 'Staff']);
      expect(currentLink(links, '/account/staff/people/x')?.label).toBe('Staff');
    }
  });
});

describe('the current link', () => {
  const links = headerLinks({ user: { _id: 'c1', type: 'featured', ...notStaff } });
  const current = (path: string) => currentLink(links, path)?.label;

  it('is the closest section: Earnings on every earnings page, Account on the rest of the account', () => {
    expect(current('/account/earnings/payouts')).toBe('Earnings');
    expect(current('/account/earnings/summary')).toBe('Earnings');
    expect(current('/account/cards')).toBe('Account');
    expect(current('/account')).toBe('Account');
    expect(current('/creators/c1')).toBe('My profile');
    expect(current('/chats/abc')).toBe('Chats');
  });

  it('is none on pages no link stands for, or that only share a prefix', () => {
    expect(current('/login')).toBeUndefined();
    expect(current('/accounts-elsewhere')).toBeUndefined();
  });
});
