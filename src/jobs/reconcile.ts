/**
 * Before a resume: steps whose outcome is uncertain (sent when the companion stopped, timed out, or
 * unknown) are checked against the world. A block write the world already shows is recorded as applied
 * and not sent again; the rest go back to pending (or stay as they are, when they cannot be checked and
 * the job says not to resend those).
 */
import type { BlockWrite } from '../commands/block-write.js';
import { parseCommand } from '../commands/parse.js';
import type { CommandChannel } from '../connection/channel.js';
import { normalizeCommand } from '../execute/preflight.js';
import { boxesTouched } from '../commands/block-box.js';
import { channelBlockSource, prepareReads } from '../connection/block-reads.js';
import { verifyWrites } from '../verify/verify.js';
import { type Verification } from '../results/verification.js';
import type { JobState, JobStep, StepState } from './schema.js';

export interface ReconcileReport {
  /** uncertain steps looked at */
  checked: number;
  /** found applied in the world: not sent again */
  verified: number;
  /** back to pending: they will be sent again */
  resend: number;
  /** left as they were (cannot be checked, resendUnverifiable off) */
  kept: number;
  /** every block they wrote was written again by later applied steps: sending them again would undo those */
  superseded: number;
}

const UNCERTAIN = new Set<StepState>(['sent', 'unknown', 'timed_out']);
export const isUncertain = (step: JobStep) => UNCERTAIN.has(step.state);

export const stepCommand = (step: JobStep) =>
  normalizeCommand(typeof step.item === 'string' ? step.item : step.item.command);

/** Mutates `state.steps`; call with the job locked, before sending anything. */
export async function reconcileUncertain(state: JobState, channel: CommandChannel): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, verified: 0, resend: 0, kept: 0, superseded: 0 };
  const first = state.steps.findIndex(isUncertain);
  if (first < 0) return report;
  const source = channelBlockSource(channel);
  const executor = channel.executorPosition();

  // the uncertain steps' writes, and those of applied steps after them: a position a later applied
  // step wrote again says nothing about the uncertain one
  const writes: BlockWrite[] = [];
  const owners: number[] = [];
  const checkable = new Set<number>();
  state.steps.forEach((step, i) => {
    if (i < first || !(isUncertain(step) || step.state === 'applied')) return;
    const parsed = parseCommand(stepCommand(step), executor).blockWrites;
    if (isUncertain(step) && (parsed.length === 0 || parsed.some((w) => w.unresolved))) return;
    if (isUncertain(step)) checkable.add(i);
    for (const w of parsed) {
      writes.push(w);
      owners.push(i);
    }
  });
  // the bridge reads the game's world remotely: fetch what the check reads first
  await prepareReads(channel, boxesTouched(writes));
  const verdicts = source ? verifyWrites(writes, source) : [];
  const perStep = new Map<number, Verification[]>();
  verdicts.forEach((v, k) => {
    const owner = owners[k]!;
    if (checkable.has(owner)) perStep.set(owner, [...(perStep.get(owner) ?? []), v]);
  });

  state.steps.forEach((step, i) => {
    if (!isUncertain(step)) return;
    report.checked++;
    const list = perStep.get(i);
    if (!list) {
      if (state.options.resendUnverifiable) {
        resend(step, 'its outcome was unknown and the world cannot show it: sent again');
        report.resend++;
      } else report.kept++;
      return;
    }
    if (list.every((v) => v.status === 'verified' || (v.checked === 0 && (v.overridden ?? 0) > 0))) {
      const seen = list.some((v) => v.status === 'verified');
      step.state = seen ? 'applied' : 'skipped';
      step.reconciled = true;
      step.summary = seen
        ? 'outcome was unknown; the world shows its blocks, so it was not sent again'
        : 'outcome was unknown; later applied steps rewrote all its blocks, so it was not sent again';
      if (seen) step.verification = 'verified';
      if (seen) report.verified++;
      else report.superseded++;
      return;
    }
    resend(step, 'its outcome was unknown and the world does not show its blocks: sent again');
    report.resend++;
  });
  return report;
}

function resend(step: JobStep, summary: string): void {
  step.state = 'pending';
  step.summary = summary;
  delete step.key;
  delete step.noChange;
  delete step.verification;
}
