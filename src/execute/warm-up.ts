/**
 * Warm-up while the bot connects: the CPU side of a batch (parse and safety check, outcome rules, counts
 * and hint, next-step inference, the result schema) run once on made-up commands and replies, so that the
 * first real call does not pay for V8's first compilation of those paths and zod's lazy schema
 * compilation. Nothing is sent anywhere. Replies follow vanilla's shapes (ServerCommandSource feedback:
 * a bare translatable component on success, a red one on failure).
 */
import { takeSnapshot } from '../batch/snapshot.js';
import { captureFenced } from '../capture/fenced.js';
import type { CapturedMessage, TextComponent } from '../capture/message.js';
import type { ConnectionSession } from '../connection/session.js';
import { postExecuteHints } from '../hints/index.js';
import { classifyOutcome } from '../outcome/index.js';
import { type BatchResult, BatchResultSchema, type CommandResult } from '../results/schema.js';
import { checkBatch } from '../safety/check.js';
import { defaultSafetyConfig } from '../safety/config.js';
import { tally } from './tally.js';
import { channelBlockSource } from './verify-batch.js';

const SIZE = 400;

function sample(i: number): { command: string; reply: TextComponent } {
  const x = i % 16;
  const y = -60 + ((i >> 4) % 8);
  const z = (i >> 7) % 16;
  switch (i % 4) {
    case 0:
      return {
        command: `setblock ${x} ${y} ${z} minecraft:stone`,
        reply: { translate: 'commands.setblock.success', with: [x, y, z] },
      };
    case 1:
      return {
        command: `fill ${x} ${y} ${z} ${x + 1} ${y} ${z + 1} minecraft:oak_planks`,
        reply: { translate: 'commands.fill.success', with: [4] },
      };
    case 2:
      return {
        command: `setblock ${x} ${y} ${z} minecraft:not_a_block`,
        reply: { translate: 'argument.block.id.invalid', with: ['minecraft:not_a_block'], color: 'red' },
      };
    default:
      return {
        command: `fill ${x} ${y} ${z} ${x + 40} ${y + 40} ${z + 40} minecraft:stone`,
        reply: { translate: 'commands.fill.toobig', with: [32768, 68921], color: 'red' },
      };
  }
}

/** Returns the made-up batch (for the caller to render); throws only on a bug. */
export function warmExecutePath(version = '1.21.4'): BatchResult {
  const samples = Array.from({ length: SIZE }, (_, i) => sample(i));
  const commands = samples.map((s) => s.command);
  const safety = checkBatch(commands, {
    config: defaultSafetyConfig,
    validateSafety: true,
    version,
    executor: { x: 0, y: -60, z: 0, yaw: 0, pitch: 0 },
  });
  const results: CommandResult[] = samples.map((s, index) => {
    const message: CapturedMessage = { component: s.reply, text: '', overlay: false };
    return {
      index,
      command: s.command,
      accepted: true,
      executionTimeMs: 0,
      chatMessages: [],
      captureStrategy: 'fenced',
      ...classifyOutcome({ command: s.command, messages: [message], feedbackEnabled: true, version }),
    };
  });
  const batch = tally(
    results,
    {
      op: true,
      fenceWorks: true,
      feedbackEnabled: true,
      keyedFeedback: true,
      colourMeaningful: true,
      strategy: 'fenced',
    },
    { startedAt: performance.now(), safety, transaction: undefined, undo: { status: 'recorded' } },
  );
  const hints = postExecuteHints({
    entries: results.map((r) => ({
      command: r.command,
      result: r,
      writes: safety.parsed[r.index]?.blockWrites ?? [],
    })),
    tool: 'execute_commands',
    mcVersion: version,
  });
  if (hints) batch.actionHints = hints;
  BatchResultSchema.parse(batch);
  return batch;
}

/** Harmless round trips a bot makes right after connecting: replies go to the bot alone. */
const WARM_ROUND_TRIPS = 500;

/**
 * `tellraw @s` lines shaped like vanilla's feedback (success, red failure, the parse-error context line),
 * so that chat parsing and the outcome rules see the shapes real replies have. Only the bot sees them.
 */
const warmReply = (i: number): string => {
  const { reply } = sample(i);
  const context =
    i % 4 === 2
      ? `,{"text":"","extra":[{"text":"...k ${i} 0 0 "},{"text":"x","color":"red","underlined":true},{"translate":"command.context.here","color":"red","italic":true}]}`
      : '';
  return `tellraw @s [${JSON.stringify(reply)}${context}]`;
};

export async function warmConnection(session: ConnectionSession): Promise<void> {
  const { channel } = session;
  if (channel.backend === 'bridge') return;
  await session.exclusive(async () => {
    // under a packet limit (Paper) the window is worth more than a faster first call: no round trips there
    if (session.capabilities.strategy === 'fenced' && channel.connected && !session.budget) {
      await captureFenced(
        channel,
        Array.from({ length: WARM_ROUND_TRIPS }, (_, i) => warmReply(i)),
        {},
      );
    }
    const source = channelBlockSource(channel);
    const p = channel.executorPosition();
    if (!source || !p) return;
    const at = { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) };
    try {
      takeSnapshot(source, [
        { min: { x: at.x - 8, y: at.y - 2, z: at.z - 8 }, max: { x: at.x + 7, y: at.y + 5, z: at.z + 7 } },
      ]);
    } catch {
      // an unloaded chunk around the bot: nothing to warm there
    }
  });
}
