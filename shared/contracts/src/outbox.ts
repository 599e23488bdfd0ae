import * as z from 'zod';
import { sentMessageType } from './message';

/**
 * A message waiting in a person's outbox for the connection, as this browser keeps it across reloads
 * (never a file: only what is already on the server goes with it). Read back through this schema, so
 * what an older build stored and this one cannot read is dropped rather than misread.
 */
export const waitingMessage = z.object({
  send_id: z.string(),
  chat_id: z.string(),
  recipient_id: z.string(),
  created_at: z.string(),
  warned: z.boolean(),
  draft: z.object({
    type: sentMessageType,
    text: z.string(),
    price: z.number(),
    self_destruct: z.boolean(),
    gif_url: z.string().optional(),
    parent_message_id: z.string().optional(),
  }),
  media: z
    .object({
      media_id: z.string().optional(),
      public_id: z.string().optional(),
      width: z.number().optional(),
      height: z.number().optional(),
      video_length: z.number().optional(),
    })
    .nullable(),
  bundle: z
    .array(
      z.object({
        kind: z.enum(['image', 'video']),
        preview: z.boolean(),
        media_id: z.string(),
        thumb: z.string().nullable(),
      }),
    )
    .nullable(),
});
export type WaitingMessage = z.infer<typeof waitingMessage>;
