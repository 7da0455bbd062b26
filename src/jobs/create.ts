/** A new job's journal from start_build_job's input: placeholders filled and the plan checked first. */
import { randomBytes } from 'node:crypto';
import { type BatchItem, planBatch } from '../batch/plan.js';
import { JobStateError } from './errors.js';
import { JOURNAL_FORMAT, type JobOptions, type JobState, type JobStep } from './schema.js';
import { fillTemplates, type Params, paramsAsText } from './template.js';

export const DEFAULT_CHUNK_SIZE = 100;
export const MAX_JOB_STEPS = 50_000;
/** default chunks: at most ~200 of them (the journal is rewritten twice per chunk), 100 to 1000 commands each */
export const defaultChunkSize = (steps: number) =>
  Math.min(1000, Math.max(DEFAULT_CHUNK_SIZE, Math.ceil(steps / 200)));

export interface StartJobInput {
  name: string;
  /** one phase named "main" */
  commands?: BatchItem[];
  phases?: Array<{ name: string; commands: BatchItem[] }>;
  params?: Params;
  /** connection name (default: the default connection) */
  target?: string;
  chunkSize?: number;
  verify?: boolean;
  stopOnFailure?: boolean;
  noChangeIsSuccess?: boolean;
  commandTimeoutMs?: number;
  resendUnverifiable?: boolean;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'job';

/** Throws TemplateError (unfilled placeholders) or PlanError (bad ids/dependencies) before anything is written. */
export function createJob(input: StartJobInput, target: string, now: Date): JobState {
  if ((input.commands === undefined) === (input.phases === undefined)) {
    throw new JobStateError('give either commands or phases, not both and not neither', {
      remedy: 'commands: [...] for one phase, or phases: [{name, commands}, …] for several',
    });
  }
  const phases = input.phases ?? [{ name: 'main', commands: input.commands ?? [] }];
  const names = new Set<string>();
  for (const p of phases) {
    if (names.has(p.name))
      throw new JobStateError(`two phases are named "${p.name}"`, {
        remedy: 'give every phase its own name',
      });
    names.add(p.name);
  }
  const raw = phases.flatMap((p) => p.commands);
  if (raw.length === 0)
    throw new JobStateError('the job has no commands', { remedy: 'give at least one command' });
  if (raw.length > MAX_JOB_STEPS)
    throw new JobStateError(`the job has ${raw.length} commands, more than ${MAX_JOB_STEPS}`, {
      remedy: 'split it into several jobs',
    });
  const items = fillTemplates(raw, input.params ?? {});
  planBatch(items);
  const phaseOf = phases.flatMap((p, i) => p.commands.map(() => i));
  const steps: JobStep[] = items.map((item, i) => ({
    phase: phaseOf[i]!,
    item,
    state: 'pending',
    attempts: 0,
  }));
  const options: JobOptions = {
    chunkSize: input.chunkSize ?? defaultChunkSize(items.length),
    verify: input.verify ?? true,
    stopOnFailure: input.stopOnFailure ?? false,
    noChangeIsSuccess: input.noChangeIsSuccess ?? false,
    resendUnverifiable: input.resendUnverifiable ?? true,
    ...(input.commandTimeoutMs !== undefined ? { commandTimeoutMs: input.commandTimeoutMs } : {}),
  };
  const at = now.toISOString();
  return {
    format: JOURNAL_FORMAT,
    id: `${slug(input.name)}-${randomBytes(4).toString('hex')}`,
    name: input.name,
    target,
    createdAt: at,
    updatedAt: at,
    status: 'pending',
    phases: phases.map((p) => ({ name: p.name })),
    steps,
    ...(input.params && Object.keys(input.params).length ? { params: paramsAsText(input.params) } : {}),
    options,
    runs: 0,
  };
}

/**
 * Prepares steps for a resume: `from` a phase (failed steps there and after are retried; unchanged ones,
 * whose world already matched, are not), `restart` (applied and unchanged ones too).
 */
export function rewind(state: JobState, from: string | undefined, restart: boolean): void {
  let start = 0;
  if (from !== undefined) {
    start = state.phases.findIndex((p) => p.name === from);
    if (start < 0)
      throw new JobStateError(`job "${state.id}" has no phase "${from}"`, {
        remedy: `phases: ${state.phases.map((p) => p.name).join(', ')}`,
      });
  }
  if (from === undefined && !restart) return;
  for (const step of state.steps) {
    if (step.phase < start || step.state === 'pending' || step.state === 'sent') continue;
    if (step.state === 'applied' && !restart) continue;
    // the world already matched: nothing for a retry to change
    if (step.noChange && !restart) continue;
    if ((step.state === 'unknown' || step.state === 'timed_out') && !restart) continue; // checked in the world first
    step.state = 'pending';
    delete step.summary;
    delete step.key;
    delete step.noChange;
    delete step.verification;
    delete step.reconciled;
  }
}
