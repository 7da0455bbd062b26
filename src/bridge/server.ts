/**
 * The companion's bridge server: the mod (or the headless peer) dials in over a WebSocket, says hello with
 * the token, and becomes the session of a named connection. Loopback by default, token required, browser
 * origins refused, heartbeats, one live mod per name.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';
import { McbridgeError, NotConnectedError } from '../vocabulary/errors.js';
import { CLOSE, ModToCompanionSchema, PROTOCOL_VERSION } from './protocol.js';
import { BridgeSession } from './session.js';

export { BridgeSession } from './session.js';

export const DEFAULT_BRIDGE_PORT = 25580;
const DEFAULT_HEARTBEAT_MS = 5000;
/** a session that has sent nothing (not even a pong) for this long is gone */
const MISSED_BEATS = 3;

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export interface BridgeServerOptions {
  host?: string;
  port?: number;
  token: string;
  /** binding to anything but loopback must be asked for explicitly */
  allowNonLoopback?: boolean;
  /** ping interval (default 5 s); a game silent for three intervals is dropped */
  heartbeatMs?: number;
}

export class BridgeServer extends EventEmitter {
  private readonly sessions = new Map<string, BridgeSession>();
  private heartbeat: NodeJS.Timeout | undefined;

  private constructor(
    private readonly wss: WebSocketServer,
    private readonly token: string,
    readonly address: { host: string; port: number },
    readonly heartbeatMs: number,
  ) {
    super();
    this.setMaxListeners(0);
  }

  static async start(options: BridgeServerOptions): Promise<BridgeServer> {
    const host = options.host ?? '127.0.0.1';
    if (!LOOPBACK.has(host) && !options.allowNonLoopback) {
      throw new McbridgeError(
        `refusing to listen for the bridge on ${host}: only loopback is allowed by default`,
        {
          remedy:
            'the mod runs on this machine: use 127.0.0.1, or pass allowNonLoopback (--bridge-allow-remote) knowingly',
        },
      );
    }
    if (options.token.length < 16)
      throw new McbridgeError('the bridge token is too short', { remedy: 'use at least 16 characters' });
    const wss = new WebSocketServer({
      host,
      port: options.port ?? DEFAULT_BRIDGE_PORT,
      maxPayload: 4 * 1024 * 1024,
    });
    await new Promise<void>((resolve, reject) => {
      wss.once('listening', resolve);
      wss.once('error', (err: NodeJS.ErrnoException) =>
        reject(
          err.code === 'EADDRINUSE'
            ? new McbridgeError(`bridge port ${options.port ?? DEFAULT_BRIDGE_PORT} is in use`, {
                remedy: 'pick another with --bridge-port (and tell the mod)',
              })
            : err,
        ),
      );
    });
    const port = (wss.address() as { port: number }).port;
    const server = new BridgeServer(
      wss,
      options.token,
      { host, port },
      options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
    );
    wss.on('connection', (socket, request) => server.accept(socket, request));
    server.heartbeat = setInterval(() => server.beat(), server.heartbeatMs);
    server.heartbeat.unref();
    return server;
  }

  private get staleMs(): number {
    return MISSED_BEATS * this.heartbeatMs;
  }

  get url(): string {
    return `ws://${this.address.host.includes(':') ? `[${this.address.host}]` : this.address.host}:${this.address.port}`;
  }

  session(name = 'default'): BridgeSession | undefined {
    const s = this.sessions.get(name);
    return s?.open ? s : undefined;
  }

  /** Resolves with the named session once a game has said hello (and is in a world, if asked). */
  waitForSession(
    name: string,
    opts: { timeoutMs: number; inWorld?: boolean; signal?: AbortSignal },
  ): Promise<BridgeSession> {
    const ready = (s: BridgeSession | undefined) => s && (!opts.inWorld || s.state?.inWorld);
    const existing = this.session(name);
    if (ready(existing)) return Promise.resolve(existing!);
    return new Promise((resolve, reject) => {
      const check = () => {
        const s = this.session(name);
        if (ready(s)) finish(() => resolve(s!));
      };
      const timer = setTimeout(
        () =>
          finish(() =>
            reject(
              new NotConnectedError(
                this.session(name)
                  ? `the game for "${name}" is connected but not in a world`
                  : `no game is connected for "${name}"`,
                {
                  remedy: `start Minecraft with the mcbridge mod (it dials ${this.url} with the token) and join a world`,
                },
              ),
            ),
          ),
        opts.timeoutMs,
      );
      const finish = (fn: () => void) => {
        clearTimeout(timer);
        this.off('session', check);
        this.off('state', check);
        opts.signal?.removeEventListener('abort', onAbort);
        fn();
      };
      const onAbort = () => finish(() => reject(new McbridgeError('cancelled')));
      this.on('session', check);
      this.on('state', check);
      opts.signal?.addEventListener('abort', onAbort);
    });
  }

  private accept(socket: WebSocket, request: IncomingMessage): void {
    // a browser page must never drive the player's game (DNS rebinding, cross-site WebSockets)
    if (request.headers.origin) {
      socket.close(CLOSE.originRefused, 'browser origins are refused');
      return;
    }
    const helloTimer = setTimeout(() => socket.close(CLOSE.badMessage, 'no hello'), 5000);
    socket.once('message', (data) => {
      clearTimeout(helloTimer);
      let hello;
      try {
        const parsed = ModToCompanionSchema.parse(JSON.parse(String(data)));
        if (parsed.type !== 'hello') throw new Error('expected hello');
        hello = parsed;
      } catch {
        return reject(socket, CLOSE.badMessage, 'bad_message', 'the first frame must be a valid hello');
      }
      if (!this.tokenMatches(hello.token)) return reject(socket, CLOSE.badToken, 'bad_token', 'wrong token');
      if (hello.protocol !== PROTOCOL_VERSION) {
        return reject(
          socket,
          CLOSE.protocolMismatch,
          'protocol_mismatch',
          `companion speaks protocol ${PROTOCOL_VERSION}, mod ${hello.protocol}: update the older one`,
        );
      }
      const old = this.sessions.get(hello.name);
      if (old?.open) {
        if (Date.now() - old.lastSeen < this.staleMs) {
          return reject(
            socket,
            CLOSE.nameInUse,
            'name_in_use',
            `another game is already connected as "${hello.name}"`,
          );
        }
        old.close(CLOSE.heartbeatLost, 'replaced by a new connection after heartbeat loss');
      }
      const session = new BridgeSession(
        hello.name,
        randomBytes(6).toString('hex'),
        socket,
        hello.client,
        request.socket,
      );
      this.sessions.set(hello.name, session);
      socket.on('message', (raw) => session.receive(String(raw)));
      socket.on('close', (code, reason) =>
        session.closed(`the game disconnected (${code}${reason.length ? `: ${String(reason)}` : ''})`),
      );
      socket.on('error', (err) => session.closed(`socket error: ${err.message}`));
      session.on('state', () => this.emit('state', session));
      session.send({
        type: 'welcome',
        protocol: PROTOCOL_VERSION,
        session: session.id,
        heartbeatMs: this.heartbeatMs,
      });
      this.emit('session', session);
    });
  }

  private tokenMatches(given: string): boolean {
    const a = Buffer.from(given);
    const b = Buffer.from(this.token);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  private beat(): void {
    for (const session of this.sessions.values()) {
      if (!session.open) continue;
      if (Date.now() - session.lastSeen > this.staleMs) {
        // Timers run before the event loop reads its sockets: after a long stretch of work on this loop the
        // game's last frames may be waiting, unread. Judge again once they have been read (setImmediate runs
        // after the poll phase), so a busy companion does not drop a game that kept talking.
        setImmediate(() => {
          if (session.open && Date.now() - session.lastSeen > this.staleMs)
            session.close(CLOSE.heartbeatLost, `no heartbeat for ${this.staleMs} ms`);
        });
        continue;
      }
      try {
        session.send({ type: 'ping', t: Date.now() });
      } catch {
        // closed meanwhile
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const s of this.sessions.values()) if (s.open) s.close(1001, 'companion shutting down');
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

function reject(socket: WebSocket, code: number, error: string, message: string): void {
  socket.send(JSON.stringify({ type: 'error', code: error, message }));
  socket.close(code, message);
}
