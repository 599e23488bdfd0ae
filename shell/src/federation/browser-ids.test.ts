import { canaryIdCookie } from '@cove/contracts';
import { canaryId } from './browser-ids';

const stored = () => localStorage.getItem('cove.canary-id');
const cookie = () =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${canaryIdCookie}=`))
    ?.slice(canaryIdCookie.length + 1) ?? null;
const setCookie = (id: string) => (document.cookie = `${canaryIdCookie}=${id}; Path=/`);

beforeEach(() => {
  localStorage.clear();
  document.cookie = `${canaryIdCookie}=; Path=/; Max-Age=0`;
});

describe('the canary id', () => {
  it('is drawn on a first visit and kept in storage and in the cookie the server reads', () => {
    const id = canaryId();
    expect(id).toMatch(/^[a-f0-9]{32}$/);
    expect(stored()).toBe(id);
    expect(cookie()).toBe(id);
    expect(canaryId()).toBe(id);
  });

  it('keeps the stored id, and writes it over another cookie', () => {
    localStorage.setItem('cove.canary-id', 'stored-id-123');
    setCookie('other-id-456');
    expect(canaryId()).toBe('stored-id-123');
    expect(cookie()).toBe('stored-id-123');
  });

  it('takes the cookie’s id when storage lost it, so the page runs what the server preloaded', () => {
    setCookie('cookie-id-789');
    expect(canaryId()).toBe('cookie-id-789');
    expect(stored()).toBe('cookie-id-789');
  });

  it('ignores an id of the wrong shape', () => {
    localStorage.setItem('cove.canary-id', 'x');
    setCookie('x');
    const id = canaryId();
    expect(id).toMatch(/^[a-f0-9]{32}$/);
    expect(cookie()).toBe(id);
  });

  it('keeps one id in the cookie alone when storage is refused', () => {
    const refused = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      setCookie('cookie-only-id');
      expect(canaryId()).toBe('cookie-only-id');
    } finally {
      refused.mockRestore();
    }
  });
});
