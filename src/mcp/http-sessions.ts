/**
 * The sessions of `serve --http`: each one an MCP server and its transport, ended however the client leaves.
 * A session ends on DELETE (the transport closes), when it has been idle for `idleTimeoutMs` (no request in
 * flight and none for that long; an open GET stream counts as in flight), when its transport fails, or — at
 * the cap — when it is the least recently used of the idle sessions and a new client needs its place (many
 * clients open a session per call and never end it: the cap bounds memory, and must not lock new clients out
 * until those expire). Every end runs the same cleanup once: timer cleared, session forgotten, server closed
 * (which unsubscribes its connection news and resource listeners). A client whose session ended gets 404 for
 * its next request, as the MCP specification says of a session the server ended, and initializes again.
 */
import type { McpServer, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import type { Logger } from '../vocabulary/logger.js';

export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60_000;
export const DEFAULT_MAX_SESSIONS = 64;

export type SessionEnd = 'closed' | 'idle' | 'evicted' | 'transport_error' | 'shutdown';

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
  /** requests (and GET streams) still open */
  inFlight: number;
  idleTimer: NodeJS.Timeout | undefined;
  /** when a request of this session last started or ended, in the store's own count of such events */
  lastUsed: number;
  /** wall-clock time of the same moment, for the log */
  lastUsedAt: number;
}

export class HttpSessions {
  private readonly sessions = new Map<string, Session>();
  /** sessions ended so far, by how they ended */
  readonly ended: Record<SessionEnd, number> = {
    closed: 0,
    idle: 0,
    evicted: 0,
    transport_error: 0,
    shutdown: 0,
  };
  /** counts the starts and ends of requests: orders the sessions by use without reading a clock */
  private uses = 0;

  constructor(
    readonly idleTimeoutMs: number,
    readonly maxSessions: number,
    private readonly log?: Logger,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  /** sessions with a request or stream open */
  get busy(): number {
    let n = 0;
    for (const session of this.sessions.values()) if (session.inFlight > 0) n++;
    return n;
  }

  full(): boolean {
    return this.sessions.size >= this.maxSessions;
  }

  get(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  /** Called once the transport has its session id. */
  add(id: string, transport: WebStandardStreamableHTTPServerTransport, server: McpServer): void {
    const session: Session = {
      transport,
      server,
      inFlight: 0,
      idleTimer: undefined,
      lastUsed: 0,
      lastUsedAt: 0,
    };
    this.used(session);
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
    this.used(session);
    if (session.idleTimer) clearTimeout(session.idleTimer);
    session.idleTimer = undefined;
    done.once('close', () => {
      session.inFlight--;
      this.used(session);
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

  /**
   * Makes room for one more session when the store is full: ends the least recently used session that has no
   * request (and no stream) open. False when every session is busy: then the cap holds.
   */
  async makeRoom(): Promise<boolean> {
    if (!this.full()) return true;
    let oldest: [string, Session] | undefined;
    for (const entry of this.sessions) {
      if (entry[1].inFlight > 0) continue;
      if (!oldest || entry[1].lastUsed < oldest[1].lastUsed) oldest = entry;
    }
    if (!oldest) return false;
    const [id, session] = oldest;
    this.log?.info(
      {
        sessionId: id,
        idleSeconds: Math.round((Date.now() - session.lastUsedAt) / 1000),
        maxSessions: this.maxSessions,
      },
      'MCP sessions at their limit: ended the least recently used idle session to let a new client in',
    );
    await this.end(id, 'evicted');
    return !this.full();
  }

  async endAll(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((id) => this.end(id, 'shutdown')));
  }

  private used(session: Session): void {
    session.lastUsed = ++this.uses;
    session.lastUsedAt = Date.now();
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
