/** One game connected to the bridge server: commands out, lines and state in, block reads on request. */
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { McbridgeError, NotConnectedError } from '../vocabulary/errors.js';
import { type BridgeState, type CompanionToMod, ModToCompanionSchema } from './protocol.js';

export class BridgeSession extends EventEmitter {
  private seq = 0;
  private readRequests = new Map<number, (states: string[]) => void>();
  private nextReadId = 1;
  lastSeen = Date.now();
  current: BridgeState | undefined;
  closedReason: string | undefined;

  constructor(
    readonly name: string,
    readonly id: string,
    private readonly socket: WebSocket,
    readonly client: { kind: string; version: string; minecraft: string },
    /** the TCP connection under the WebSocket (a channel corks it to send a burst of frames in one write) */
    readonly transport: Socket,
  ) {
    super();
    this.setMaxListeners(0);
  }

  get state(): BridgeState | undefined {
    return this.current;
  }

  get open(): boolean {
    return this.closedReason === undefined;
  }

  send(message: CompanionToMod): void {
    if (!this.open)
      throw new NotConnectedError(`the game for "${this.name}" is not connected (${this.closedReason})`);
    this.socket.send(JSON.stringify(message));
  }

  /** Sends a command to the game; returns its sequence number. */
  runCommand(command: string): number {
    if (!this.current?.inWorld)
      throw new NotConnectedError('game not in a world', {
        remedy: 'join a world or server in Minecraft first',
      });
    const seq = this.seq++;
    this.send({ type: 'run', seq, command });
    return seq;
  }

  /** Reads a box of blocks as the client sees it (x fastest, then z, then y). */
  readBlocks(
    from: { x: number; y: number; z: number },
    to: { x: number; y: number; z: number },
    timeoutMs = 5000,
  ): Promise<string[]> {
    const id = this.nextReadId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.readRequests.delete(id);
        reject(new McbridgeError('the game did not answer a block read in time'));
      }, timeoutMs);
      this.readRequests.set(id, (states) => {
        clearTimeout(timer);
        resolve(states);
      });
      try {
        this.send({ type: 'read_blocks', id, from, to });
      } catch (err) {
        clearTimeout(timer);
        this.readRequests.delete(id);
        reject(err);
      }
    });
  }

  /** @internal */
  receive(raw: string): void {
    this.lastSeen = Date.now();
    let message;
    try {
      message = ModToCompanionSchema.parse(JSON.parse(raw));
    } catch (err) {
      this.emit('protocol-error', err);
      return;
    }
    switch (message.type) {
      case 'message':
        this.emit('message', { component: message.component, overlay: message.overlay });
        break;
      case 'sent':
        this.emit('sent', message.seq);
        break;
      case 'refused':
        this.emit('refused', message.seq, message.reason);
        break;
      case 'state':
        this.current = message;
        this.emit('state', message);
        break;
      case 'blocks':
        this.readRequests.get(message.id)?.(message.states);
        this.readRequests.delete(message.id);
        break;
      case 'ping':
        // a ping can still arrive after the session was dropped (the socket drains while it closes)
        if (this.open) this.send({ type: 'pong', t: message.t });
        break;
      default:
        break;
    }
  }

  /** @internal */
  closed(reason: string): void {
    if (!this.open) return;
    this.closedReason = reason;
    this.emit('close', reason);
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
    this.closed(reason);
  }
}
