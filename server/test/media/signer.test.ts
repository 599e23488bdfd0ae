import { parseRange } from '../../src/media/byte-range';
import { UrlSigner } from '../../src/media/url-signer';

const id = '3f1c9a52-8d4e-4b7a-9c1e-2a6f0b5d7e81';
const viewer = '9b2e4d61-7a3c-4f8e-b1d5-6c0a2e9f4b73';

describe('signed media URLs', () => {
  it('carry the grant and nothing else opens them', () => {
    let now = Date.UTC(2026, 0, 1);
    const signer = new UrlSigner(Buffer.from('x'.repeat(43)), 3600, () => now);
    const url = signer.url(id, 'st', viewer);
    const [, , token, file] = url.split('/');
    expect(file).toBe('st.jpg');
    expect(signer.verify(token as string, 'st.jpg')).toMatchObject({
      mediaId: id,
      viewerId: viewer,
      rendition: 'st',
    });
    expect(signer.verify(token as string, 'bl.jpg')).toBeNull();
    expect(
      new UrlSigner(Buffer.from('y'.repeat(43)), 3600, () => now).verify(token as string, 'st.jpg'),
    ).toBeNull();
    expect(signer.verify(`${token}A`, 'st.jpg')).toBeNull();
    expect(signer.verify('', 'st.jpg')).toBeNull();
    // Stable within a quarter of the lifetime, so browsers can cache; dead after at most 1.25 lifetimes.
    now += 60_000;
    expect(signer.url(id, 'st', viewer)).toBe(url);
    now += 75 * 60_000;
    expect(signer.verify(token as string, 'st.jpg')).toBeNull();
  });
});

describe('byte ranges', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=5-', { start: 5, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=90-500', { start: 90, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=9-3', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=0-1,5-6', null],
    ['items=0-1', null],
    ['bytes=-', null],
  ])('%s of 100 bytes', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});
