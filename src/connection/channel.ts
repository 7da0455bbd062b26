/**
 * A command channel: whatever carries chat commands to a Minecraft server and brings its lines back —
 * a mineflayer bot, or a player's own game through the bridge. Capture, outcome and verification only
 * see this interface.
 */
import type { CommandNode } from '../suggest/tree.js';
import type { CapturedMessage } from '../capture/message.js';
import type { ExecutorPosition } from '../commands/block-write.js';

export type Backend = 'mineflayer' | 'bridge' | 'embedded';

export interface BlockStateView {
  name: string;
  properties: Record<string, string>;
}

export interface CommandChannel {
  readonly backend: Backend;
  /** `host:port` of the Minecraft server */
  readonly server: string;
  /** Minecraft version spoken, e.g. `1.21.4` */
  readonly version: string;
  readonly username: string;
  readonly connected: boolean;
  /** Sends one command (without the leading slash). Throws NotConnectedError when the channel is down. */
  sendCommand(command: string): void;
  /** Lines the player receives, in arrival order. Returns an unsubscribe function. */
  onMessage(listener: (message: CapturedMessage) => void): () => void;
  /** The channel went down; `reason` is readable text. Returns an unsubscribe function. */
  onClose(listener: (reason: string) => void): () => void;
  /** Where `~` and `^` resolve from, when known. */
  executorPosition(): ExecutorPosition | undefined;
  /** The command tree the server sent the player (declare_commands), when it sent one. */
  commandTree?(): CommandNode | undefined;
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
