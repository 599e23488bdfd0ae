import { usernameAvailableResponse, usernameProblem, type ApiClient } from '@cove/contracts';
import { useEffect, useState } from 'react';
import { errorMessage, isAborted } from '../api/api-error';

/** What the live check says about a username as it is typed. */
export type UsernameCheck =
  | { state: 'empty' }
  | { state: 'unchanged' }
  | { state: 'invalid'; message: string }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'taken'; message: string }
  | { state: 'error'; message: string };

const debounceMs = 350;

/**
 * The spec's username rules checked at once, then availability asked of the server
 * (`GET /v1/username-available`) once typing pauses. The user's own current name needs no check.
 */
export function useUsernameCheck(api: ApiClient, value: string, current: string | null): UsernameCheck {
  const name = value.trim();
  const problem = name ? usernameProblem(name) : null;
  const needsServer = Boolean(name) && !problem && name.toLowerCase() !== current?.toLowerCase();
  const [answer, setAnswer] = useState<{ name: string; check: UsernameCheck } | null>(null);

  useEffect(() => {
    if (!needsServer) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      api
        .get('/v1/username-available', {
          query: { username: name },
          schema: usernameAvailableResponse,
          signal: controller.signal,
        })
        .then(
          (r) =>
            setAnswer({
              name,
              check: r.available
                ? { state: 'available' }
                : { state: 'taken', message: r.message ?? 'This Username Has Already Been Taken' },
            }),
          (err: unknown) => {
            if (!isAborted(err)) setAnswer({ name, check: { state: 'error', message: errorMessage(err) } });
          },
        );
    }, debounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [api, name, needsServer]);

  if (!name) return { state: 'empty' };
  if (problem) return { state: 'invalid', message: problem };
  if (!needsServer) return { state: 'unchanged' };
  return answer?.name === name ? answer.check : { state: 'checking' };
}
