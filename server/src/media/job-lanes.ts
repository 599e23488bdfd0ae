import type { MediaKind } from '@cove/contracts';

/** A queue of media jobs with workers of its own; a job belongs to the lane of its media's kind. */
export interface JobLane {
  name: string;
  kinds: readonly MediaKind[];
}

/**
 * A photo takes a second; a video may take minutes. Each kind has its own lane, so a photo queued
 * behind a long video is made at once instead of waiting for it.
 */
export const mediaJobLanes: readonly JobLane[] = [
  { name: 'photos', kinds: ['image'] },
  { name: 'videos', kinds: ['video'] },
];
