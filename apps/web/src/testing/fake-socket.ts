// A stand-in for socket.io-client in jsdom tests: records sockets and what they emit; tests push server events.
type Handler = (...args: unknown[]) => void;

export class FakeSocket {
  handlers = new Map<string, Handler[]>();
  emitted: { event: string; args: unknown[] }[] = [];
  disconnected = false;
  constructor(
    public uri: string | undefined,
    public opts: Record<string, unknown>,
  ) {}
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    return this;
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
  connect() {
    this.disconnected = false;
    return this;
  }
  /** What the server would send. */
  serverSends(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}

export const fakeSockets: FakeSocket[] = [];

export function io(uri?: string | Record<string, unknown>, opts: Record<string, unknown> = {}) {
  const socket = typeof uri === 'object' ? new FakeSocket(undefined, uri) : new FakeSocket(uri, opts);
  fakeSockets.push(socket);
  return socket;
}
