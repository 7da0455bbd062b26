/**
 * A command channel: whatever carries chat commands to a Minecraft server and brings its lines back —
 * a mineflayer bot, or a player's own game through the bridge. Capture, outcome and verification only
 * see this interface.
 */
import type { CommandNode } from '../suggest/tree.js';
import type { CapturedMessage } from '../vocabulary/text/message.js';
import type { ExecutorPosition } from '../commands/block-write.js';
import type { CommandCounter } from './command-counter.js';
import type { PacketLog } from './packet-log.js';

export type Backend = 'mineflayer' | 'bridge' | 'embedded';

export interface BlockStateView {
  name: string;
  properties: Record<string, string>;
}

/** The player's world as its client sees it. */
export interface WorldView {
  /** namespaced, e.g. `minecraft:overworld` */
  dimension: string;
  /** lowest and highest buildable y */
  minY: number;
  maxY: number;
  loadedChunkCount: number;
  /** the box (x/z, block coordinates) around every chunk the client holds; absent when none */
  loadedBox?: { min: { x: number; z: number }; max: { x: number; z: number } };
  /** the chunks the client holds ([chunkX, chunkZ]), when the channel knows each: the box may have holes */
  loadedChunks?: ReadonlyArray<readonly [number, number]>;
}

export interface CommandChannel {
  readonly backend: Backend;
  /** `host:port` of the Minecraft server */
  readonly server: string;
  /** Minecraft version spoken, e.g. `1.21.4` */
  readonly version: string;
  readonly username: string;
  readonly connected: boolean;
  /** Every serverbound packet of this connection, when the channel can see them (mineflayer: yes). */
  readonly packetLog?: PacketLog;
  /** Every command this connection sent, counted the way vanilla's command spam kick counts them. */
  readonly commandCounter?: CommandCounter;
  /**
   * Permission level ≥ 2 as the player's own game knows it: what the server gives the players on its op
   * list (a permissions mod that lets others run commands does not change it); absent when unknown.
   */
  operatorByClient?(): boolean | null;
  /** The server's brand (`minecraft:brand`, e.g. `Paper`, `vanilla`), once the server has said it. */
  serverBrand?(): string | undefined;
  /** Sends one command (without the leading slash). Throws NotConnectedError when the channel is down. */
  sendCommand(command: string): void;
  /** Lines the player receives, in arrival order. Returns an unsubscribe function. */
  onMessage(listener: (message: CapturedMessage) => void): () => void;
  /** The channel went down; `reason` is readable text. Returns an unsubscribe function. */
  onClose(listener: (reason: string) => void): () => void;
  /** Where `~` and `^` resolve from, when known. */
  executorPosition(): ExecutorPosition | undefined;
  /** Calls `listener` whenever the server moves the player (a position packet); absent when unobservable. */
  onTeleport?(listener: () => void): () => void;
  /** Dimension, height limits and loaded chunks, when the channel knows them. */
  worldView?(): WorldView;
  /** The command tree the server sent the player (declare_commands), when it sent one. */
  commandTree?(): CommandNode | undefined;
  /**
   * Why blocks are not read on this connection although it has `readBlock` (e.g. a version whose block
   * state ids are not established); verification, undo and renders are off and say this instead.
   */
  readonly blockReadsOff?: string | undefined;
  /** The player's view of a block; `'unloaded'` when its chunk is not loaded, undefined when unsupported. */
  readBlock?(pos: { x: number; y: number; z: number }): BlockStateView | 'unloaded';
  /**
   * Channels whose blocks live elsewhere (the bridge: in the player's game) fetch these boxes so that
   * `readBlock` can answer them synchronously. Call it before reading; absent means reads are local.
   */
  prepareRead?(
    boxes: ReadonlyArray<{
      min: { x: number; y: number; z: number };
      max: { x: number; y: number; z: number };
    }>,
  ): Promise<void>;
  /**
   * Resolves once the player holds every chunk of its view that the server is still sending (after a join),
   * the server has sent none for `quietMs`, or `maxMs` has passed; absent where the player's chunks are not
   * ours to wait for (the bridge: they are the player's own game's).
   */
  awaitView?(bounds: { quietMs: number; maxMs: number }): Promise<void>;
  close(): Promise<void>;
}

/** Longest command a version accepts (vanilla kicks for longer ones). */
export const maxCommandLength = (version: string): number =>
  compareVersions(version, '1.20.5') >= 0 ? 32_767 : 256;

export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
