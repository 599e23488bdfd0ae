import { errorBody, type ErrorCode, errorCatalogue } from '@cove/contracts';
import type { ZodMiniType } from '../zod';

type StatusOf<C extends ErrorCode> = (typeof errorCatalogue)[C]['status'];
type ErrorResponses<C extends ErrorCode> = { [K in StatusOf<C>]: typeof errorBody };

/** The distinct statuses of some catalogue codes, each answering with `errorBody`. */
export const errorResponses = (codes: readonly ErrorCode[]): Record<number, typeof errorBody> =>
  Object.fromEntries(codes.map((code) => [errorCatalogue[code].status, errorBody]));

/**
 * A route's responses: its success schemas plus `errorBody` for the status of each catalogue code its
 * services may raise (each service exports the codes it raises), so the OpenAPI description lists them
 * next to each other. What the plugins and guards answer on every route is added by `declared-errors.ts`.
 */
export function withErrors<S extends Record<number, ZodMiniType>, const C extends ErrorCode = never>(
  success: S,
  codes: readonly C[] = [],
): S & ErrorResponses<C> {
  return { ...success, ...errorResponses(codes) } as S & ErrorResponses<C>;
}
