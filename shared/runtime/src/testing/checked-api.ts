import type { ApiClient, HttpMethod } from '@cove/contracts';
import type { ZodType } from 'zod';
import { genericError } from '../api/api-error';
import { describeMismatch, type ServerFailure } from '../api/client';
import { noteMismatch } from './test-server';

/**
 * An API client over answers a test hands over directly (jest mocks, say): each answer is parsed with
 * the call's schema as the real client parses it, so a fixture the server would never send fails the
 * same way (the generic error, reported) instead of slipping through.
 */
export function contractCheckedApi(
  answers: ApiClient,
  onServerFailure?: (failure: ServerFailure) => void,
): ApiClient {
  async function check<T>(method: HttpMethod, path: string, answer: Promise<T>, schema: ZodType<T>) {
    const parsed = schema.safeParse(await answer);
    if (parsed.success) return parsed.data;
    const error = genericError();
    const mismatch = describeMismatch(parsed.error.issues);
    noteMismatch(`${method} ${path}: ${mismatch}`);
    onServerFailure?.({ method, path, status: error.status, message: error.message, mismatch });
    throw error;
  }
  return {
    get: (path, o) => check('GET', path, answers.get(path, o), o.schema),
    post: (path, body, o) => check('POST', path, answers.post(path, body, o), o.schema),
    put: (path, body, o) => check('PUT', path, answers.put(path, body, o), o.schema),
    patch: (path, body, o) => check('PATCH', path, answers.patch(path, body, o), o.schema),
    delete: (path, o) => check('DELETE', path, answers.delete(path, o), o.schema),
    send: (method, path, o) => answers.send(method, path, o),
    upload: (url, form, o) => check('POST', url, answers.upload(url, form, o), o.schema),
  };
}
