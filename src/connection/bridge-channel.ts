/**
 * A command channel through the player's own game: a BridgeSession of the bridge server. Commands go out
 * as `run` frames; the game's lines come back as JSON components; blocks are read from the client's world.
 */
import { EventEmitter } from 'node:events';
import type { BridgeSession } from '../bridge/server.js';
import type { CapturedMessage, TextComponent } from '../vocabulary/text/message.js';
import type { ExecutorPosition } from '../commands/block-write.js';
import { NotConnectedError } from '../vocabulary/errors.js';
import { languageFor } from '../vocabulary/text/language.js';
import { normalizeComponent, renderPlainText } from '../vocabulary/text/component.js';
import { parseBlockStateKey } from '../vocabulary/blocks/block-state.js';
import type { Backend, BlockStateView, CommandChannel } from './channel.js';
import { CommandCounter } from './command-counter.js';
import { Coalescer } from './frames.js';
import { leftWhileSending } from './kicks.js';

/** Largest box read in one request (the mod answers one state per position) */
const READ_CHUNK = 32_768;
/** read requests a verification keeps in flight */
const READS_IN_FLIGHT = 256;

type Point = { x: number; y: number; z: number };

export class BridgeChannel implements CommandChannel {
  readonly backend: Backend = 'bridge';
  private readonly events = new EventEmitter();
  private readonly blocks = new Map<string, BlockStateView | 'unloaded'>();
  /** each state key the game answered, parsed once per connection (a read repeats a few keys thousands of times) */
  private readonly states = new Map<string, BlockStateView>();
  private down: string | undefined;
  private readGeneration = 0;
  readonly commandCounter = new CommandCounter();
  /** a burst of run (or read) frames leaves in one write, not one system call and wake-up of the game each */
  private readonly outgoing: Coalescer;

  constructor(private readonly session: BridgeSession) {
    this.events.setMaxListeners(0);
    this.outgoing = new Coalescer(() => session.transport);
    const lang = () => languageFor(this.version);
    session.on('message', (m: { component: unknown; overlay: boolean }) => {
      const component = normalizeComponent(m.component) as TextComponent;
      const message: CapturedMessage = {
        component,
        text: renderPlainText(component, lang()),
        overlay: m.overlay,
      };
      this.events.emit('message', message);
    });
    session.on('close', (reason: string) => this.goDown(reason));
    session.on('state', () => {
      if (session.state?.inWorld) return;
      // our estimate of the server's spam count is above 0 only within seconds of our last command
      const sending = this.commandCounter.level() > 0;
      this.goDown(sending ? leftWhileSending('the game left the world') : 'the game left the world');
    });
    // a refused run means the command never reached the server: treat the channel as down
    session.on('refused', (_seq: number, reason: string) =>
      this.goDown(`the game refused a command: ${reason}`),
    );
  }

  private goDown(reason: string): void {
    if (this.down !== undefined) return;
    this.down = reason;
    this.events.emit('close', reason);
  }

  get server(): string {
    return this.session.state?.server ?? `game "${this.session.name}"`;
  }
  get version(): string {
    return this.session.state?.minecraft ?? this.session.client.minecraft;
  }
  get username(): string {
    return this.session.state?.player ?? 'player';
  }
  get connected(): boolean {
    return this.down === undefined && this.session.open && this.session.state?.inWorld === true;
  }

  operatorByClient(): boolean | null {
    return this.session.state?.op ?? null;
  }

  sendCommand(command: string): void {
    if (!this.connected)
      throw new NotConnectedError(this.down ?? 'game not in a world', {
        remedy: 'join a world in Minecraft',
      });
    this.outgoing.hold();
    this.session.runCommand(command);
    this.commandCounter.record();
  }

  onMessage(listener: (message: CapturedMessage) => void): () => void {
    this.events.on('message', listener);
    return () => this.events.off('message', listener);
  }

  onClose(listener: (reason: string) => void): () => void {
    this.events.on('close', listener);
    return () => this.events.off('close', listener);
  }

  executorPosition(): ExecutorPosition | undefined {
    const p = this.session.state?.position;
    return p ? { x: p.x, y: p.y, z: p.z, yaw: p.yaw, pitch: p.pitch } : undefined;
  }

  readBlock(pos: { x: number; y: number; z: number }): BlockStateView | 'unloaded' {
    return this.blocks.get(`${pos.x},${pos.y},${pos.z}`) ?? 'unloaded';
  }

  async prepareRead(
    boxes: ReadonlyArray<{
      min: { x: number; y: number; z: number };
      max: { x: number; y: number; z: number };
    }>,
  ): Promise<void> {
    this.blocks.clear();
    // answers of an earlier call that gave up must not land in this one's map
    const generation = ++this.readGeneration;
    const requests: Array<{ from: Point; to: Point }> = [];
    for (const box of boxes) {
      // split along y so that every request stays within READ_CHUNK positions
      const layer = (box.max.x - box.min.x + 1) * (box.max.z - box.min.z + 1);
      const step = Math.max(1, Math.floor(READ_CHUNK / Math.max(1, layer)));
      for (let y0 = box.min.y; y0 <= box.max.y; y0 += step) {
        const y1 = Math.min(box.max.y, y0 + step - 1);
        requests.push({
          from: { x: box.min.x, y: y0, z: box.min.z },
          to: { x: box.max.x, y: y1, z: box.max.z },
        });
      }
    }
    // several requests in flight: one at a time, a batch's hundreds of small boxes cost as many round trips
    let next = 0;
    let failed = false;
    const worker = async () => {
      while (!failed && next < requests.length) {
        const { from, to } = requests[next++]!;
        let states: string[];
        try {
          this.outgoing.hold();
          states = await this.session.readBlocks(from, to);
        } catch (err) {
          failed = true;
          throw err;
        }
        if (generation !== this.readGeneration) return;
        let i = 0;
        for (let y = from.y; y <= to.y; y++)
          for (let z = from.z; z <= to.z; z++)
            for (let x = from.x; x <= to.x; x++) {
              const key = states[i++];
              this.blocks.set(`${x},${y},${z}`, !key || key === 'unloaded' ? 'unloaded' : this.stateOf(key));
            }
      }
    };
    await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, requests.length) }, worker));
  }

  private stateOf(key: string): BlockStateView {
    let state = this.states.get(key);
    if (!state) this.states.set(key, (state = parseBlockStateKey(key)));
    return state;
  }

  async close(): Promise<void> {
    // the game stays connected to the companion; this channel just stops using it
    this.goDown('closed by the companion');
  }
}
