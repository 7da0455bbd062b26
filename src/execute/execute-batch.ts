/**
 * execute_commands without MCP. The phases, in order: check (safety), plan (which blocks each command
 * writes), snapshot (for a transaction or undo), send (as few round trips as the dependencies allow,
 * every command classified by what the server said), settle the transaction (roll back on failure),
 * verify (read applied writes back), record undo, hint. Every command gets a result, whatever happens to
 * the connection.
 */
import { type BatchItem, planBatch } from '../batch/plan.js';
import type { Snapshot } from '../batch/snapshot.js';
import type { UndoHistory } from '../batch/undo.js';
import type { ParsedCommand } from '../commands/parse.js';
import { parseCommand } from '../commands/parse.js';
import type { ConnectionSession } from '../connection/session.js';
import { NotOperatorError } from '../vocabulary/errors.js';
import { type BatchShape, type HintEntry, postExecuteHints, type PostExecuteInput } from '../hints/index.js';
import type { BatchResult, CommandResult } from '../results/schema.js';
import { defaultSafetyConfig, type SafetyConfig } from '../safety/config.js';
import { addSuggestion, addSuggestions } from '../suggest/index.js';
import { BotMoves, type MoveExpectation, teleportExpectation } from './bot-moves.js';
import { type CheckedBatch, checkPhase } from './check.js';
import { readsBefore } from './before-reads.js';
import { readWorldForHints, roomsKept } from './hint-world.js';
import { normalizeCommand } from './preflight.js';
import { probeLoaded } from './probe-loaded.js';
import { recordUndo } from './record-undo.js';
import { runSegments } from './run-segments.js';
import type { SuccessPolicy } from './segments.js';
import { settleTransaction, type Transaction } from './settle.js';
import { snapshotPhase } from './snapshot-phase.js';
import { tally } from './tally.js';
import { type PlannedWrites, planWrites, verifyApplied } from './verify-batch.js';

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
  /** where write batches are remembered (or marked as not undoable) for undo_last */
  undo?: UndoHistory;
  /** connection name, put into the arguments of suggested follow-up calls */
  target?: string;
  /**
   * false: the hints give no design advice (doors, windows, light, rooms): the batch places a plan that is
   * its own design, such as a structure file. Default true.
   */
  designAdvice?: boolean;
  /** where postExecute hint failures are reported (default: dropped) */
  logHintError?: (err: unknown) => void;
  /** how long the server may work on one command (default 5000 ms) */
  commandTimeoutMs?: number;
  signal?: AbortSignal;
  /** `note` is set while sending waits for the connection's packet budget, and says why */
  onProgress?: (done: number, total: number, note?: string) => void;
}

interface SentBatch {
  check: CheckedBatch;
  plan: PlannedWrites;
  results: CommandResult[];
  transaction: Transaction | undefined;
  undoBasis: Awaited<ReturnType<typeof snapshotPhase>>;
}

export async function executeBatch(
  session: ConnectionSession,
  items: readonly BatchItem[],
  options: ExecuteOptions = {},
): Promise<BatchResult> {
  const startedAt = performance.now();
  const steps = planBatch(items);
  await requireOperator(session);
  const commands = steps.map((s) => normalizeCommand(s.command));
  const policy: SuccessPolicy = { noChangeIsSuccess: options.noChangeIsSuccess ?? false };
  const verify = options.verify ?? true;
  // a result that did not apply carries its fix: did you mean, valid states, the command's usage. The
  // game's refusals get theirs as they come, while the server still works on later commands; the rest
  // (safety refusals, unknowns, results verification changed) after verification
  const suggest = { version: session.channel.version, tree: session.channel.commandTree?.() };
  const suggested = new Set<CommandResult>();
  const onJudged = (r: CommandResult) => {
    if (r.status !== 'rejected_by_game') return;
    addSuggestion(r, suggest);
    suggested.add(r);
  };

  // everything that depends on where the bot stands is decided in the queue, after earlier batches ran
  const sent = await session.exclusive(async (): Promise<SentBatch> => {
    const results: Array<CommandResult | undefined> = commands.map(() => undefined);
    const check = checkPhase(session.channel, commands, results, options);
    // verification's `before` and the undo or transaction snapshot read the world before the batch once
    const before = readsBefore(session.channel);
    const plan = await planWrites(
      session.channel,
      commands,
      check.sendable,
      verify || options.transactional === true || options.undo !== undefined,
      check.safety.parsed,
      before,
    );
    before?.stopKeeping();
    const undoBasis = await snapshotPhase(session.channel, commands, plan, check.sendable, options, before);
    await sendPhase(session, steps, commands, results, check, plan, { ...options, policy, onJudged });
    const final = results as CommandResult[];
    const transaction = options.transactional
      ? await settleTransaction(session, final, plan.byCommand, undoBasis.snapshot)
      : undefined;
    return { check, plan, results: final, transaction, undoBasis };
  });

  const { check, plan, results, transaction, undoBasis } = sent;
  const rolledBack = transaction?.rolledBack === true;
  // one read of the world after the batch: verification reads the written blocks through the hints' region
  // (none after a rollback: nothing was built)
  const world = rolledBack
    ? undefined
    : await readWorldForHints(session.channel, hintEntries(results, plan, check));
  const region = world && 'region' in world ? world.region : undefined;
  if (verify && !rolledBack) await verifyApplied(session.channel, plan, results, region);
  addSuggestions(results, suggest, suggested);
  const undo = options.undo
    ? recordUndo(
        options.undo,
        commands,
        results,
        plan.byCommand,
        undoBasis,
        !rolledBack ? 'none' : transaction?.restore?.status === 'verified' ? 'complete' : 'incomplete',
        check.safety.parsed,
      )
    : undefined;
  const batch = tally(results, session.capabilities, {
    startedAt,
    safety: check.safety,
    transaction,
    undo,
  });
  // after a rollback nothing stands: the hints give only the whole batch again, corrected
  const shape = {
    steps,
    transactional: options.transactional,
    stopOnFailure: options.stopOnFailure,
    rolledBack,
  };
  hintPhase(
    batch,
    session,
    plan,
    check,
    rolledBack ? { notRead: 'the transaction was rolled back: nothing the batch wrote stands' } : world,
    rolledBack ? undefined : undoBasis.snapshot,
    options,
    shape,
  );
  return batch;
}

async function requireOperator(session: ConnectionSession): Promise<void> {
  if (session.capabilities.op !== false) return;
  // someone may have opped the bot since we connected
  const caps = await session.reprobe();
  if (caps.op === false) throw new NotOperatorError(session.channel.username);
}

/** Phase "send": the segments go out; teleports of the bot are watched so that their packet is proof. */
async function sendPhase(
  session: ConnectionSession,
  steps: ReturnType<typeof planBatch>,
  commands: readonly string[],
  results: Array<CommandResult | undefined>,
  check: CheckedBatch,
  plan: PlannedWrites,
  options: ExecuteOptions & { policy: SuccessPolicy; onJudged: (result: CommandResult) => void },
): Promise<void> {
  const expected = new Map<number, MoveExpectation>();
  for (const i of check.sendable) {
    const e = teleportExpectation(parsedOf(check, commands, i), session.channel.username);
    if (e) expected.set(i, e);
  }
  // writes where the server holds no chunk are kept back (asked first, where the bot sees none); only those
  // before the first command that may move the bot: after it, the chunks around the bot are others
  const firstMove = Math.min(...expected.keys());
  const beforeMove = new Set([...check.sendable].filter((i) => i < firstMove));
  await probeLoaded(session, plan.byCommand, beforeMove, results, commands);
  const moves = expected.size ? new BotMoves(session.channel, expected) : undefined;
  try {
    await runSegments(session, steps, commands, results, { ...options, ...(moves ? { moves } : {}) });
  } finally {
    moves?.close();
  }
  // results name the steps the caller named
  for (const step of steps) if (step.id !== undefined) results[step.index]!.id = step.id;
}

const parsedOf = (check: CheckedBatch, commands: readonly string[], i: number): ParsedCommand =>
  check.safety.parsed[i] ?? parseCommand(commands[i]!, check.executor);

/** What the hints read of each command: its result, the blocks it writes, its verification. */
function hintEntries(
  results: readonly CommandResult[],
  plan: PlannedWrites,
  check: CheckedBatch,
): HintEntry[] {
  return results.map((r) => ({
    command: r.command,
    result: r,
    // a command the policy refused was never planned: its parsed writes let a hint cut it within the limit
    writes:
      r.status === 'rejected_by_safety'
        ? (check.safety.parsed[r.index]?.blockWrites ?? [])
        : (plan.byCommand[r.index] ?? []),
    ...(r.verification ? { verification: { status: r.verification.status } } : {}),
  }));
}

/** Phase "hint": next steps inferred from what was built, checked against the world read after the batch. */
function hintPhase(
  batch: BatchResult,
  session: ConnectionSession,
  plan: PlannedWrites,
  check: CheckedBatch,
  world: PostExecuteInput['world'],
  before: Snapshot | undefined,
  options: ExecuteOptions,
  shape: BatchShape,
): void {
  const { channel } = session;
  const entries = hintEntries(batch.results, plan, check);
  const actionHints = postExecuteHints(
    {
      entries,
      batch: shape,
      world,
      // a batch that only swapped plain blocks for plain blocks changes no room: no search for rooms
      roomsKept: options.designAdvice !== false && roomsKept(entries, before, world, channel.version),
      tool: 'execute_commands',
      mcVersion: channel.version,
      designAdvice: options.designAdvice,
      // only steps the operator's policy allows and the server's command tree has are suggested
      safety: options.safety ?? defaultSafetyConfig,
      commandTree: channel.commandTree?.(),
      readBlock: channel.readBlock?.bind(channel),
      bot: {
        name: channel.username,
        ...(session.capabilities.op !== null ? { operator: session.capabilities.op } : {}),
      },
      ...(options.target ? { target: options.target } : {}),
      ...(check.executor ? { executor: check.executor } : {}),
    },
    options.logHintError,
  );
  if (actionHints) batch.actionHints = actionHints;
}
