/**
 * execute_commands without MCP: plan, safety, then send through the connection's capture strategy in as
 * few round trips as the plan's dependencies allow, classify every command by what the server said,
 * verify, and suggest next steps. Every command gets a result, whatever happens to the connection.
 */

import { type BatchItem, type PlannedStep, planBatch } from '../batch/plan.js';
import { takeSnapshot } from '../batch/snapshot.js';
import { checkSnapshotSize, restoreSnapshot, transactionBoxes } from '../batch/transaction.js';
import { UNDO_MAX_BLOCKS, type UndoHistory } from '../batch/undo.js';
import { boxOfWrite } from '../commands/block-box.js';
import type { ConnectionSession } from '../connection/session.js';
import { NotOperatorError } from '../errors.js';
import { postExecuteHints } from '../hints/index.js';
import type { BatchResult, CommandResult } from '../results/schema.js';
import { checkBatch } from '../safety/check.js';
import { addSuggestions } from '../suggest/index.js';
import { defaultSafetyConfig, type SafetyConfig } from '../safety/config.js';
import { batchHint } from './hint.js';
import { normalizeCommand } from './preflight.js';
import { runSegments } from './run-segments.js';
import type { SuccessPolicy } from './segments.js';
import { channelBlockSource, planWrites, prepareReads, verifyApplied } from './verify-batch.js';

export interface ExecuteOptions {
  /** the operator's policy (default: the documented defaults) */
  safety?: SafetyConfig;
  /** the LLM's validate_safety flag (default true); false is honoured only when the policy allows it */
  validateSafety?: boolean;
  /** compare applied block writes with the world afterwards (default true) */
  verify?: boolean;
  /** snapshot the blocks the batch can write and restore them if any command fails */
  transactional?: boolean;
  /** send nothing after the first failure (commands then go one at a time) */
  stopOnFailure?: boolean;
  /** count `noChange` rejections (the world already matched) as success for dependencies (default false) */
  noChangeIsSuccess?: boolean;
  /** where applied batches are remembered for undo_last */
  undo?: UndoHistory;
  /** connection name, put into the arguments of suggested follow-up calls */
  target?: string;
  /** where postExecute hint failures are reported (default: dropped) */
  logHintError?: (err: unknown) => void;
  /** how long the server may work on one command (default 5000 ms) */
  commandTimeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

const EMPTY_COMMAND = {
  rule: 'empty',
  summary: 'Empty command: write a command such as `setblock 0 64 0 minecraft:stone`',
} as const;

const FAILED = new Set(['rejected_by_game', 'execution_error', 'timed_out', 'rejected_by_safety']);
const ROLLBACK_ON = new Set(['rejected_by_game', 'execution_error', 'timed_out']);

export async function executeBatch(
  session: ConnectionSession,
  items: readonly BatchItem[],
  options: ExecuteOptions = {},
): Promise<BatchResult> {
  const t0 = performance.now();
  const { channel } = session;
  const steps: PlannedStep[] = planBatch(items);
  if (session.capabilities.op === false) {
    // someone may have opped the bot since we connected
    const caps = await session.reprobe();
    if (caps.op === false) throw new NotOperatorError(channel.username);
  }

  const commands = steps.map((s) => normalizeCommand(s.command));
  const results: Array<CommandResult | undefined> = commands.map(() => undefined);
  const verify = options.verify ?? true;
  const policy: SuccessPolicy = { noChangeIsSuccess: options.noChangeIsSuccess ?? false };

  // everything that depends on where the bot stands is decided in the queue, after earlier batches ran
  const run = await session.exclusive(async () => {
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
    const plan = await planWrites(
      channel,
      commands,
      sendable,
      verify || options.transactional === true || options.undo !== undefined,
      safety.parsed,
    );
    const source = channelBlockSource(channel);
    const boxes = options.transactional
      ? transactionBoxes(commands, plan.byCommand, sendable)
      : [...sendable].flatMap((i) =>
          (plan.byCommand[i] ?? []).filter((w) => !w.unresolved).flatMap(boxOfWrite),
        );
    if (options.transactional) checkSnapshotSize(boxes);
    if (options.transactional && channel.prepareRead) await prepareReads(channel, boxes);
    const snapshot =
      source && boxes.length && (options.transactional || (options.undo && boxes.length))
        ? snapshotOrUndefined(source, boxes, options.transactional === true)
        : undefined;

    await runSegments(session, steps, commands, results, { ...options, policy });

    const final = results as CommandResult[];
    // results name the steps the caller named
    for (const step of steps) if (step.id !== undefined) final[step.index]!.id = step.id;
    const failure = final.find(
      (r) => ROLLBACK_ON.has(r.status) && !(policy.noChangeIsSuccess && r.detail?.noChange),
    );
    if (options.transactional && failure && snapshot) {
      const report = await restoreSnapshot(session, snapshot, source);
      return {
        plan,
        final,
        snapshot,
        safety,
        executor,
        transaction: {
          rolledBack: true,
          reason: `#${failure.index + 1} ${failure.status}: ${failure.summary}`,
          restore: report,
        },
      };
    }
    return {
      plan,
      final,
      snapshot,
      safety,
      executor,
      transaction: options.transactional ? { rolledBack: false } : undefined,
    };
  });

  const { plan, final, snapshot, transaction, safety, executor } = run;
  if (verify && !transaction?.rolledBack) await verifyApplied(channel, plan, final);
  addSuggestions(final, { version: channel.version, tree: channel.commandTree?.() });
  const appliedWrites = final.some(
    (r) => r.status === 'applied' && (plan.byCommand[r.index]?.length ?? 0) > 0,
  );
  if (options.undo && snapshot && appliedWrites && !transaction?.rolledBack) {
    options.undo.push({ label: describe(commands), at: new Date().toISOString(), snapshot });
  }

  const batch: BatchResult = {
    totalCommands: final.length,
    acceptedCount: final.filter((r) => r.accepted).length,
    appliedCount: final.filter((r) => r.status === 'applied').length,
    failedCount: final.filter((r) => FAILED.has(r.status)).length,
    unknownCount: final.filter((r) => r.status === 'unknown').length,
    skippedCount: final.filter((r) => r.status === 'skipped').length,
    executionTimeMs: performance.now() - t0,
    captureStrategy: session.capabilities.strategy,
    results: final,
    chatMessages: final.flatMap((r) => r.chatMessages),
    hint: '',
    ...(transaction ? { transaction } : {}),
    ...(safety.blockedWholeBatch || safety.unsafeRequestIgnored
      ? {
          safety: {
            blockedWholeBatch: safety.blockedWholeBatch,
            unsafeRequestIgnored: safety.unsafeRequestIgnored,
          },
        }
      : {}),
  };
  batch.hint = batchHint(batch, session.capabilities);
  const actionHints = transaction?.rolledBack
    ? undefined
    : postExecuteHints(
        {
          entries: final.map((r) => ({
            command: r.command,
            result: r,
            writes: plan.byCommand[r.index] ?? [],
            ...(r.verification ? { verification: { status: r.verification.status } } : {}),
          })),
          tool: 'execute_commands',
          mcVersion: channel.version,
          safety: options.safety ?? defaultSafetyConfig,
          commandTree: channel.commandTree?.(),
          readBlock: channel.readBlock?.bind(channel),
          bot: {
            name: channel.username,
            ...(session.capabilities.op !== null ? { operator: session.capabilities.op } : {}),
          },
          ...(options.target ? { target: options.target } : {}),
          ...(executor ? { executor } : {}),
        },
        options.logHintError,
      );
  if (actionHints) batch.actionHints = actionHints;
  return batch;
}

/** Undo snapshots are best effort (skipped when too big or unloaded); transactional ones are required. */
function snapshotOrUndefined(
  source: Parameters<typeof takeSnapshot>[0],
  boxes: Parameters<typeof takeSnapshot>[1],
  required: boolean,
) {
  if (!required) {
    const volume = boxes.reduce(
      (n, b) => n + (b.max.x - b.min.x + 1) * (b.max.y - b.min.y + 1) * (b.max.z - b.min.z + 1),
      0,
    );
    if (volume > UNDO_MAX_BLOCKS) return undefined;
    try {
      return takeSnapshot(source, boxes);
    } catch {
      return undefined;
    }
  }
  return takeSnapshot(source, boxes);
}

const describe = (commands: readonly string[]) =>
  `${commands.length} command${commands.length === 1 ? '' : 's'}: ${commands[0]?.slice(0, 60) ?? ''}${commands.length > 1 ? ' …' : ''}`;
