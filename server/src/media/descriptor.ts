import type { MediaDescriptor, MediaResponse, RenditionName } from '@cove/contracts';
import type { MediaRow } from '../db/schema';
import type { UrlSigner } from './url-signer';

/**
 * The media as one viewer sees it, with URLs signed for that viewer. Locked: every image field is
 * the blurred preview and there is no video URL. Until processing is done, every URL is null.
 */
export function describeMedia(
  signer: UrlSigner,
  row: MediaRow,
  viewerId: string,
  view: 'full' | 'locked',
): MediaDescriptor {
  const ready = row.status === 'ready';
  const url = (name: RenditionName) =>
    ready && row.renditions[name] ? signer.url(row.id, name, viewerId) : null;
  const locked = view === 'locked';
  return {
    media_id: row.id,
    public_id: row.publicId,
    type: row.kind,
    status: row.status,
    locked,
    th: url(locked ? 'bl' : 'th'),
    st: url(locked ? 'bl' : 'st'),
    rt: url(locked ? 'bl' : 'rt'),
    sr: url(locked ? 'bl' : 'sr'),
    video_url: locked ? null : url('mp4'),
    width: row.width,
    height: row.height,
    video_length: row.videoLength,
  };
}

/** The spec's media response: the descriptor plus its status and, after a failure, the reason. */
export function mediaResponseOf(
  signer: UrlSigner,
  row: MediaRow,
  viewerId: string,
  view: 'full' | 'locked' = 'full',
): MediaResponse {
  return {
    media_id: row.id,
    public_id: row.publicId,
    width: row.width,
    height: row.height,
    video_length: row.videoLength,
    status: row.status,
    message: row.status === 'failed' ? row.error : null,
    media: describeMedia(signer, row, viewerId, view),
  };
}
