/**
 * A stand-in server for the warm-up: a channel that answers every command offline, in the shapes a vanilla
 * 1.21.4 server uses (net/minecraft/server/commands/SetBlockCommand.java, FillCommand.java: bare
 * translatable successes; red-wrapped failures; Commands.performCommand's context line after a parse
 * error, with commands/arguments/blocks/BlockStateParser.java's keys for a bad block id or state;
 * GameRuleCommand's query line; TellRawCommand echoing its component), over a superflat world held
 * in memory. Running the real executeBatch against it compiles the whole execute path (check, plan,
 * snapshot, capture with fences, outcome rules, verification, suggestions, undo, counts, hints) before the
 * first real call, without sending anything anywhere.
 */
import type { CapturedMessage, ComponentObject, TextComponent } from '../vocabulary/text/message.js';
import { contextLine as contextLineAt, failure as red } from '../vocabulary/text/vanilla-shapes.js';

/** Commands.performCommand's second line of a parse error, with the cursor at the end of the command. */
const contextLine = (command: string): ComponentObject => contextLineAt(command, command.length);

import type { ExecutorPosition } from '../commands/block-write.js';
import type { BlockStateView, CommandChannel, WorldView } from '../connection/channel.js';
import type { CommandNode } from '../suggest/tree.js';

const TYPOS = [
  'stone_brick',
  'oak_plank',
  'cobblestne',
  'glas',
  'not_a_block',
  'sandston',
  'birch_lg',
  'brik',
];

interface Box {
  min: { x: number; y: number; z: number };
  max: { x: number; y: number; z: number };
}

/** One made-up command, the lines vanilla answers it with, and the blocks it writes when it applies. */
export interface RehearsalLine {
  command: string;
  replies: TextComponent[];
  writes?: { box: Box; block: string };
}

/**
 * A batch shaped like an LLM's build (and like the bench's mix): placed blocks, filled boxes, blocks that
 * are already there, a mistyped block id, a wrong block state, a fill over vanilla's limit, an incomplete
 * command, relative coordinates. `origin` is where the stand-in bot stands.
 */
export function rehearsalBatch(size: number, origin: { x: number; y: number; z: number }): RehearsalLine[] {
  return Array.from({ length: size }, (_, i) => {
    const x = origin.x + 2 + (i % 16);
    const y = origin.y + 1 + ((i >> 4) % 8);
    const z = origin.z + 2 + ((i >> 7) % 16);
    const block = i % 2 ? 'stone' : 'oak_planks';
    if (i % 100 === 99) {
      // a floor-sized fill now and then: the per-block loops (plan, snapshot, verify) run long enough to optimise
      const box = { min: { x, y, z }, max: { x: x + 7, y: y + 3, z: z + 7 } };
      return {
        command: `fill ${x} ${y} ${z} ${x + 7} ${y + 3} ${z + 7} minecraft:${block}`,
        replies: [{ translate: 'commands.fill.success', with: [256] }],
        writes: { box, block },
      };
    }
    switch (i % 7) {
      case 0:
        return {
          command: `setblock ${x} ${y} ${z} minecraft:${block}`,
          replies: [{ translate: 'commands.setblock.success', with: [x, y, z] }],
          writes: { box: { min: { x, y, z }, max: { x, y, z } }, block },
        };
      case 1:
        return {
          command: `fill ${x} ${y} ${z} ${x + 1} ${y} ${z + 1} minecraft:${block}`,
          replies: [{ translate: 'commands.fill.success', with: [4] }],
          writes: { box: { min: { x, y, z }, max: { x: x + 1, y, z: z + 1 } }, block },
        };
      case 2: {
        // a few distinct slips: "did you mean" scans the block list once per distinct id
        const wrong = `minecraft:${TYPOS[(i >> 3) % TYPOS.length]!}`;
        const command = `setblock ${x} ${y} ${z} ${wrong}`;
        return {
          command,
          replies: [red({ translate: 'argument.block.id.invalid', with: [wrong] }), contextLine(command)],
        };
      }
      case 3: {
        if ((i >> 3) % 2)
          return {
            command: `fill ${x} ${y} ${z} ${x + 40} ${y + 40} ${z + 40} minecraft:stone`,
            replies: [red({ translate: 'commands.fill.toobig', with: [32768, 68921] })],
          };
        const command = `setblock ${x} ${y} ${z} minecraft:oak_door[facing=up]`;
        return {
          command,
          replies: [
            red({
              translate: 'argument.block.property.invalid',
              with: ['minecraft:oak_door', 'up', 'facing'],
            }),
            contextLine(command),
          ],
        };
      }
      case 4: {
        const command = `setblock ${x} ${y}`;
        return { command, replies: [red({ translate: 'command.unknown.command' }), contextLine(command)] };
      }
      case 5:
        return {
          command: `setblock ${x} ${origin.y - 1} ${z} minecraft:grass_block`,
          replies: [red({ translate: 'commands.setblock.failed' })],
        };
      default: {
        const [dx, dy, dz] = [1 + (i % 5), i % 3, 1 + (i % 4)];
        const at = { x: origin.x + dx, y: origin.y + dy, z: origin.z + dz };
        return {
          command: `setblock ~${dx} ~${dy} ~${dz} minecraft:glass`,
          replies: [{ translate: 'commands.setblock.success', with: [at.x, at.y, at.z] }],
          writes: { box: { min: at, max: at }, block: 'glass' },
        };
      }
    }
  });
}

/** The superflat's layers (bedrock -64, dirt -63..-62, grass -61), then air. */
const flat = (y: number): string =>
  y === -64 ? 'bedrock' : y < -61 && y > -64 ? 'dirt' : y === -61 ? 'grass_block' : 'air';

export interface RehearsalOptions {
  version: string;
  username: string;
  lines: readonly RehearsalLine[];
  position: ExecutorPosition;
  commandTree?: () => CommandNode | undefined;
}

/** Never connected to anything: sendCommand answers from `lines`, a turn of the event loop later. */
export class RehearsalChannel implements CommandChannel {
  readonly backend = 'mineflayer' as const;
  readonly server = 'rehearsal (offline)';
  readonly connected = true;
  readonly version: string;
  readonly username: string;
  private readonly byCommand: Map<string, RehearsalLine>;
  private readonly written = new Map<string, string>();
  private readonly listeners = new Set<(message: CapturedMessage) => void>();
  private outbox: TextComponent[] = [];

  constructor(private readonly options: RehearsalOptions) {
    this.version = options.version;
    this.username = options.username;
    this.byCommand = new Map(options.lines.map((l) => [l.command, l]));
  }

  sendCommand(command: string): void {
    const line = this.byCommand.get(command);
    if (line?.writes) this.write(line.writes.box, line.writes.block);
    if (this.outbox.length === 0) setImmediate(() => this.flush());
    this.outbox.push(...this.answer(command, line));
  }

  private answer(command: string, line: RehearsalLine | undefined): TextComponent[] {
    if (line) return line.replies;
    const tellraw = /^tellraw @s (.*)$/.exec(command);
    if (tellraw) return [JSON.parse(tellraw[1]!) as TextComponent];
    const rule = /^gamerule (\w+)$/.exec(command);
    if (rule) return [{ translate: 'commands.gamerule.query', with: [rule[1]!, 'true'] }];
    return [red({ translate: 'command.unknown.command' }), contextLine(command)];
  }

  private write(box: Box, block: string): void {
    for (let x = box.min.x; x <= box.max.x; x++)
      for (let y = box.min.y; y <= box.max.y; y++)
        for (let z = box.min.z; z <= box.max.z; z++) this.written.set(`${x},${y},${z}`, block);
  }

  private flush(): void {
    const lines = this.outbox;
    this.outbox = [];
    for (const component of lines) {
      const message: CapturedMessage = { component, text: '', overlay: false };
      for (const listener of this.listeners) listener(message);
    }
  }

  onMessage(listener: (message: CapturedMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onClose(): () => void {
    return () => {};
  }

  executorPosition(): ExecutorPosition {
    return this.options.position;
  }

  worldView(): WorldView {
    const { x, z } = this.options.position;
    return {
      dimension: 'minecraft:overworld',
      minY: -64,
      maxY: 319,
      loadedChunkCount: 49,
      loadedBox: { min: { x: x - 56, z: z - 56 }, max: { x: x + 55, z: z + 55 } },
    };
  }

  commandTree(): CommandNode | undefined {
    return this.options.commandTree?.();
  }

  readBlock(pos: { x: number; y: number; z: number }): BlockStateView {
    const name = this.written.get(`${pos.x},${pos.y},${pos.z}`) ?? flat(pos.y);
    return { name: `minecraft:${name}`, properties: {} };
  }

  async close(): Promise<void> {}
}
