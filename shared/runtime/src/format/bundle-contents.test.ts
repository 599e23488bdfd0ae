import { bundleContents } from './bundle-contents';

const photo = { type: 'image' as const, video_length: null };
const video = (s: number | null) => ({ type: 'video' as const, video_length: s });

describe('what a bundle holds', () => {
  it.each([
    [[photo, photo, photo, video(42)], '3 photos · 1 video 42s'],
    [[photo, video(null)], '1 photo · 1 video'],
    [[video(65), video(12.4)], '2 videos 1m05s, 12s'],
    [[photo, photo], '2 photos'],
  ])('%j reads %s', (items, line) => expect(bundleContents(items)).toBe(line));
});
