import type { MediaKind } from '@cove/contracts';
import { formatDuration } from './duration';

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a bundle holds, in one line a locked bubble can show: counts by kind and each video's length,
 * "3 photos · 1 video 42s", "2 videos 1m05s, 12s".
 */
export function bundleContents(items: readonly { type: MediaKind; video_length: number | null }[]): string {
  const photos = items.filter((i) => i.type === 'image').length;
  const videos = items.filter((i) => i.type === 'video');
  const lengths = videos.flatMap((v) => (v.video_length === null ? [] : [formatDuration(v.video_length)]));
  return [
    photos ? counted(photos, 'photo', 'photos') : '',
    videos.length
      ? `${counted(videos.length, 'video', 'videos')}${lengths.length ? ` ${lengths.join(', ')}` : ''}`
      : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
