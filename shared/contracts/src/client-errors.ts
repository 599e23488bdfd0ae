import * as z from 'zod';

/** What the shell reports when a remote fails to load or throws while rendering (`POST /v1/client-errors`). */
export const clientErrorReport = z.object({
  remote: z.string().min(1).max(64),
  version: z.string().max(128).nullable(),
  phase: z.enum(['load', 'render']),
  message: z.string().max(2000),
});
export type ClientErrorReport = z.infer<typeof clientErrorReport>;
