/**
 * A named place commands go to. Connecting is lazy and repeats after the connection drops; the state is
 * always readable (connecting, ready, down + reason).
 */
import { McbridgeError } from '../errors.js';
import type { Backend, CommandChannel } from './channel.js';
import { ConnectionSession } from './session.js';

export type TargetState =
  | { state: 'idle' }
  | { state: 'connecting' }
  | { state: 'ready' }
  | { state: 'down'; reason: string };

export interface TargetDescription {
  name: string;
  backend: Backend;
  /** `host:port`, as configured (the live server may report more) */
  server: string;
}

export class ConnectionTarget {
  private session: ConnectionSession | undefined;
  private pending: Promise<ConnectionSession> | undefined;
  private current: TargetState = { state: 'idle' };

  constructor(
    readonly description: TargetDescription,
    private readonly connect: () => Promise<CommandChannel>,
    private readonly cleanup?: () => Promise<void>,
  ) {}

  get state(): TargetState {
    return this.current;
  }

  /** The live session, connecting (again) first when needed. */
  async get(): Promise<ConnectionSession> {
    if (this.session?.channel.connected) return this.session;
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
    this.current = { state: 'connecting' };
    try {
      const channel = await this.connect();
      const session = await ConnectionSession.open(channel);
      channel.onClose((reason) => {
        if (this.session === session) this.current = { state: 'down', reason };
      });
      this.session = session;
      this.current = channel.connected
        ? { state: 'ready' }
        : { state: 'down', reason: 'closed during the probe' };
      return session;
    } catch (err) {
      this.current = { state: 'down', reason: err instanceof Error ? err.message : String(err) };
      throw err instanceof McbridgeError
        ? err
        : new McbridgeError(`cannot connect to ${this.description.server}`, { cause: err });
    }
  }

  async close(): Promise<void> {
    await this.session?.channel.close();
    this.session = undefined;
    this.current = { state: 'idle' };
    await this.cleanup?.();
  }
}
