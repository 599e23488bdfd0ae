/** Answers by operation and status class; every 5xx is also kept with its body, for the report. */
export class Tally {
  readonly byOp = new Map<string, Record<string, number>>();
  readonly serverErrors: { op: string; status: number; body: string; at: string }[] = [];
  /** The first refusal (4xx) of each operation and status, to tell expected ones from mistakes. */
  readonly refusals = new Map<string, string>();
  /** Requests that got no answer at all (a reset connection, a timeout). */
  failures = 0;

  count(op: string, status: number, body: string): void {
    const row = this.byOp.get(op) ?? {};
    const key = status === 0 ? 'none' : `${Math.floor(status / 100)}xx`;
    row[key] = (row[key] ?? 0) + 1;
    this.byOp.set(op, row);
    if (status >= 500)
      this.serverErrors.push({ op, status, body: body.slice(0, 300), at: new Date().toISOString() });
    if (status === 0) this.failures++;
    if (status >= 400 && status < 500 && !this.refusals.has(`${op} ${status}`))
      this.refusals.set(`${op} ${status}`, body.slice(0, 200));
  }

  get fiveHundreds(): number {
    return this.serverErrors.length;
  }
}

export interface Answer {
  status: number;
  body: string;
  json<T>(): T;
}

/** The API as one signed-in person (or nobody), every answer counted under its operation's name. */
export class Client {
  constructor(
    readonly base: string,
    private readonly tally: Tally,
    public token = '',
  ) {}

  async call(op: string, method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (this.token) headers['access-token'] = this.token;
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let status = 0;
    let text = '';
    try {
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(60_000),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      text = String(err);
    }
    this.tally.count(op, status, text);
    return { status, body: text, json: <T>() => JSON.parse(text) as T };
  }
}
