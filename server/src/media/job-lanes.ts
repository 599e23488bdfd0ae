import type { MediaKind } from '@cove/contracts';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { bossDb } from '../jobs/boss-db';
import type { QueueDefinition } from '../jobs/jobs';
import type { VideoLimits, VideoSize } from './video-limits';
import { videoToolSeconds } from './video-renditions';

/** A queue of media jobs with workers of its own; a job belongs to the lane of its media's kind. */
export interface JobLane {
  kind: MediaKind;
  queue: string;
  /** Where jobs that failed every try end up, for support to list and retry (`npm run admin`). */
  deadLetter: string;
}

const lanes: Record<MediaKind, JobLane> = {
  image: { kind: 'image', queue: 'media-photos', deadLetter: 'media-photos-dead' },
  video: { kind: 'video', queue: 'media-videos', deadLetter: 'media-videos-dead' },
};

/**
 * A photo takes a second; a video may take minutes. Each kind has its own queue and workers, so a
 * photo queued behind a long video is made at once instead of waiting for it.
 */
export const mediaJobLanes: readonly JobLane[] = Object.values(lanes);

export const laneOf = (kind: MediaKind): JobLane => lanes[kind];

export const isMediaQueue = (queue: string) => mediaJobLanes.some((lane) => lane.queue === queue);

/**
 * Three tries, the second 30 to 60 s after the first and the third 60 to 120 s after that
 * (exponential backoff with jitter). One job per state for a media (`stately` by its id): it is
 * never processed twice at once, and queueing it again while it waits changes nothing.
 */
export const mediaQueues: QueueDefinition[] = mediaJobLanes.map((lane) => ({
  name: lane.queue,
  policy: 'stately',
  retryLimit: 2,
  retryDelay: 30,
  retryBackoff: true,
  deadLetter: lane.deadLetter,
}));

/** What a media job carries: enough to queue it again as it was (a retry from the dead letter). */
export interface MediaJobData {
  mediaId: string;
  /** How long a try may run; past it pg-boss hands the job to another worker, which covers a dead one. */
  expireInSeconds: number;
}

/** Time to copy the original in and the renditions out, on top of a job's tools. */
const TRANSFER_SECONDS = 600;

/** A try's time limit: a video's grows with its tools' limits for its length and frame size. */
export function mediaJobSeconds(video: VideoSize | null, limits: VideoLimits): number {
  return Math.ceil(TRANSFER_SECONDS + (video ? videoToolSeconds(video, limits) : 0));
}

/**
 * Queues a media job. On a transaction (`tx`) it commits or rolls back with the caller's rows;
 * otherwise it goes through pg-boss's own connection.
 */
export async function sendMediaJob(
  boss: PgBoss,
  kind: MediaKind,
  data: MediaJobData,
  tx?: Db,
): Promise<void> {
  await boss.send(laneOf(kind).queue, data, {
    singletonKey: data.mediaId,
    expireInSeconds: data.expireInSeconds,
    ...(tx ? { db: bossDb(tx) } : {}),
  });
}
