/**
 * Runs a job's pending steps on a live session, a chunk at a time, journaling before each chunk is sent
 * (its steps become `sent`) and after it (each step's outcome). A companion that dies mid-chunk leaves
 * `sent` steps, which the next resume checks against the world before sending anything again.
 */
import { planBatch } from '../batch/plan.js';
import type { UndoHistory, UnrecordedUndo } from '../batch/undo.js';
import type { ConnectionSession } from '../connection/session.js';
import { executeBatch } from '../execute/execute-batch.js';
import type { Logger } from '../vocabulary/logger.js';
import type { CommandResult } from '../results/schema.js';
import { isUnchanged } from '../results/unchanged.js';
import type { SafetyConfig } from '../safety/config.js';
import { chunkBatch, nextChunk } from './chunk.js';
import { JOB_UNDO_SHOWS } from './report.js';
import { type ReconcileReport, reconcileUncertain } from './reconcile.js';
import type { Interruption, JobState, JobStep } from './schema.js';

export interface RunDeps {
  session: ConnectionSession;
  safety: SafetyConfig;
  log: Logger;
  signal: AbortSignal;
  /** why the signal was aborted */
  stopReason: () => Interruption;
  /** writes the journal; `state.updatedAt` is set by the caller */
  save: (state: JobState) => Promise<void>;
  onReconciled?: (report: ReconcileReport) => void;
  /** the connection's undo history: a job is not snapshotted, so it leaves a marker undo_last stops at */
  undo: UndoHistory;
}

export type RunEnd =
  | { status: 'completed' }
  | { status: 'error'; error: string }
  | { status: 'interrupted'; interruption: Interruption; error?: string };

const CANCELLED = 'cancelled before it was sent';

export async function runJob(state: JobState, deps: RunDeps): Promise<RunEnd> {
  const { session, signal } = deps;
  const plan = planBatch(state.steps.map((s) => s.item));
  const report = await reconcileUncertain(state, session.channel);
  if (report.checked > 0) {
    deps.onReconciled?.(report);
    await deps.save(state);
  }
  const policy = { noChangeIsSuccess: state.options.noChangeIsSuccess };
  const marker = notRecordedMarker(state);
  for (;;) {
    if (signal.aborted) return { status: 'interrupted', interruption: deps.stopReason() };
    if (!session.channel.connected)
      return {
        status: 'interrupted',
        interruption: 'disconnect',
        error: 'the connection to the server was lost',
      };
    const chunk = nextChunk(state.steps, state.options.chunkSize);
    if (chunk.length === 0) return { status: 'completed' };

    const { send, items, skipped } = chunkBatch(state.steps, plan, chunk, policy);
    for (const { index, reason } of skipped) {
      Object.assign(state.steps[index]!, { state: 'skipped', summary: `Skipped: ${reason}` });
    }
    if (send.length === 0) {
      await deps.save(state);
      continue;
    }
    for (const i of send) {
      const step = state.steps[i]!;
      step.state = 'sent';
      step.attempts++;
    }
    await deps.save(state);
    // on top before every chunk: a batch recorded between two chunks must not be undone over the job's blocks;
    // the job keeps one barrier however often it runs, resumes or is passed by other batches
    deps.undo.mark({ ...marker, at: new Date().toISOString() });

    const batch = await executeBatch(session, items, {
      safety: deps.safety,
      verify: state.options.verify,
      stopOnFailure: state.options.stopOnFailure,
      noChangeIsSuccess: state.options.noChangeIsSuccess,
      target: state.target,
      signal,
      logHintError: (err: unknown) => deps.log.debug({ err }, 'build job: postExecute hints failed'),
      ...(state.options.commandTimeoutMs !== undefined
        ? { commandTimeoutMs: state.options.commandTimeoutMs }
        : {}),
    });
    batch.results.forEach((r, k) => {
      record(state.steps[send[k]!]!, r);
    });
    await deps.save(state);

    const failure = batch.results.find((r) => FAILED.has(r.status) && !isUnchanged(r));
    if (state.options.stopOnFailure && failure) {
      return {
        status: 'error',
        error: `stopOnFailure: step #${send[failure.index]! + 1} ${failure.status}: ${failure.summary}`,
      };
    }
    const timedOut = batch.results.find((r) => r.status === 'timed_out');
    if (timedOut && batch.results.some((r) => !r.accepted && r.status === 'unknown')) {
      return {
        status: 'error',
        error: `the server stopped answering (step #${send[timedOut.index]! + 1} timed out): resume when it answers again`,
      };
    }
  }
}

/**
 * The job's place in the connection's undo history: undo_last must not reach past this job to an older
 * batch and undo that instead, so the barrier says the job cannot be put back.
 */
function notRecordedMarker(state: JobState): UnrecordedUndo & { source: string } {
  return {
    kind: 'not_recorded',
    label: `build job ${state.id} (${state.steps.length} steps)`,
    at: new Date().toISOString(),
    reason: `build jobs are not snapshotted for undo (${JOB_UNDO_SHOWS})`,
    source: `job:${state.id}`,
  };
}

const FAILED = new Set(['rejected_by_game', 'execution_error', 'rejected_by_safety']);

/** A step's outcome from its result; what was never sent is pending again. */
function record(step: JobStep, r: CommandResult): void {
  const reason = r.detail?.reason ?? '';
  // never sent: not decided by the game, so a resume sends it
  const notSent =
    (r.status === 'unknown' && !r.accepted) ||
    (r.status === 'skipped' && (reason === CANCELLED || reason.startsWith('stopOnFailure')));
  delete step.reconciled;
  delete step.key;
  delete step.noChange;
  delete step.verification;
  if (notSent) {
    step.state = 'pending';
    step.attempts = Math.max(0, step.attempts - 1);
    step.summary = r.summary;
    return;
  }
  if (!r.accepted) step.attempts = Math.max(0, step.attempts - 1);
  step.state = r.status;
  // applied steps need no words: the journal is rewritten after every chunk, keep it small
  if (r.status === 'applied') delete step.summary;
  else step.summary = r.summary;
  if (r.detail?.key) step.key = r.detail.key;
  if (r.detail?.noChange) step.noChange = true;
  if (r.verification) step.verification = r.verification.status;
}
