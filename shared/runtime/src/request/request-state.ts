import { errorMessage } from '../api/api-error';

/** A request moves through none, fetching, fetched or error (spec section 4). */
export type RequestState<T> =
  | { status: 'none' }
  | { status: 'fetching' }
  | { status: 'fetched'; data: T }
  | { status: 'error'; message: string };

/** The parts of a TanStack Query result the request state is read from. */
export interface QueryLike<T> {
  status: 'pending' | 'error' | 'success';
  fetchStatus: 'fetching' | 'paused' | 'idle';
  data: T | undefined;
  error: unknown;
}

/**
 * The spec's request state of a query: none while it is not asked for (disabled), fetching until its
 * first answer, then fetched or error. A background refetch keeps showing what was fetched.
 */
export function requestState<T>(query: QueryLike<T>): RequestState<T> {
  if (query.status === 'success') return { status: 'fetched', data: query.data as T };
  if (query.status === 'error') return { status: 'error', message: errorMessage(query.error) };
  return query.fetchStatus === 'idle' ? { status: 'none' } : { status: 'fetching' };
}
