import type { MediaCount } from '@cove/contracts';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What a post holds, as a locked post says it: "5 photos · 1 video". */
export function mediaCountLabel({ images, videos }: MediaCount): string {
  return [images > 0 ? plural(images, 'photo') : '', videos > 0 ? plural(videos, 'video') : '']
    .filter(Boolean)
    .join(' · ');
}
