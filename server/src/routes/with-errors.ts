import { errorBody } from '@cove/contracts';
import type { ZodType } from 'zod';

/** What any API route can answer: a refused request, the rate limit, a masked failure. */
const always = [400, 429, 500] as const;

type ErrorResponses<E extends number> = { [K in E | (typeof always)[number]]: typeof errorBody };

/**
 * A route's responses: its success schemas plus `errorBody` for each error status it can answer with,
 * so the OpenAPI description lists them next to each other.
 */
export function withErrors<S extends Record<number, ZodType>, const E extends number = never>(
  success: S,
  statuses: readonly E[] = [],
): S & ErrorResponses<E> {
  const errors = Object.fromEntries([...always, ...statuses].map((status) => [status, errorBody]));
  return { ...success, ...errors } as S & ErrorResponses<E>;
}
