/**
 * The sessions of `serve --http`: each one an MCP server and its transport, ended however the client leaves.
 * A session ends on DELETE (the transport closes), when it has been idle for `idleTimeoutMs` (no request in
 * flight and none for that long; an open GET stream counts as in flight), or when its transport fails; every
 * end runs the same cleanup once: timer cleared, session forgotten, server closed (which unsubscribes its
 * connection news and resource listeners).
 */
import type { McpServer, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';

export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60_000;
export const DEFAULT_MAX_SESSIONS = 64;

export type SessionEnd = 'closed' | 'idle' | 'transport_error' | 'shutdown';

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
  /** requests (and GET streams) still open */
  inFlight: number;
  idleTimer: NodeJS.Timeout | undefined;
}

export class HttpSessions {
  private readonly sessions = new Map<string, Session>();
  /** sessions ended so far, by how they ended */
  readonly ended: Record<SessionEnd, number> = { closed: 0, idle: 0, transport_error: 0, shutdown: 0 };

  constructor(
    readonly idleTimeoutMs: number,
    readonly maxSessions: number,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  full(): boolean {
    return this.sessions.size >= this.maxSessions;
  }

  get(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  /** Called once the transport has its session id. */
  add(id: string, transport: WebStandardStreamableHTTPServerTransport, server: McpServer): void {
    const session: Session = { transport, server, inFlight: 0, idleTimer: undefined };
    this.sessions.set(id, session);
    this.armIdleTimer(id, session);
  }

  /** The transport of this session closed (DELETE, or closed by `end`). */
  closed(id: string): void {
    this.forget(id, 'closed');
  }

  /** Marks a request of this session as open until `done` fires; the idle clock runs only between requests. */
  track(id: string, done: { once(event: 'close', listener: () => void): unknown }): void {
    const session = this.sessions.get(id);
    if (!session) return;
    session.inFlight++;
    if (session.idleTimer) clearTimeout(session.idleTimer);
    session.idleTimer = undefined;
    done.once('close', () => {
      session.inFlight--;
      if (this.sessions.get(id) === session) this.armIdleTimer(id, session);
    });
  }

  /** Ends a session on the server's initiative. */
  async end(id: string, why: SessionEnd): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.forget(id, why);
    // closing the server closes its transport too
    await session.transport.close().catch(() => undefined);
  }

  async endAll(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((id) => this.end(id, 'shutdown')));
  }

  private armIdleTimer(id: string, session: Session): void {
    if (session.inFlight > 0 || session.idleTimer) return;
    session.idleTimer = setTimeout(() => void this.end(id, 'idle'), this.idleTimeoutMs);
    session.idleTimer.unref();
  }

  private forget(id: string, why: SessionEnd): void {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    this.ended[why]++;
    if (session.idleTimer) clearTimeout(session.idleTimer);
    void session.server.close().catch(() => undefined);
  }
}
