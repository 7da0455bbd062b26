/**
 * Decides, before anything is sent, which commands of a batch may go to the server. Pure: no I/O.
 * Kick checks (characters, length) and the deny list always apply; the rest is skipped only when the LLM
 * asks with validate_safety false AND the operator's config says allowUnsafe.
 */
import type { ExecutorPosition } from '../commands/block-write.js';
import { type ParsedCommand, parseCommand } from '../commands/parse.js';
import type { SafetyConfig } from './config.js';
import {
  buildZone,
  deniedCommand,
  fillVolume,
  giveCount,
  illegalCharacters,
  notAllowed,
  playerSelector,
  type Refusal,
  type SafetyRule,
  tooLong,
  unparseable,
  writtenVolume,
} from './rules.js';

export type { SafetyRule } from './rules.js';

export interface SafetyVerdict {
  index: number;
  allowed: boolean;
  rule?: SafetyRule;
  summary?: string;
}

export interface CheckBatchOptions {
  config: SafetyConfig;
  /** the LLM's validate_safety flag; false is honoured only with config.allowUnsafe */
  validateSafety: boolean;
  /** where `~`/`^` resolve from; without it relative writes cannot be checked against a build zone */
  executor?: ExecutorPosition;
  /** Minecraft version of the server, e.g. "1.21.4" (decides the length limit) */
  version: string;
}

export interface CheckBatchResult {
  verdicts: SafetyVerdict[];
  /** a refusal stopped the whole batch (config.onRefusal = block_batch): send nothing */
  blockedWholeBatch: boolean;
  /** the LLM asked for validate_safety false but the config does not allow it */
  unsafeRequestIgnored: boolean;
  /** each command as parsed for the check (undefined when refused before parsing), for callers to reuse */
  parsed: Array<ParsedCommand | undefined>;
}

function checkOne(
  text: string,
  opts: CheckBatchOptions,
  unsafe: boolean,
  batchVolume: { used: number },
  keep: (parsed: ParsedCommand) => void,
): Refusal | undefined {
  const { config } = opts;
  const kick = illegalCharacters(text) ?? tooLong(text, opts.version);
  if (kick !== undefined) return kick;
  const parsed = parseCommand(text, opts.executor);
  keep(parsed);
  const denied = deniedCommand(parsed, config);
  if (denied !== undefined || unsafe) return denied;
  const refusal =
    notAllowed(parsed, config) ??
    // without a build zone the game is the authority on syntax; with one, what we cannot read we cannot check
    (config.buildZone ? unparseable(parsed) : undefined) ??
    playerSelector(parsed, config) ??
    giveCount(parsed, config) ??
    fillVolume(parsed, config) ??
    buildZone(parsed, config);
  if (refusal !== undefined) return refusal;
  const written = writtenVolume(parsed);
  if (batchVolume.used + written > config.maxBatchVolume) {
    return {
      rule: 'batch_volume',
      summary:
        `refused by safety rule batch_volume: this command would bring the batch to ${batchVolume.used + written} ` +
        `written blocks, over the limit of ${config.maxBatchVolume}. Fix: send the rest in a later batch`,
    };
  }
  batchVolume.used += written;
  return undefined;
}

export function checkBatch(commands: string[], opts: CheckBatchOptions): CheckBatchResult {
  const unsafe = !opts.validateSafety && opts.config.allowUnsafe;
  const batchVolume = { used: 0 };
  const parsed: Array<ParsedCommand | undefined> = commands.map(() => undefined);
  const verdicts: SafetyVerdict[] = commands.map((text, index) => {
    const refusal = checkOne(text, opts, unsafe, batchVolume, (p) => {
      parsed[index] = p;
    });
    return refusal === undefined ? { index, allowed: true } : { index, allowed: false, ...refusal };
  });
  const firstRefused = verdicts.find((v) => !v.allowed);
  const blockedWholeBatch = firstRefused !== undefined && opts.config.onRefusal === 'block_batch';
  if (blockedWholeBatch) {
    for (const v of verdicts) {
      if (!v.allowed) continue;
      v.allowed = false;
      v.rule = 'batch_blocked';
      v.summary =
        `not sent: command #${firstRefused.index + 1} of this batch was refused (${firstRefused.rule}) and the ` +
        'safety config blocks the whole batch on a refusal. Fix: correct that command and send the batch again';
    }
  }
  return {
    verdicts,
    blockedWholeBatch,
    unsafeRequestIgnored: !opts.validateSafety && !opts.config.allowUnsafe,
    parsed,
  };
}
