/**
 * Which commands can go out together. Commands are sent in order; a command joins the current segment
 * unless it waits for the outcome of one already in it — then the segment is sent first. Commands whose
 * dependency failed or whose condition is false are skipped without being sent.
 */
import { type PlannedStep, prerequisites } from '../batch/plan.js';
import type { CommandResult } from '../results/schema.js';
import { isUnchanged } from '../results/unchanged.js';

export interface SuccessPolicy {
  /** a noChange rejection (world already matched) counts as success */
  noChangeIsSuccess: boolean;
}

export interface SegmentOptions extends SuccessPolicy {
  stopOnFailure: boolean;
  /** set: nothing more is sent, for this reason */
  stopped?: string;
  /** the request was cancelled: what was not sent is skipped */
  cancelled?: boolean;
  /** commands that go last in their segment (a tp, whose position packet must be told apart) */
  endsSegment?: (index: number) => boolean;
}

export interface Decision {
  index: number;
  reason: string;
}

const FAILURE = new Set(['rejected_by_game', 'execution_error', 'timed_out', 'rejected_by_safety']);

export const succeeded = (r: CommandResult, p: SuccessPolicy) =>
  r.status === 'applied' || (p.noChangeIsSuccess && r.detail?.noChange === true);
export const failed = (r: CommandResult, p: SuccessPolicy) => FAILURE.has(r.status) && !succeeded(r, p);

const label = (steps: readonly PlannedStep[], i: number) =>
  `#${i + 1}${steps[i]?.id ? ` ("${steps[i]!.id}")` : ''}`;

export function nextSegment(
  steps: readonly PlannedStep[],
  results: ReadonlyArray<CommandResult | undefined>,
  options: SegmentOptions,
): { send: number[]; skip: Decision[]; unsent: Decision[] } {
  const send: number[] = [];
  const skip: Decision[] = [];
  const unsent: Decision[] = [];
  const inSegment = new Set<number>();
  for (const step of steps) {
    const i = step.index;
    if (results[i] !== undefined) continue;
    if (options.cancelled) {
      skip.push({ index: i, reason: 'cancelled before it was sent' });
      continue;
    }
    if (options.stopped !== undefined) {
      unsent.push({ index: i, reason: options.stopped });
      continue;
    }
    const waitsFor = options.stopOnFailure ? steps.slice(0, i).map((s) => s.index) : prerequisites(step);
    // an outcome still to come: send what we have first
    if (
      waitsFor.some((p) => inSegment.has(p) || (results[p] === undefined && !skip.some((d) => d.index === p)))
    )
      break;
    const outcome = (p: number) => results[p] ?? ({ status: 'skipped' } as CommandResult);
    const reason = whySkip(step, steps, outcome, options);
    if (reason) {
      skip.push({ index: i, reason });
      continue;
    }
    send.push(i);
    inSegment.add(i);
    if (options.endsSegment?.(i)) break;
  }
  return { send, skip, unsent };
}

function whySkip(
  step: PlannedStep,
  steps: readonly PlannedStep[],
  outcome: (i: number) => CommandResult,
  options: SegmentOptions,
): string | undefined {
  if (options.stopOnFailure) {
    // a command whose world already matched is unchanged, not a failure: nothing to stop for
    const first = steps
      .slice(0, step.index)
      .find((s) => failed(outcome(s.index), options) && !isUnchanged(outcome(s.index)));
    if (first) return `stopOnFailure: ${label(steps, first.index)} ended ${outcome(first.index).status}`;
  }
  for (const d of step.dependsOn) {
    if (!succeeded(outcome(d), options))
      return `dependency ${label(steps, d)} did not succeed (${outcome(d).status})`;
  }
  if (step.ifSuccess !== undefined && !succeeded(outcome(step.ifSuccess), options)) {
    return `condition ifSuccess ${label(steps, step.ifSuccess)} is false (${outcome(step.ifSuccess).status})`;
  }
  if (step.ifFailed !== undefined && !failed(outcome(step.ifFailed), options)) {
    return `condition ifFailed ${label(steps, step.ifFailed)} is false (${outcome(step.ifFailed).status})`;
  }
  return undefined;
}
