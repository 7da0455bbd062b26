/** What get_build_job and list_build_jobs return: the journal summed up, rendered from one object. */
import { z } from 'zod';
import { isUnchanged, UNCHANGED, UNCHANGED_MEANS } from '../results/unchanged.js';
import { stepCommand } from './reconcile.js';
import {
  InterruptionSchema,
  isDecided,
  type JobState,
  type JobStatus,
  type JobStep,
  JobStatusSchema,
  type StepState,
} from './schema.js';

const MAX_FAILURES = 20;

/** what get_build_job shows of a job's work, said where undo refuses a job (and tested against the tool) */
export const JOB_UNDO_SHOWS = 'get_build_job shows its counts per outcome and its failed steps';

/** said when a job starts and whenever it is shown */
export const JOB_UNDO_LINE = `undo: undo_last cannot put this job back (build jobs are not snapshotted) and stops at it; undo_last with past_unrecorded: true goes past it to older batches, leaving the job's blocks`;

export const PhaseReportSchema = z.object({
  name: z.string(),
  status: z.enum(['completed', 'in_progress', 'pending']),
  steps: z.number().int(),
  done: z.number().int(),
});

export const JobSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  target: z.string(),
  status: JobStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  totalSteps: z.number().int(),
  doneSteps: z.number().int(),
});
export type JobSummary = z.infer<typeof JobSummarySchema>;

export const JobReportSchema = JobSummarySchema.extend({
  /** steps not decided yet: pending, or sent without a recorded outcome */
  pendingSteps: z.number().int(),
  /** steps per outcome (`pending`, `sent`, `unchanged` — the world already matched — and every other command status) */
  counts: z.record(z.string(), z.number().int()),
  phases: z.array(PhaseReportSchema),
  completedPhases: z.array(z.string()),
  pendingPhases: z.array(z.string()),
  interruption: InterruptionSchema.optional(),
  lastError: z.string().optional(),
  /** failed or uncertain steps in all; `failures` lists up to 20 of them from `failuresFrom` */
  failedSteps: z.number().int(),
  /** 1-based step number the failures list starts at (omitted: the first failure); page with get_build_job */
  failuresFrom: z.number().int().optional(),
  /** failed or uncertain steps from failuresFrom on, at most 20, with what the server said */
  failures: z.array(
    z.object({
      step: z.number().int().describe('1-based step number in the job'),
      phase: z.string(),
      command: z.string(),
      status: z.string(),
      summary: z.string().optional(),
    }),
  ),
  /** steps whose outcome was established by reading the world on resume */
  reconciledSteps: z.number().int(),
  runs: z.number().int(),
  resumable: z.boolean(),
  /** whether undo_last can put the job back: never (jobs are not snapshotted; undo_last stops at the job) */
  undoable: z.boolean(),
  params: z.record(z.string(), z.string()).optional(),
  hint: z.string(),
});
export type JobReport = z.infer<typeof JobReportSchema>;

const NOT_FAILED = new Set<StepState>(['applied', 'pending', 'sent']);

/** the step found the world already as it asked: nothing to fix, nothing to resume */
const unchangedStep = (s: JobStep) =>
  s.state !== 'pending' &&
  s.state !== 'sent' &&
  isUnchanged({ status: s.state, detail: { noChange: s.noChange ?? false } });

export function summarize(state: JobState, status: JobStatus): JobSummary {
  return {
    id: state.id,
    name: state.name,
    target: state.target,
    status,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    totalSteps: state.steps.length,
    doneSteps: state.steps.filter((s) => isDecided(s.state)).length,
  };
}

export function buildReport(
  state: JobState,
  status: JobStatus,
  context: { maxAgeDays: number; autoResume: boolean; failuresFrom?: number },
): JobReport {
  const counts: Record<string, number> = {};
  for (const s of state.steps) {
    const outcome = unchangedStep(s) ? UNCHANGED : s.state;
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  const phases = state.phases.map((p, i) => {
    const steps = state.steps.filter((s) => s.phase === i);
    const done = steps.filter((s) => isDecided(s.state)).length;
    return { name: p.name, steps: steps.length, done };
  });
  const current = state.steps.find((s) => !isDecided(s.state))?.phase;
  const phaseReports = phases.map((p, i) => ({
    ...p,
    status:
      p.done === p.steps
        ? ('completed' as const)
        : i === current && (status === 'running' || p.done > 0)
          ? ('in_progress' as const)
          : ('pending' as const),
  }));
  const from = Math.max(1, context.failuresFrom ?? 1);
  const failed = state.steps
    .map((s, i) => ({ s, i }))
    .filter(
      ({ s }) => !NOT_FAILED.has(s.state) && !unchangedStep(s) && !(s.state === 'skipped' && s.reconciled),
    );
  const failures = failed
    .filter(({ i }) => i + 1 >= from)
    .slice(0, MAX_FAILURES)
    .map(({ s, i }) => ({
      step: i + 1,
      phase: state.phases[s.phase]?.name ?? String(s.phase),
      command: stepCommand(s),
      status: s.state,
      ...(s.summary !== undefined ? { summary: s.summary } : {}),
    }));
  const summary = summarize(state, status);
  const pendingSteps = summary.totalSteps - summary.doneSteps;
  const resumable = status !== 'running' && status !== 'expired';
  const report: JobReport = {
    ...summary,
    pendingSteps,
    counts,
    phases: phaseReports,
    completedPhases: phaseReports.filter((p) => p.status === 'completed').map((p) => p.name),
    pendingPhases: phaseReports.filter((p) => p.status !== 'completed').map((p) => p.name),
    ...(state.interruption && status === 'interrupted' ? { interruption: state.interruption } : {}),
    ...(state.lastError !== undefined ? { lastError: state.lastError } : {}),
    failedSteps: failed.length,
    ...(from > 1 ? { failuresFrom: from } : {}),
    failures,
    reconciledSteps: state.steps.filter((s) => s.reconciled).length,
    runs: state.runs,
    resumable,
    undoable: false,
    ...(state.params ? { params: state.params } : {}),
    hint: '',
  };
  report.hint = hintFor(report, context);
  return report;
}

function hintFor(r: JobReport, context: { maxAgeDays: number; autoResume: boolean }): string {
  const call = `resume_build_job {"id":"${r.id}"}`;
  const last = r.failures[r.failures.length - 1];
  const more = r.failures.length === MAX_FAILURES && last ? r.failedSteps - r.failures.length : 0;
  const page =
    more > 0 && last
      ? ` The next failures: get_build_job {"id":"${r.id}","failuresFrom":${last.step + 1}}.`
      : '';
  const failed = r.failedSteps
    ? ` ${r.failedSteps} step(s) did not apply: see failures; fix the cause, then ${call.replace('}', ',"from":"<phase>"}')} retries them.${page}`
    : '';
  const same = r.counts[UNCHANGED] ?? 0;
  const unchanged = same ? `, ${same} ${UNCHANGED} (${UNCHANGED_MEANS})` : '';
  switch (r.status) {
    case 'pending':
    case 'running':
      return `Running: ${r.doneSteps}/${r.totalSteps} steps done. Follow it with get_build_job {"id":"${r.id}","waitSeconds":30}.`;
    case 'completed':
      return `Done: ${r.counts['applied'] ?? 0}/${r.totalSteps} steps applied${unchanged}.${failed}`;
    case 'expired':
      return `Expired: older than ${context.maxAgeDays} days, it cannot be resumed. Start a new job with what is still missing (check the world first).`;
    case 'interrupted': {
      const why =
        r.interruption === 'cancelled'
          ? 'cancelled'
          : r.interruption === 'disconnect'
            ? `the connection was lost${context.autoResume ? '; it resumes by itself when the connection returns' : ''}`
            : r.interruption === 'shutdown'
              ? 'the companion stopped'
              : 'the companion running it stopped';
      return `Interrupted (${why}) after ${r.doneSteps}/${r.totalSteps} steps. ${call} continues: applied steps are never sent again, uncertain ones are checked in the world first.${failed}`;
    }
    case 'error':
      return `Stopped after ${r.doneSteps}/${r.totalSteps} steps: ${r.lastError ?? 'error'}. Fix the cause, then ${call}.${failed}`;
  }
}
