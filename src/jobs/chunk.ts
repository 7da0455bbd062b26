/**
 * One chunk of a job as a batch for executeBatch. Operations keep their ids, dependencies and conditions;
 * references to steps of earlier chunks are decided here from the journal (they are already decided),
 * so executeBatch only sees references inside the chunk.
 */
import { type BatchItem, type Operation, type PlannedStep, prerequisites } from '../batch/plan.js';
import { failed, type SuccessPolicy, succeeded } from '../execute/segments.js';
import type { CommandResult } from '../results/schema.js';
import type { JobStep } from './schema.js';

export interface ChunkPlan {
  /** step indexes sent in this chunk, in order */
  send: number[];
  items: BatchItem[];
  /** steps skipped without sending, with the reason */
  skipped: Array<{ index: number; reason: string }>;
}

/** The next pending steps of one phase, at most `size`. */
export function nextChunk(steps: readonly JobStep[], size: number): number[] {
  const first = steps.findIndex((s) => s.state === 'pending');
  if (first < 0) return [];
  const phase = steps[first]!.phase;
  const chunk: number[] = [];
  for (let i = first; i < steps.length && chunk.length < size; i++) {
    const s = steps[i]!;
    if (s.phase !== phase) break;
    if (s.state === 'pending') chunk.push(i);
  }
  return chunk;
}

const label = (plan: readonly PlannedStep[], i: number) =>
  `#${i + 1}${plan[i]?.id ? ` ("${plan[i]!.id}")` : ''}`;

/** `plan` is planBatch over all the job's items (job-wide ids). */
export function chunkBatch(
  steps: readonly JobStep[],
  plan: readonly PlannedStep[],
  chunk: readonly number[],
  policy: SuccessPolicy,
): ChunkPlan {
  const send: number[] = [];
  const items: BatchItem[] = [];
  const skipped: ChunkPlan['skipped'] = [];
  const sending = new Set<number>();
  const outcome = (i: number) => {
    const s = steps[i]!;
    const skip = skipped.find((d) => d.index === i);
    return {
      status: skip ? 'skipped' : s.state,
      detail: s.noChange ? { noChange: true } : {},
    } as CommandResult;
  };
  for (const index of chunk) {
    const step = plan[index]!;
    const reason = externalReason(step, plan, sending, outcome, policy);
    if (reason) {
      skipped.push({ index, reason });
      continue;
    }
    send.push(index);
    sending.add(index);
    items.push(localItem(steps[index]!.item, step, plan, sending));
  }
  return { send, items, skipped };
}

function externalReason(
  step: PlannedStep,
  plan: readonly PlannedStep[],
  sending: ReadonlySet<number>,
  outcome: (i: number) => CommandResult,
  policy: SuccessPolicy,
): string | undefined {
  for (const d of step.dependsOn) {
    if (!sending.has(d) && !succeeded(outcome(d), policy))
      return `dependency ${label(plan, d)} did not succeed (${outcome(d).status})`;
  }
  const s = step.ifSuccess;
  if (s !== undefined && !sending.has(s) && !succeeded(outcome(s), policy))
    return `condition ifSuccess ${label(plan, s)} is false (${outcome(s).status})`;
  const f = step.ifFailed;
  if (f !== undefined && !sending.has(f) && !failed(outcome(f), policy))
    return `condition ifFailed ${label(plan, f)} is false (${outcome(f).status})`;
  return undefined;
}

/** The item with only the references that stay inside the chunk (the others were decided above). */
function localItem(
  item: BatchItem,
  step: PlannedStep,
  plan: readonly PlannedStep[],
  sending: ReadonlySet<number>,
): BatchItem {
  if (typeof item === 'string') return item;
  if (prerequisites(step).every((p) => sending.has(p))) return item;
  const idOf = (i: number) => plan[i]!.id!;
  const op: Operation = { command: item.command };
  if (item.id !== undefined) op.id = item.id;
  const deps = step.dependsOn.filter((d) => sending.has(d)).map(idOf);
  if (deps.length) op.dependsOn = deps;
  const condition: NonNullable<Operation['condition']> = {};
  if (step.ifSuccess !== undefined && sending.has(step.ifSuccess)) condition.ifSuccess = idOf(step.ifSuccess);
  if (step.ifFailed !== undefined && sending.has(step.ifFailed)) condition.ifFailed = idOf(step.ifFailed);
  if (condition.ifSuccess !== undefined || condition.ifFailed !== undefined) op.condition = condition;
  return op;
}
