/**
 * Phase "check": the safety policy and the empty-command rule, before anything is sent. Refused commands
 * get their results here; the rest are sendable.
 */
import type { ExecutorPosition } from '../commands/block-write.js';
import type { CommandChannel } from '../connection/channel.js';
import type { CommandResult } from '../results/schema.js';
import { type CheckBatchResult, checkBatch } from '../safety/check.js';
import { defaultSafetyConfig, type SafetyConfig } from '../safety/config.js';

const EMPTY_COMMAND = {
  rule: 'empty',
  summary: 'Empty command: write a command such as `setblock 0 64 0 minecraft:stone`',
} as const;

export interface CheckedBatch {
  safety: CheckBatchResult;
  /** where the bot stood when the batch was checked (relative coordinates resolve from here) */
  executor: ExecutorPosition | undefined;
  /** indexes the policy lets through */
  sendable: Set<number>;
}

export function checkPhase(
  channel: CommandChannel,
  commands: string[],
  results: Array<CommandResult | undefined>,
  options: { safety?: SafetyConfig; validateSafety?: boolean },
): CheckedBatch {
  const executor = channel.executorPosition();
  const safety = checkBatch(commands, {
    config: options.safety ?? defaultSafetyConfig,
    validateSafety: options.validateSafety ?? true,
    version: channel.version,
    ...(executor ? { executor } : {}),
  });
  commands.forEach((command, index) => {
    const verdict = safety.verdicts[index];
    const refusal = command === '' ? EMPTY_COMMAND : verdict && !verdict.allowed ? verdict : undefined;
    if (!refusal) return;
    results[index] = {
      index,
      command,
      status: 'rejected_by_safety',
      accepted: false,
      applied: false,
      executionTimeMs: 0,
      summary: refusal.summary ?? `refused by safety rule ${refusal.rule}`,
      chatMessages: [],
      ...(refusal.rule ? { detail: { rule: refusal.rule } } : {}),
    };
  });
  const sendable = new Set(commands.map((_, i) => i).filter((i) => results[i] === undefined));
  return { safety, executor, sendable };
}
