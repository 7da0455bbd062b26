/**
 * A named place commands go to. Connecting is lazy; after a connection drops it is re-established in the
 * background with capped exponential backoff, and the state is always readable (idle, connecting, ready,
 * reconnecting with the attempt and next try, down with the reason).
 */
import { EventEmitter } from 'node:events';
import { ConnectError, McbridgeError } from '../vocabulary/errors.js';
import type { MicrosoftSignIn } from '../signin/microsoft.js';
import type { Backend, CommandChannel } from './channel.js';
import { type ConnectionNews, type NewsListener, opAdvice, signInNews } from './news.js';
import type { CommandSpamSetting } from './command-throttle.js';
import type { PacketLimitSetting } from './server-limits.js';
import { ConnectionSession } from './session.js';

export type TargetState =
  | { state: 'idle' }
  | { state: 'connecting' }
  | { state: 'ready'; since: string }
  | { state: 'reconnecting'; reason: string; attempt: number; nextAttemptAt: string }
  | { state: 'down'; reason: string };

export interface TargetDescription {
  name: string;
  backend: Backend;
  /** `host:port`, as configured (the live server may report more) */
  server: string;
  /** the operator's packet limit for this connection (absent: by the server's brand) */
  packetLimit?: PacketLimitSetting;
  /** the server's command-spam-threshold-seconds, as the operator says (absent: the server's default) */
  commandSpamThreshold?: CommandSpamSetting;
}

export interface ReconnectPolicy {
  /** reconnect in the background after a drop (default true) */
  enabled: boolean;
  /** first delay (default 1000 ms), doubled after every failed attempt… */
  initialDelayMs: number;
  /** …up to this (default 30 s) */
  maxDelayMs: number;
  /** give up after this many attempts; the next tool call tries again (default 20) */
  maxAttempts: number;
}

export const DEFAULT_RECONNECT: ReconnectPolicy = {
  enabled: true,
  initialDelayMs: 1000,
  maxDelayMs: 30_000,
  maxAttempts: 20,
};

export class ConnectionTarget {
  private session: ConnectionSession | undefined;
  private pending: Promise<ConnectionSession> | undefined;
  private current: TargetState = { state: 'idle' };
  private reconnectTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly reconnect: ReconnectPolicy;
  /** connections made so far, including reconnects */
  connects = 0;
  private failedAttempts = 0;
  private readonly newsEvents = new EventEmitter<{ news: [ConnectionNews] }>();
  private readonly recent: ConnectionNews[] = [];
  /** set for a connection that signs in to Microsoft (see attachSignIn) */
  signIn: MicrosoftSignIn | undefined;

  constructor(
    readonly description: TargetDescription,
    private readonly connect: () => Promise<CommandChannel>,
    private readonly cleanup?: () => Promise<void>,
    reconnect: Partial<ReconnectPolicy> = {},
  ) {
    this.reconnect = { ...DEFAULT_RECONNECT, ...reconnect };
    // one listener per MCP session; the HTTP server caps and ends sessions, so no warning at 11
    this.newsEvents.setMaxListeners(0);
  }

  get state(): TargetState {
    return this.current;
  }

  /** Listens to what this connection does on its own; returns the unsubscribe function. */
  onNews(listener: NewsListener): () => void {
    this.newsEvents.on('news', listener);
    return () => this.newsEvents.off('news', listener);
  }

  /** Listeners of this connection's news now (each MCP session has one while it lives). */
  newsListenerCount(): number {
    return this.newsEvents.listenerCount('news');
  }

  /** The last news of this connection (up to 10), oldest first: for a client that arrives late. */
  recentNews(): ConnectionNews[] {
    return [...this.recent];
  }

  /** Tells listeners something happened to this connection. */
  tell(
    event: ConnectionNews['event'],
    level: ConnectionNews['level'],
    message: string,
    data?: Record<string, unknown>,
  ): void {
    this.publish({ connection: this.description.name, event, level, message, ...(data ? { data } : {}) });
  }

  private publish(news: ConnectionNews): void {
    this.recent.push(news);
    if (this.recent.length > 10) this.recent.shift();
    this.newsEvents.emit('news', news);
  }

  /** This connection signs in to Microsoft first; its sign-in progress becomes news, and once the person has
   * signed in, the connection is made without waiting for the next tool call. */
  attachSignIn(signIn: MicrosoftSignIn): void {
    this.signIn = signIn;
    const forward = () => {
      const news = signInNews(this.description.name, signIn.state);
      if (news) this.publish(news);
    };
    signIn.on('code', forward);
    signIn.on('failed', forward);
    signIn.on('signed_in', () => {
      forward();
      if (!this.closed) this.get().catch(() => undefined);
    });
  }

  /** The live session, connecting (again) first when needed. */
  async get(): Promise<ConnectionSession> {
    if (this.session?.channel.connected) return this.session;
    this.closed = false;
    clearTimeout(this.reconnectTimer);
    this.pending ??= this.open().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** The live session if there is one, without connecting. */
  peek(): ConnectionSession | undefined {
    return this.session?.channel.connected ? this.session : undefined;
  }

  private async open(): Promise<ConnectionSession> {
    if (this.current.state !== 'reconnecting') this.current = { state: 'connecting' };
    try {
      const channel = await this.connect();
      const { packetLimit, commandSpamThreshold } = this.description;
      const session = await ConnectionSession.open(channel, {
        ...(packetLimit ? { packetLimit } : {}),
        ...(commandSpamThreshold ? { commandSpamThreshold } : {}),
      });
      channel.onClose((reason) => this.dropped(session, reason));
      this.session = session;
      this.connects++;
      this.failedAttempts = 0;
      this.current = channel.connected
        ? { state: 'ready', since: new Date().toISOString() }
        : { state: 'down', reason: 'closed during the probe' };
      if (channel.connected) this.announce(session);
      return session;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      this.current = { state: 'down', reason };
      // the bot cannot speak the server's version: the log says so, with the ways forward, on every try
      if (err instanceof ConnectError && err.kind === 'unsupported_version')
        this.tell('unsupported_version', 'error', `${this.description.name}: ${reason}`, { reason });
      // a connection we had before: keep trying in the background, whoever asked this time
      if (this.session && this.reconnect.enabled && !this.closed) {
        this.failedAttempts++;
        this.scheduleReconnect(reason, this.failedAttempts + 1);
      }
      throw err instanceof McbridgeError
        ? err
        : new McbridgeError(`cannot connect to ${this.description.server}`, { cause: err });
    }
  }

  private announce(session: ConnectionSession): void {
    const info = session.info();
    const at = session.channel.executorPosition();
    const position = at ? { x: at.x, y: at.y, z: at.z } : undefined;
    const where = position
      ? ` at ${position.x.toFixed(1)} ${position.y.toFixed(1)} ${position.z.toFixed(1)}`
      : '';
    this.tell(
      this.connects > 1 ? 'reconnected' : 'connected',
      'notice',
      `${this.connects > 1 ? 'reconnected' : 'connected'} to ${info.server} (Minecraft ${info.version}) as ${info.username}${where}`,
      {
        server: info.server,
        version: info.version,
        username: info.username,
        ...(position ? { position } : {}),
      },
    );
    if (info.op === false)
      this.tell(
        'op_missing',
        'warning',
        `bot "${info.username}" may not run commands: ${opAdvice(info.username)}`,
        { username: info.username },
      );
  }

  private dropped(session: ConnectionSession, reason: string): void {
    if (this.session !== session || this.closed) return;
    this.current = { state: 'down', reason };
    this.tell(
      reason.startsWith('kicked') ? 'kicked' : 'disconnected',
      'warning',
      `${this.description.name}: ${reason}`,
      {
        reason,
      },
    );
    if (this.reconnect.enabled) this.scheduleReconnect(reason, 1);
  }

  private scheduleReconnect(reason: string, attempt: number): void {
    if (this.closed || attempt > this.reconnect.maxAttempts) return;
    const delay = Math.min(this.reconnect.maxDelayMs, this.reconnect.initialDelayMs * 2 ** (attempt - 1));
    this.current = {
      state: 'reconnecting',
      reason,
      attempt,
      nextAttemptAt: new Date(Date.now() + delay).toISOString(),
    };
    this.tell(
      'reconnecting',
      'info',
      `${this.description.name}: reconnecting (attempt ${attempt}) in ${delay} ms`,
      {
        attempt,
        nextAttemptAt: this.current.nextAttemptAt,
      },
    );
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      if (this.closed || this.peek()) return;
      this.pending ??= this.open().finally(() => {
        this.pending = undefined;
      });
      this.pending.catch((err: unknown) => {
        if (this.closed || this.peek()) return;
        const why = err instanceof Error ? err.message : String(err);
        this.failedAttempts = attempt;
        if (attempt >= this.reconnect.maxAttempts) {
          this.current = { state: 'down', reason: `gave up reconnecting: ${why}` };
          this.tell(
            'gave_up',
            'error',
            `${this.description.name}: gave up reconnecting (${why}); the next tool call tries again`,
          );
        } else this.scheduleReconnect(why, attempt + 1);
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    await this.session?.channel.close();
    this.session = undefined;
    this.current = { state: 'idle' };
    await this.cleanup?.();
  }
}
