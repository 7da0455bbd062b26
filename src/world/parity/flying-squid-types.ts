/** The parts of flying-squid (untyped JavaScript) the parity plugin uses. */
import type { EventEmitter } from 'node:events';
import type { BlockPos } from '../../vocabulary/blocks/box.js';

export interface FlyingSquidWorld {
  getBlockStateId(pos: BlockPos): Promise<number>;
  setBlockStateId(pos: BlockPos, stateId: number): Promise<void>;
}

export interface FlyingSquidClient extends EventEmitter {
  write(packet: string, data: unknown): void;
  end(reason?: string): void;
}

export interface FlyingSquidPlayer extends EventEmitter {
  username: string;
  uuid: string;
  op: boolean;
  id: number;
  world: FlyingSquidWorld;
  position: BlockPos;
  _client: FlyingSquidClient;
  chat(message: string): void;
}

export interface FlyingSquidServer extends EventEmitter {
  players: FlyingSquidPlayer[];
  overworld: FlyingSquidWorld;
  commands: {
    use(command: string, ctx: { player: FlyingSquidPlayer }, op: boolean): Promise<string | undefined>;
  };
  selectorString(
    selector: string,
    pos: BlockPos,
    world: FlyingSquidWorld,
    allowUser?: boolean,
    ctxEntityId?: number,
  ): Array<{ type: string; id: number; username?: string }>;
  getPlayer(name: string): FlyingSquidPlayer | undefined;
  color: Record<string, string>;
  broadcast(message: unknown, options?: unknown): void;
  listeningPort?: number;
  destroy(): Promise<void>;
}
