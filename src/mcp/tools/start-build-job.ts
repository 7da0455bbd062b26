/** Tool `start_build_job`: a long build that runs in the background and survives restarts. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { BatchItemSchema } from '../../batch/plan.js';
import { MAX_JOB_STEPS } from '../../jobs/create.js';
import { type JobReport, JobReportSchema } from '../../jobs/report.js';
import { type BuildJobDeps, jobToolResult } from './build-job-results.js';
import { TargetArg } from './shared-schemas.js';
import { registerTaskTool, type TaskRun } from './task-tools.js';

const Commands = z
  .array(BatchItemSchema)
  .min(1)
  .max(MAX_JOB_STEPS)
  .describe('commands (strings) or steps {id, command, dependsOn, condition}, as in execute_commands');

export const StartBuildJobInput = z.object({
  name: z.string().min(1).max(100).describe('what is being built, e.g. "castle walls"'),
  commands: Commands.optional().describe('the job as one phase (give commands or phases)'),
  phases: z
    .array(z.object({ name: z.string().min(1).max(64), commands: Commands }))
    .min(1)
    .max(100)
    .optional()
    .describe('the job in named phases, run in order, e.g. foundation, walls, roof'),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe('values for {{name}} placeholders in the commands; an unfilled placeholder refuses the job'),
  chunkSize: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe('commands per batch and journal write (default 100, more for jobs over 20,000 commands)'),
  verify: z.boolean().optional().describe('read applied block writes back from the world (default true)'),
  stopOnFailure: z.boolean().optional().describe('stop the job at the first failed command (default false)'),
  noChangeIsSuccess: z
    .boolean()
    .optional()
    .describe('count "already there" rejections as success for dependsOn'),
  resendUnverifiable: z
    .boolean()
    .optional()
    .describe(
      'on resume, send again commands whose outcome is unknown and that write no checkable blocks (default true)',
    ),
  timeoutMs: z.number().int().min(100).max(120_000).optional().describe('per command (default 5000)'),
  target: TargetArg,
});

const DESCRIPTION = `Start a long build (up to ${MAX_JOB_STEPS.toLocaleString('en-US')} commands) that runs in the background and returns a job id at once.
The job runs in chunks of commands on its connection; after every chunk each command's outcome is written to a journal on disk, so the job survives a restart of the companion or a lost connection: resume_build_job (or the companion itself) continues it without sending applied commands again. Use absolute coordinates (not ~): the bot may stand elsewhere when the job resumes.
Follow it with get_build_job {id, waitSeconds}. Placeholders {{name}} are filled from params.`;

export function registerStartBuildJobTool(server: McpServer, deps: BuildJobDeps): void {
  registerTaskTool(
    server,
    deps.tasks,
    'start_build_job',
    {
      title: 'Start a build job',
      description: DESCRIPTION,
      inputSchema: StartBuildJobInput,
      outputSchema: JobReportSchema,
      annotations: { destructiveHint: true, openWorldHint: true, readOnlyHint: false, idempotentHint: false },
    },
    (args, extra, run) =>
      jobToolResult(deps, 'start_build_job', extra.requestId, async () => {
        const started = await deps.jobs.start({
          name: args.name,
          ...(args.commands ? { commands: args.commands } : {}),
          ...(args.phases ? { phases: args.phases } : {}),
          ...(args.params ? { params: args.params } : {}),
          ...(args.target !== undefined ? { target: args.target } : {}),
          ...(args.chunkSize !== undefined ? { chunkSize: args.chunkSize } : {}),
          ...(args.verify !== undefined ? { verify: args.verify } : {}),
          ...(args.stopOnFailure !== undefined ? { stopOnFailure: args.stopOnFailure } : {}),
          ...(args.noChangeIsSuccess !== undefined ? { noChangeIsSuccess: args.noChangeIsSuccess } : {}),
          ...(args.resendUnverifiable !== undefined ? { resendUnverifiable: args.resendUnverifiable } : {}),
          ...(args.timeoutMs !== undefined ? { commandTimeoutMs: args.timeoutMs } : {}),
        });
        // a plain call answers at once; a task follows the job to its end
        return run.asTask ? followJob(deps, started.id, run) : started;
      }),
  );
}

/** how long one wait for a job's end lasts before its report is read again */
const FOLLOW_SLICE_SECONDS = 30;

/**
 * Waits for a job to stop running, with its progress in the task's status; tasks/cancel cancels the job after
 * its current chunk (cancel_build_job). The answer is the job's report at its end, as get_build_job gives it.
 */
async function followJob(deps: BuildJobDeps, id: string, run: TaskRun): Promise<JobReport> {
  const progressed = (changed: string) => {
    if (changed !== id) return;
    void deps.jobs.get(id).then(
      (r) => run.progress(`${r.doneSteps}/${r.totalSteps} steps done (${r.status})`),
      () => undefined,
    );
  };
  deps.jobs.changes.on('job', progressed);
  const cancel = () => void deps.jobs.cancel(id).catch(() => undefined);
  run.signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const report = await deps.jobs.get(id, FOLLOW_SLICE_SECONDS);
      if (report.status !== 'running') return report;
      // running, but not in this companion's hands (yet): wait for news of it
      await nextChange(deps, id, FOLLOW_SLICE_SECONDS * 1000);
    }
  } finally {
    deps.jobs.changes.off('job', progressed);
    run.signal.removeEventListener('abort', cancel);
  }
}

function nextChange(deps: BuildJobDeps, id: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      deps.jobs.changes.off('job', changed);
      resolve();
    };
    const changed = (changedId: string) => {
      if (changedId === id) done();
    };
    const timer = setTimeout(done, ms);
    deps.jobs.changes.on('job', changed);
  });
}
