/** Tool `start_build_job`: a long build that runs in the background and survives restarts. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

import { MAX_JOB_STEPS } from '../../jobs/create.js';
import { type JobReport, JobReportSchema } from '../../jobs/report.js';
import { ParamsSchema } from '../../jobs/template.js';
import { type BuildJobDeps, jobToolResult } from './build-job-results.js';
import { BatchItemArg, TargetArg } from './shared-schemas.js';
import { registerTaskTool, type TaskRun } from './task-tools.js';

const Commands = z.array(BatchItemArg).min(1).max(MAX_JOB_STEPS).describe('as in execute_commands');

export const StartBuildJobInput = z.object({
  name: z.string().min(1).max(100).describe('what is being built, e.g. "castle walls"'),
  commands: Commands.optional().describe('the job as one phase (or give phases)'),
  phases: z
    .array(z.object({ name: z.string().min(1).max(64), commands: Commands }))
    .min(1)
    .max(100)
    .optional()
    .describe('named phases run in order, e.g. foundation, walls, roof'),
  params: ParamsSchema.optional().describe('values for {{name}} placeholders'),
  chunkSize: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe('commands per journal write (default 100)'),
  verify: z.boolean().optional().describe('read applied block writes back (default true)'),
  stopOnFailure: z.boolean().optional().describe('stop at the first failed command'),
  noChangeIsSuccess: z.boolean().optional().describe('"already there" counts as success'),
  resendUnverifiable: z
    .boolean()
    .optional()
    .describe('on resume, resend uncheckable commands of unknown outcome (default true)'),
  timeoutMs: z.number().int().min(100).max(120_000).optional().describe('per command (default 5000)'),
  target: TargetArg,
});

const DESCRIPTION = `Start a long build (up to ${MAX_JOB_STEPS.toLocaleString('en-US')} commands) that runs in the background and returns a job id at once.
Each command's outcome is journaled on disk, so the job survives a restart or a lost connection. Use absolute coordinates (not ~). Follow it with get_build_job {id, waitSeconds}, or call it as an MCP task.`;

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
      jobToolResult(deps, 'start_build_job', extra.mcpReq.id, async () => {
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
