import { HttpResponse } from 'msw';

/** An error answer as the server sends it: `{ message }` with the status. */
export function failWith(status: number, message: string, extra: { code?: string } = {}): Response {
  return HttpResponse.json({ message, ...extra }, { status });
}

/** No answer at all: the client sees a network failure. */
export function networkFailure(): Response {
  return HttpResponse.error();
}

/** An empty success (204). */
export function noContent(): Response {
  return new HttpResponse(null, { status: 204 });
}
