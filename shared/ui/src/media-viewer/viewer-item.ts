import type { MediaDescriptor } from '@cove/contracts';
import type { ViewerItem } from './MediaViewer';

/**
 * What the viewer shows of one media descriptor: nothing while it is locked, processing or failed
 * (the server sends no full view of locked media, and the viewer never asks for one).
 */
export function viewerItemOf(media: MediaDescriptor, alt: string): ViewerItem | null {
  if (media.locked || media.status !== 'ready') return null;
  // `st` is the whole picture (fits 1440 x 1440); the rest are smaller crops.
  const still = media.st ?? media.rt ?? media.th ?? undefined;
  if (media.type === 'video')
    return media.video_url
      ? { kind: 'video', src: media.video_url, poster: still, width: media.width, height: media.height, alt }
      : null;
  return still ? { kind: 'image', src: still, width: media.width, height: media.height, alt } : null;
}
