type Listener = (event: unknown) => void;

/** A WebSocket stand-in for tests: records what is sent and lets the test play the server. */
export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  static instances: FakeSocket[] = [];

  readyState = 0;
  binaryType = 'blob';
  readonly sent: unknown[] = [];
  closedWith: number | null = null;
  private listeners = new Map<string, Set<Listener>>();

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.instances[FakeSocket.instances.length - 1];
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  addEventListener(type: string, listener: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }
  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }
  private fire(type: string, event: unknown) {
    for (const l of [...(this.listeners.get(type) ?? [])]) l(event);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.closedWith = code;
    this.fire('close', { code });
  }

  get query(): URLSearchParams {
    return new URL(this.url).searchParams;
  }
  /** The server accepts the connection. */
  open() {
    this.readyState = 1;
    this.fire('open', {});
  }
  receive(message: object) {
    this.fire('message', { data: JSON.stringify(message) });
  }
  /** The server (or the network) ends the connection. */
  drop(code = 1006) {
    this.readyState = 3;
    this.fire('close', { code });
  }
}
